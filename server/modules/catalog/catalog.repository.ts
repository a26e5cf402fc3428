/**
 * The catalogue's row locks and rating writes on products. The storefront's reads of products
 * (lists, product pages, searches, filter panels) are catalog-search's (its door).
 */

import { eq, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.js';
import { products, ratings } from '../../db/schema.js';

/** Row lock on the product until the transaction ends. */
export async function lockProduct(tx: Transaction, productId: string): Promise<void> {
  await queryRows(tx, sql`select id from ${products} where ${products.id} = ${productId} for update`);
}

/** Mean of the product's stars (0 without reviews) and their count, from the ratings table. */
export async function recomputeRating(tx: Transaction, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      totalRating: sql`coalesce((select avg(star)::real from ${ratings} where ${ratings.productId} = ${productId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
