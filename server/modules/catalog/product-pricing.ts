import type { Executor } from '../../db/client.js';
import { inSlices } from '../../lib/collections.js';
import { productPricingRows } from './product-pricing.repository.js';

/**
 * What checkout prices a cart with, read from the database, never the catalogue's
 * cache: the current price and MRP, category and brand (a coupon may be restricted to them), and
 * the GST classification (the product's own HSN code and rate, else its category's).
 */
export type ProductPricing = {
  id: string;
  title: string;
  pricePaise: number;
  mrpPaise: number | null;
  categoryId: string;
  brandId: string;
  hsnCode: string | null;
  gstRateBp: number | null;
};

export async function productsForPricing(db: Executor, ids: string[]): Promise<Map<string, ProductPricing>> {
  const rows: Awaited<ReturnType<typeof productPricingRows>> = [];
  // A price-drop sweep asks for every wishlisted product at once.
  for (const slice of inSlices([...new Set(ids)], 10_000))
    rows.push(...(await productPricingRows(db, slice)));
  // coalesce() over integers may come back as text from one driver or the other: numbers here.
  return new Map(
    rows.map((row) => [row.id, { ...row, gstRateBp: row.gstRateBp === null ? null : Number(row.gstRateBp) }]),
  );
}
