import { type LocalizedText, useLocalized, type WithTranslations } from '../../i18n/content';

type Translations = WithTranslations['translations'];

/**
 * A product as lists name it: its title, and its brand's and category's names, each with their
 * other languages as the API sends them (`translations`, `brandTranslations`,
 * `categoryTranslations`: `{ hi: { title } }`).
 */
export type NamedProduct = {
  title: string;
  /** Lists of titles (the compare picker's) may name no brand. */
  brand?: string;
  category: string;
  translations?: Translations;
  brandTranslations?: Translations;
  categoryTranslations?: Translations;
};

export type ProductNames = { title: LocalizedText; brand: LocalizedText; category: LocalizedText };

/** The product's names in the page's language, English (marked) where none is written. */
export function useProductNames(): (product: NamedProduct) => ProductNames {
  const localized = useLocalized();
  return (product) => ({
    title: localized(product, 'title'),
    brand: localized({ title: product.brand ?? '', translations: product.brandTranslations }, 'title'),
    category: localized({ title: product.category, translations: product.categoryTranslations }, 'title'),
  });
}
