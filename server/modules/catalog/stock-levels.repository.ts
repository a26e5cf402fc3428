import { and, asc, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema.js';

/** Products still on sale (not archived) with 1 to `threshold` units, and with none, in one pass. */
export async function countLowAndSoldOut(
  db: Executor,
  threshold: number,
): Promise<{ low: number; out: number }> {
  const [row] = await db
    .select({
      low: sql<number>`count(*) filter (where ${products.quantity} > 0)::int`,
      out: sql<number>`count(*) filter (where ${products.quantity} <= 0)::int`,
    })
    .from(products)
    .where(and(isNull(products.archivedAt), lte(products.quantity, threshold)));
  return { low: Number(row?.low ?? 0), out: Number(row?.out ?? 0) };
}

/** Products still on sale with 1 to `threshold` units, fewest first (then A to Z), at most `limit`. */
export async function fewestInStock(
  db: Executor,
  threshold: number,
  limit: number,
): Promise<{ id: string; title: string; quantity: number }[]> {
  return db
    .select({ id: products.id, title: products.title, quantity: products.quantity })
    .from(products)
    .where(and(isNull(products.archivedAt), gt(products.quantity, 0), lte(products.quantity, threshold)))
    .orderBy(asc(products.quantity), asc(products.title), asc(products.id))
    .limit(limit);
}
