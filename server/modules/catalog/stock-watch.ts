import { inArray } from 'drizzle-orm';
import { defaultLocale, type Locale, locales } from '../../../shared/locales.js';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { variantLabel } from './variants.js';
import { variantsOfProducts } from './variants.repository.js';

/**
 * Stock as shoppers waiting for it see it (back-in-stock alerts): each product's quantity on sale,
 * and each variant's, with the names a message gives them. Read from the database, never the
 * catalogue's cache: an alert must not announce stock a cache still remembers.
 */
export type WatchedVariant = { id: string; label: string; quantity: number; archived: boolean };
export type WatchedProduct = {
  id: string;
  slug: string;
  /** The product's title in each language (English where it has no translation). */
  titles: Record<Locale, string>;
  archived: boolean;
  /** Whether shoppers choose among options (sizes, colours): then a request names its variant. */
  hasOptions: boolean;
  /** Units on sale over its variants. */
  quantity: number;
  variants: Map<string, WatchedVariant>;
};

export async function watchedProducts(db: Executor, ids: string[]): Promise<Map<string, WatchedProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      translations: products.translations,
      options: products.options,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(inArray(products.id, unique));
  const variants = await variantsOfProducts(
    db,
    rows.map((row) => row.id),
    { archived: true },
  );
  return new Map(
    rows.map((row) => {
      const titles = Object.fromEntries(
        locales.map((locale) => [
          locale,
          (locale === defaultLocale ? undefined : row.translations[locale]?.title) || row.title,
        ]),
      ) as Record<Locale, string>;
      const own = variants.filter((variant) => variant.productId === row.id);
      return [
        row.id,
        {
          id: row.id,
          slug: row.slug,
          titles,
          archived: row.archivedAt !== null,
          hasOptions: row.options.length > 0,
          quantity: own.reduce((sum, v) => sum + (v.archivedAt === null ? v.quantity : 0), 0),
          variants: new Map(
            own.map((variant) => [
              variant.id,
              {
                id: variant.id,
                label: variantLabel(row.options, variant),
                quantity: variant.quantity,
                archived: variant.archivedAt !== null,
              },
            ]),
          ),
        },
      ];
    }),
  );
}
