import { and, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import type { Executor } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/** The sales figures' reads of orders: the console's dashboard and the original client's income. */

export type MonthTotal = { year: number; month: number; count: number; amountPaise: number };

/**
 * Orders and their total (after discount) per calendar month since `since`, oldest first. The
 * month is read from the order's time shifted by `offsetMinutes` from UTC (0 for UTC, 330 for
 * India: a fixed offset, so no time-zone database is needed on either PostgreSQL or PGlite).
 */
export async function monthlyTotals(
  db: Executor,
  options: { since: Date; offsetMinutes: number; excludeStatuses?: OrderStatus[] },
): Promise<MonthTotal[]> {
  // A literal, not a parameter: GROUP BY must see the very expression the SELECT list uses.
  const offset = sql.raw(String(Math.trunc(options.offsetMinutes)));
  const local = sql`((${orders.createdAt} at time zone 'UTC') + interval '1 minute' * ${offset})`;
  const month = sql`date_trunc('month', ${local})`;
  const rows = await db
    .select({
      year: sql<number>`extract(year from ${month})::int`,
      month: sql<number>`extract(month from ${month})::int`,
      count: sql<number>`count(*)::int`,
      amountPaise: sql<number>`coalesce(sum(${orders.totalPriceAfterDiscountPaise}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, options.since),
        options.excludeStatuses?.length ? notInArray(orders.orderStatus, options.excludeStatuses) : undefined,
      ),
    )
    .groupBy(month)
    .orderBy(month);
  return rows.map((row) => ({
    year: Number(row.year),
    month: Number(row.month),
    count: Number(row.count),
    amountPaise: Number(row.amountPaise),
  }));
}

/** Orders and revenue (after discount) placed in [from, to), leaving out some statuses. */
export async function totalsBetween(
  db: Executor,
  from: Date,
  to: Date | undefined,
  excludeStatuses: OrderStatus[],
): Promise<{ count: number; amountPaise: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountPaise: sql<number>`coalesce(sum(${orders.totalPriceAfterDiscountPaise}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, from),
        to ? lt(orders.createdAt, to) : undefined,
        excludeStatuses.length ? notInArray(orders.orderStatus, excludeStatuses) : undefined,
      ),
    );
  return { count: Number(row?.count ?? 0), amountPaise: Number(row?.amountPaise ?? 0) };
}

export async function countWithStatuses(db: Executor, statuses: OrderStatus[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.orderStatus, statuses));
  return Number(row?.n ?? 0);
}
