import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';
import { inSlices } from '../../lib/collections.js';

/**
 * What other modules may know about a customer's purchases (through the door, index.ts); each
 * takes the database or an open transaction.
 */

/** Whether the customer has an order, not cancelled, with this product in it: a verified purchase. */
export async function hasBought(db: Executor, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.productId, productId),
        sql`${orders.orderStatus} <> 'Cancelled'`,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/** Which of these products appear in any order (of any status). */
export async function productsWithOrders(db: Executor, productIds: string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(inArray(orderLines.productId, productIds));
  return new Set(rows.map((row) => row.productId));
}

/**
 * When these customers placed orders (not cancelled) since a moment, oldest first: whether a
 * cart's owner bought since leaving it, and which reminders turned into orders (decision 057).
 */
export async function ordersPlacedSince(
  db: Executor,
  userIds: readonly string[],
  since: Date,
): Promise<{ userId: string; placedAt: Date }[]> {
  const rows: { userId: string | null; placedAt: Date }[] = [];
  // A month of cart reminders can name more customers than one statement can carry.
  for (const slice of inSlices([...new Set(userIds)], 10_000)) {
    rows.push(
      ...(await db
        .select({ userId: orders.userId, placedAt: orders.createdAt })
        .from(orders)
        .where(
          and(
            inArray(orders.userId, slice),
            gte(orders.createdAt, since),
            sql`${orders.orderStatus} <> 'Cancelled'`,
          ),
        )),
    );
  }
  rows.sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
  return rows.flatMap((row) => (row.userId ? [{ userId: row.userId, placedAt: row.placedAt }] : []));
}
