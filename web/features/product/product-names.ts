import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { type LocalizedText, localizedText, type WithTranslations } from '../../i18n/content';

/**
 * The names a product page shows besides the product's own: its brand's and category's, in the
 * page's language where the merchant wrote them (the API sends them beside the English as
 * `brandTranslations` and `categoryTranslations`; the size chart's, `sizeChartTranslations`, are
 * read by size-chart.tsx).
 */
type Translated = {
  brandTranslations?: WithTranslations['translations'];
  categoryTranslations?: WithTranslations['translations'];
  sizeChartTranslations?: Partial<Record<string, ApiProductPage['sizeChart'] | undefined>>;
};

export type ProductPageItem = ApiProductPage & Translated;

export function brandName(product: ProductPageItem, locale: string): LocalizedText {
  return localizedText({ title: product.brand, translations: product.brandTranslations }, 'title', locale);
}

export function categoryName(product: ProductPageItem, locale: string): LocalizedText {
  return localizedText(
    { title: product.category, translations: product.categoryTranslations },
    'title',
    locale,
  );
}
