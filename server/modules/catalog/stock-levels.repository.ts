import { and, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema.js';

/** Products still on sale (not archived) with `threshold` units or fewer, sold-out ones included. */
export async function countProductsAtOrBelow(db: Executor, threshold: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(isNull(products.archivedAt), lte(products.quantity, threshold)));
  return Number(row?.n ?? 0);
}
