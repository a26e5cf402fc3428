import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import {
  findProduct,
  findProductsByIds,
  type ProductRow,
  productTitlesWithImage,
} from '../catalog-search/index.js';
import { productTaxRows } from './product-tax.repository.js';

/**
 * What other modules may read about products, through the catalogue rather than its repository.
 * Each takes the database or an open transaction. These read the database, never the
 * catalogue's cache: reviews, the wishlist and checkouts act on the product as it is now.
 */

export const PRODUCT_NOT_FOUND = 'This product does not exist or is no longer sold.';

/** A product as another module refers to it: its id, its title and its current price. */
export type ProductRef = { id: string; title: string; pricePaise: number };

const refOf = (row: ProductRow): ProductRef => ({
  id: row.id,
  title: row.title,
  pricePaise: row.pricePaise,
});

/** The product with this id or slug (clients send either), or a 404 naming neither. */
export async function requireProduct(db: Executor, idOrSlug: string): Promise<ProductRef> {
  const row = await findProduct(db, idOrSlug);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return refOf(row);
}

/** Title and current price of each product that still exists, by id (a checkout's snapshot). */
export async function productRefs(db: Executor, ids: string[]): Promise<Map<string, ProductRef>> {
  const rows = await findProductsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, refOf(row)]));
}

/** Products that show the uploaded picture `publicId` (a few titles), so it is not deleted under them. */
export async function productsShowingImage(db: Executor, publicId: string): Promise<string[]> {
  return productTitlesWithImage(db, publicId);
}

/** A product's GST classification: its own HSN code and rate, else its category's; null if neither. */
export type ProductTax = { hsnCode: string | null; gstRateBp: number | null };

/** The GST classification of each product, by id, as it is now (order placement fixes it on the order). */
export async function productTaxes(db: Executor, ids: string[]): Promise<Map<string, ProductTax>> {
  const rows = await productTaxRows(db, [...new Set(ids)]);
  // PGlite and node-postgres may answer coalesce() over integers as text: numbers here.
  return new Map(
    rows.map((row) => [
      row.id,
      { hsnCode: row.hsnCode, gstRateBp: row.gstRateBp === null ? null : Number(row.gstRateBp) },
    ]),
  );
}
