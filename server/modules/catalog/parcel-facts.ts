import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { variantsByIds, variantsOfProducts } from './variants.repository.js';

/**
 * What shipping needs of the variants in a parcel: their price (for the free-delivery threshold)
 * and the weight and box the merchant entered (null until entered; shipping fills in its defaults).
 */
export type ParcelFacts = {
  variantId: string;
  productId: string;
  pricePaise: number;
  weightGrams: number | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
};

function factsOf(row: Awaited<ReturnType<typeof variantsByIds>>[number]): ParcelFacts {
  return {
    variantId: row.id,
    productId: row.productId,
    pricePaise: row.pricePaise,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
  };
}

/** The parcel facts of variants, by id (archived ones too: a cart may still hold them). */
export async function parcelFactsOf(
  db: Executor,
  variantIds: readonly string[],
): Promise<Map<string, ParcelFacts>> {
  const rows = await variantsByIds(db, [...new Set(variantIds)].filter(isUuid));
  return new Map(rows.map((row) => [row.id, factsOf(row)]));
}

/**
 * A product's variant as a delivery estimate prices it: the one named, else the first the product
 * page shows. Undefined for a product not sold (unknown or archived) or a variant not its own.
 */
export async function parcelFactsOfProduct(
  db: Executor,
  productId: string,
  variantId?: string,
): Promise<ParcelFacts | undefined> {
  if (!isUuid(productId)) return undefined;
  const [product] = await db
    .select({ archivedAt: products.archivedAt })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product || product.archivedAt) return undefined;
  const live = await variantsOfProducts(db, [productId]);
  const variant = variantId ? live.find((v) => v.id === variantId) : live[0];
  return variant ? factsOf(variant) : undefined;
}
