import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';

/** How many orders each customer placed and what they paid (cancelled and refunded orders not counted as spent). */
export async function purchaseSummaries(
  db: Executor,
  userIds: string[],
): Promise<{ userId: string; orders: number; spentPaise: number }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      userId: orders.userId,
      orders: sql<number>`count(*)::int`,
      spentPaise: sql<number>`coalesce(sum(${orders.totalPriceAfterDiscountPaise}) filter (where ${orders.orderStatus} not in ('Cancelled', 'Refunded')), 0)::bigint`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return rows.map((row) => ({
    userId: row.userId,
    orders: Number(row.orders),
    spentPaise: Number(row.spentPaise),
  }));
}

/** A customer's newest orders, as a list shows them. */
export async function recentOrdersOf(db: Executor, userId: string, limit: number) {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      totalPaise: orders.totalPriceAfterDiscountPaise,
      status: orders.orderStatus,
      // Qualified in full: in a single-table query drizzle leaves "id" bare, which would be the line's.
      itemCount: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${orderLines} l where l.order_id = "orders"."id")`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    totalPaise: Number(row.totalPaise),
    itemCount: Number(row.itemCount),
  }));
}
