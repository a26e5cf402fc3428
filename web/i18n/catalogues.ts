import type { Messages } from '@lingui/core';
import { defaultLocale, type Locale } from '../../shared/locales';

/**
 * The storefront's message catalogues, one file per language and area
 * (web/i18n/messages/<locale>/<area>.json), each its own chunk. Every page loads `common` (the
 * header, footer, forms, errors) and the areas its route names, in its language only.
 */
const english = import.meta.glob<{ default: Messages }>('./messages/en/*.json');
/** The other languages' catalogues: their map is a chunk of its own, which English pages never load. */
const OTHER_LANGUAGES = 'web/i18n/other-catalogues.ts';
const otherLanguages = () => import('./other-catalogues');

export const commonArea = 'common';

/** Every page's areas: `common` and the route's. */
function pageAreas(_locale: Locale, areas: readonly string[]): string[] {
  return [commonArea, ...areas];
}

/**
 * The English messages of the form rules and the API in the page's language (English pages show
 * them as they are). Needed only once the shopper acts, so fetched after the page is interactive,
 * outside its first load; until then such a message shows in English, marked so.
 */
export async function loadErrorMessages(locale: Locale): Promise<Messages | null> {
  return locale === defaultLocale ? null : loadArea(locale, 'errors');
}

function fileOf(locale: Locale, area: string): string {
  return `./messages/${locale}/${area}.json`;
}

/** The source modules of a page's catalogues, for the server to preload with the page's chunk. */
export function catalogueModules(locale: Locale, areas: readonly string[]): string[] {
  const files = pageAreas(locale, areas).map((area) => `web/i18n/messages/${locale}/${area}.json`);
  return locale === defaultLocale ? files : [OTHER_LANGUAGES, ...files];
}

const loaded = new Map<string, Messages>();

/** One area's messages alone (the language suggestion's, in a language the page is not in). */
export async function loadArea(locale: Locale, area: string): Promise<Messages> {
  const key = `${locale}/${area}`;
  const known = loaded.get(key);
  if (known) return known;
  const translated =
    locale === defaultLocale ? undefined : (await otherLanguages()).files[fileOf(locale, area)];
  const load = translated ?? english[fileOf(defaultLocale, area)];
  if (!load) throw new Error(`No message catalogue web/i18n/messages/${locale}/${area}.json`);
  const messages = (await load()).default;
  loaded.set(key, messages);
  return messages;
}

/** The messages of `common` and the given areas in one language, merged. */
export async function loadMessages(locale: Locale, areas: readonly string[]): Promise<Messages> {
  const parts = await Promise.all(pageAreas(locale, areas).map((area) => loadArea(locale, area)));
  return Object.assign({}, ...parts);
}

/**
 * The messages of `common` and these areas if all are in already (a page can then be shown without
 * waiting), else null. A link's prefetch loads them here, not into the page's Lingui instance:
 * whoever shows the page gives them to it.
 */
export function loadedMessages(locale: Locale, areas: readonly string[]): Messages | null {
  const parts = pageAreas(locale, areas).map((area) => loaded.get(`${locale}/${area}`));
  return parts.every((part) => part !== undefined) ? Object.assign({}, ...parts) : null;
}

/**
 * Every message a page has once it is interactive: its first load's and the `errors` area
 * (what `translator` and the component tests read).
 */
export async function loadInteractiveMessages(locale: Locale, areas: readonly string[]): Promise<Messages> {
  const [messages, errors] = await Promise.all([loadMessages(locale, areas), loadErrorMessages(locale)]);
  return { ...messages, ...errors };
}
