import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { categories, products } from '../../db/schema.js';

export type ProductPricingRow = {
  id: string;
  title: string;
  pricePaise: number;
  mrpPaise: number | null;
  categoryId: string;
  brandId: string;
  hsnCode: string | null;
  gstRateBp: number | string | null;
};

/** What pricing a cart needs of each product still sold (archived ones are left out). */
export async function productPricingRows(db: Executor, ids: string[]): Promise<ProductPricingRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      title: products.title,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      categoryId: products.categoryId,
      brandId: products.brandId,
      hsnCode: sql<string | null>`coalesce(${products.hsnCode}, ${categories.hsnCode})`,
      gstRateBp: sql<number | string | null>`coalesce(${products.gstRateBp}, ${categories.gstRateBp})`,
    })
    .from(products)
    .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`)
    .where(inArray(products.id, ids));
}
