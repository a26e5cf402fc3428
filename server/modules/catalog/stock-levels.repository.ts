import { and, asc, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { colors, type ProductOption, products, productVariants } from '../../db/schema.js';

/** Variants on sale (theirs and their product's) with 1 to `threshold` units, and with none, in one pass. */
export async function countLowAndSoldOut(
  db: Executor,
  threshold: number,
): Promise<{ low: number; out: number }> {
  const [row] = await db
    .select({
      low: sql<number>`count(*) filter (where ${productVariants.quantity} > 0)::int`,
      out: sql<number>`count(*) filter (where ${productVariants.quantity} <= 0)::int`,
    })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(
      and(
        isNull(products.archivedAt),
        isNull(productVariants.archivedAt),
        lte(productVariants.quantity, threshold),
      ),
    );
  return { low: Number(row?.low ?? 0), out: Number(row?.out ?? 0) };
}

export type LowVariantRow = {
  productId: string;
  title: string;
  sku: string;
  options: ProductOption[];
  optionValues: string[];
  colorName: string | null;
  quantity: number;
};

/** Variants on sale with 1 to `threshold` units, fewest first (then A to Z), at most `limit`. */
export async function fewestInStock(
  db: Executor,
  threshold: number,
  limit: number,
): Promise<LowVariantRow[]> {
  return db
    .select({
      productId: products.id,
      title: products.title,
      sku: productVariants.sku,
      options: products.options,
      optionValues: productVariants.optionValues,
      colorName: colors.name,
      quantity: productVariants.quantity,
    })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .leftJoin(colors, sql`${colors.id} = ${productVariants.colorId}`)
    .where(
      and(
        isNull(products.archivedAt),
        isNull(productVariants.archivedAt),
        gt(productVariants.quantity, 0),
        lte(productVariants.quantity, threshold),
      ),
    )
    .orderBy(asc(productVariants.quantity), asc(products.title), asc(productVariants.position))
    .limit(limit);
}
