import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema.js';

export type ProductTaxRow = { id: string; hsnCode: string | null; gstRateBp: number | null };

/** Each product's HSN code and GST rate: its own, else its category's (null when neither sets one). */
export async function productTaxRows(db: Executor, ids: string[]): Promise<ProductTaxRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      hsnCode: sql<string | null>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
      gstRateBp: sql<number | null>`coalesce(${products.gstRateBp}, ${categories.gstRateBp})`,
    })
    .from(products)
    .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`)
    .where(inArray(products.id, ids));
}
