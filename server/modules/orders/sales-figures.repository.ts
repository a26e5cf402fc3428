import { and, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';

/**
 * The sales figures' reads of orders: the console's dashboard and the original admin client's
 * income calls answer from these, so both always agree.
 *
 * One definition everywhere: an order counts on the India day (UTC+05:30) it was placed; cancelled
 * orders (`state = 'cancelled'`) and unconfirmed cash-on-delivery ones count neither as orders nor
 * as sales; net sales are what the
 * customer paid after discount less what processed refunds gave back.
 */

/**
 * The order's time in India as a timestamp without zone. A fixed offset, not a zone name: India
 * has had no daylight saving since 1945, and PGlite carries no time-zone database.
 */
const indiaTime = sql`((${orders.createdAt} at time zone 'UTC') + interval '330 minutes')`;

/**
 * Not cancelled, and not a cash-on-delivery order still waiting for its code (it may lapse): the
 * orders the figures count. A confirmed COD order counts as a sale when placed, like any order,
 * before its cash is collected (Shopify counts it so too).
 */
const counted = notInArray(orders.state, ['cancelled', 'unconfirmed']);

const netPaise = sql<number>`coalesce(sum(${orders.totalPriceAfterDiscountPaise} - ${orders.refundedPaise}), 0)::bigint`;

export type SalesBucket = {
  /** 'YYYY-MM-DD' for a day, 'YYYY-MM' for a month, India time. */
  key: string;
  orders: number;
  netPaise: number;
};

/**
 * Orders and net sales per India day or month of the orders placed in [from, to), oldest first;
 * only buckets with orders are answered (the service fills the gaps).
 */
export async function salesByPeriod(
  db: Executor,
  options: { from: Date; to: Date; period: 'day' | 'month' },
): Promise<SalesBucket[]> {
  // A literal, not a parameter: GROUP BY must see the very expression the SELECT list uses.
  const key = sql<string>`to_char(${indiaTime}, ${sql.raw(options.period === 'day' ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;
  const rows = await db
    .select({ key, orders: sql<number>`count(*)::int`, netPaise })
    .from(orders)
    .where(and(gte(orders.createdAt, options.from), lt(orders.createdAt, options.to), counted))
    .groupBy(key)
    .orderBy(key);
  return rows.map((row) => ({ key: row.key, orders: Number(row.orders), netPaise: Number(row.netPaise) }));
}

/**
 * Work waiting in the warehouse: orders still placed (not cancelled) and not wholly refunded,
 * either not yet packed or packed and not yet shipped. These are exactly the orders the console's
 * list shows as Ordered and Processing (the derived status), so the counts match the lists they
 * link to.
 */
export async function countWaitingWork(db: Executor): Promise<{ toPack: number; toShip: number }> {
  const [row] = await db
    .select({
      toPack: sql<number>`count(*) filter (where ${orders.fulfilmentStatus} = 'unfulfilled')::int`,
      toShip: sql<number>`count(*) filter (where ${orders.fulfilmentStatus} = 'packed')::int`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.fulfilmentStatus, ['unfulfilled', 'packed']),
        eq(orders.state, 'placed'),
        ne(orders.paymentStatus, 'refunded'),
      ),
    );
  return { toPack: Number(row?.toPack ?? 0), toShip: Number(row?.toShip ?? 0) };
}

/** A variant's sales (a product without options has one): its SKU and option values as last sold. */
export type TopProduct = {
  productId: string;
  sku: string | null;
  options: string;
  title: string;
  units: number;
  revenuePaise: number;
};

/**
 * The products most bought in orders placed since `since` (cancelled orders left out): units,
 * and their lines' value (price × units as bought, before an order-wide discount or refunds).
 * Most units first, then most revenue. The title is the one of the latest order's line, so an
 * archived or renamed product still shows as it was sold.
 */
export async function topProducts(
  db: Executor,
  options: { since: Date; limit: number },
): Promise<TopProduct[]> {
  const units = sql<number>`sum(${orderLines.quantity})::int`;
  const revenuePaise = sql<number>`sum(${orderLines.quantity}::bigint * ${orderLines.pricePaise})::bigint`;
  const rows = await db
    .select({
      productId: sql<string>`(array_agg(${orderLines.productId}))[1]`,
      sku: sql<string | null>`(array_agg(${orderLines.sku} order by ${orders.createdAt} desc))[1]`,
      options: sql<
        string | null
      >`(array_agg(${orderLines.variantTitle} order by ${orders.createdAt} desc))[1]`,
      title: sql<string>`(array_agg(${orderLines.title} order by ${orders.createdAt} desc))[1]`,
      units,
      revenuePaise,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(gte(orders.createdAt, options.since), counted))
    .groupBy(orderLines.variantId)
    .orderBy(sql`${units} desc`, sql`${revenuePaise} desc`, orderLines.variantId)
    .limit(options.limit);
  return rows.map((row) => ({
    productId: row.productId,
    sku: row.sku,
    options: row.options ?? '',
    title: row.title,
    units: Number(row.units),
    revenuePaise: Number(row.revenuePaise),
  }));
}
