import { useLingui } from '@lingui/react';
import { defaultLocale } from '../../shared/locales';

/** What the API sends with a product, category, brand, colour or post: its text in other languages. */
export type WithTranslations = {
  translations?: Partial<Record<string, Partial<Record<string, unknown>>>> | undefined;
};

/** A piece of content as the page shows it, and `lang` when it is not in the page's language. */
export type LocalizedText = { text: string; lang?: string };

/**
 * The merchant's words (a title, a description) in the page's language: the translation when the
 * merchant wrote one, else the English, marked `lang="en"` so screen readers and translators
 * know. English pages read the row's own text.
 */
export function localizedText(
  item: WithTranslations & Record<string, unknown>,
  field: string,
  locale: string,
): LocalizedText {
  const english = typeof item[field] === 'string' ? (item[field] as string) : '';
  if (locale === defaultLocale) return { text: english };
  const translated = item.translations?.[locale]?.[field];
  if (typeof translated === 'string' && translated.trim()) return { text: translated };
  return english ? { text: english, lang: defaultLocale } : { text: '' };
}

/** `localizedText` in the page's language: `const title = useLocalized()(product, 'title')`. */
export function useLocalized(): (
  item: WithTranslations & Record<string, unknown>,
  field: string,
) => LocalizedText {
  const { i18n } = useLingui();
  return (item, field) => localizedText(item, field, i18n.locale);
}
