import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { intlLocales, type Locale } from '../../shared/locales';
import { loadInteractiveMessages } from './catalogues';

export type { Locale } from '../../shared/locales';

/** Values an ICU message reads: `{count}`, `{name}`. */
export type MessageValues = Record<string, unknown>;
/** `t('cart.empty')`, `t('cart.items', { count })`: a message of the page's language. */
export type Translate = (key: string, values?: MessageValues) => string;

/**
 * One Lingui instance per page render (the server renders many pages at once, each in its own
 * language) and one in the browser, which gains each new page's areas as it loads them.
 */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // A key no loaded catalogue has (a typo, or a page that did not name its area) shows as the key;
  // said in the console, where the e2e suite fails on it.
  i18n.on('missing', ({ id }) => console.error(`Missing message "${id}" (${locale})`));
  return i18n;
}

export function LocaleProvider({ i18n, children }: { i18n: I18n; children: React.ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The translate function of the page's language. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return (key, values) => i18n._(key, values);
}

export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** The Intl locale of the page's language, for plurals and dates ('hi-IN'). */
export function useIntlLocale(): string {
  return intlLocales[useLocale()];
}

/**
 * A message with markup inside it: `<Trans id="orders.help" components={{ 0: <Link href="/contact" /> }} />`
 * for `"Questions? <0>Write to us</0>."`, so translators can move the link within the sentence.
 */
export { Trans } from '@lingui/react';

/** A translate function outside React (tests, scripts): `await translator('hi', ['cart'])`. */
export async function translator(locale: Locale, areas: readonly string[] = []): Promise<Translate> {
  const i18n = createI18n(locale, await loadInteractiveMessages(locale, areas));
  return (key, values) => i18n._(key, values);
}
