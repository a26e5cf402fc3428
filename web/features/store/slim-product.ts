import type { ApiListedProduct, ApiProduct } from '../../../shared/api/catalog.schemas';
import type { WithTranslations } from '../../i18n/content';
import { excerpt, htmlToText } from '../../lib/text';

/** The most of a description a product list ever shows (the store's list layout). */
export const LIST_DESCRIPTION_LENGTH = 220;

const shortDescription = (html: string) => excerpt(htmlToText(html), LIST_DESCRIPTION_LENGTH);

/** The page's language's text (none on an English page), its description cut as the English one is. */
function slimTranslations(translations: NonNullable<WithTranslations['translations']>, pageLocale?: string) {
  return Object.fromEntries(
    Object.entries(translations)
      .filter(([locale]) => pageLocale === undefined || locale === pageLocale)
      .map(([locale, fields]) => [
        locale,
        typeof fields?.description === 'string'
          ? { ...fields, description: shortDescription(fields.description) }
          : fields,
      ]),
  );
}

/**
 * A product as a list needs it. Server-rendered pages carry their data in the HTML for hydration,
 * so the full description (HTML), reviews and colours of every card would be paid for twice by a
 * phone on 4G; lists keep a short plain-text description instead, in each language. A list
 * answers colours as ids (as the original API did); cards show none, so they are dropped. Given the
 * page's language, the other languages' text is dropped too.
 */
export function slimProduct(product: ApiProduct | ApiListedProduct, locale?: string): ApiProduct {
  const slim: ApiProduct = {
    ...product,
    description: shortDescription(product.description),
    ratings: [],
    color: [],
  };
  const { translations } = product as WithTranslations;
  if (translations) Object.assign(slim, { translations: slimTranslations(translations, locale) });
  // The brand's and category's names, likewise only in the page's language.
  for (const field of ['brandTranslations', 'categoryTranslations'] as const) {
    const names = (product as Partial<Record<typeof field, Record<string, unknown>>>)[field];
    if (names && locale !== undefined)
      Object.assign(slim, {
        [field]: Object.fromEntries(Object.entries(names).filter(([code]) => code === locale)),
      });
  }
  return slim;
}

/** Fields of a product answer that hold its words in every language, by language code. */
const LANGUAGE_MAPS = ['translations', 'brandTranslations', 'categoryTranslations', 'sizeChartTranslations'];

/**
 * A product page's product with only the page's language besides English: the data block the
 * page is hydrated from would otherwise carry every language's description.
 */
export function inPageLanguage<T extends object>(product: T, locale: string | undefined): T {
  if (locale === undefined) return product;
  const kept = { ...product } as Record<string, unknown>;
  for (const field of LANGUAGE_MAPS) {
    const byLanguage = kept[field];
    if (byLanguage && typeof byLanguage === 'object')
      kept[field] = Object.fromEntries(Object.entries(byLanguage).filter(([code]) => code === locale));
  }
  return kept as T;
}
