import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { orderEvents, orderLines, orders } from '../../db/schema.js';

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

/**
 * Orders that stop a customer's account being erased: not yet delivered (or waiting for the
 * cash-on-delivery code), a payment not yet captured, a return or a refund still open. The shop
 * still needs to reach the customer about them.
 */
export async function ordersBlockingErasure(db: Executor, userId: string): Promise<string[]> {
  const rows = await queryRows<{ order_number: string }>(
    db,
    sql`select o.order_number from orders o
        where o.user_id = ${userId}
          and (o.state = 'unconfirmed'
               or (o.state = 'placed' and o.fulfilment_status not in ('delivered', 'returned'))
               or o.payment_status = 'authorized'
               or exists (select 1 from order_returns r where r.order_id = o.id and r.status in ('requested', 'approved'))
               or exists (select 1 from refunds f where f.order_id = o.id and f.status = 'pending'))
        order by o.created_at`,
  );
  return rows.map((row) => row.order_number);
}

/** A delivery address with nothing left of the person: the state stays (it decided the tax). */
const erasedAddress = (column: SQL) => sql`jsonb_build_object(
  'firstName', 'Former', 'lastName', 'customer', 'address', '', 'landmark', '', 'city', '',
  'state', ${column}->>'state', 'country', coalesce(${column}->>'country', 'India'), 'pincode', '')`;

/**
 * Erasure (decision 021). An order without a tax invoice (cancelled before it shipped, a lapsed
 * cash-on-delivery order) is no tax record: its address goes now. An invoiced order keeps the
 * buyer's name and address as printed on the invoice (CGST rule 46) until its retention ends
 * (eraseExpiredOrderRecords), but not the mobile number, which the invoice does not carry. The
 * one-time codes' destinations go too.
 */
export async function eraseOrderPersonalData(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update orders
    set shipping_info = case when invoice_number is null then ${erasedAddress(sql`shipping_info`)}
                             else shipping_info - 'mobile' end,
        updated_at = now()
    where user_id = ${userId}`);
  await db.execute(sql`
    update cod_confirmations set sent_to = 'erased'
    where order_id in (select id from orders where user_id = ${userId})`);
}

/**
 * The end of the retention of an erased customer's invoiced orders: 8 years after the end of the
 * financial year (1 April to 31 March, India time) of the invoice (decision 021). Returns how many
 * orders had their address erased.
 */
export async function eraseExpiredOrderRecords(db: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update orders o
        set shipping_info = ${erasedAddress(sql`o.shipping_info`)}, updated_at = now()
        from users u
        where u.id = o.user_id and u.erased_at is not null
          and o.invoice_date is not null
          and o.shipping_info->>'firstName' <> 'Former'
          and make_date(extract(year from (o.invoice_date at time zone 'Asia/Kolkata') - interval '3 months')::int + 1 + 8, 4, 1)
              <= (${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date
        returning o.id`,
  );
  return rows.length;
}

/** How many of the customer's orders have a tax invoice (kept after erasure, decision 021). */
export async function invoicedOrderCount(db: Executor, userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where user_id = ${userId} and invoice_number is not null`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Everything after placement for a customer's orders, in a few statements (their data export). */
export async function orderHistoryRows(db: Executor, userId: string) {
  const [invoices, refundRows, returnRows, creditNoteRows, eventRows] = await Promise.all([
    queryRows<{ order_id: string; invoice_number: string; invoice_date: string }>(
      db,
      sql`select id as order_id, invoice_number, invoice_date from orders
          where user_id = ${userId} and invoice_number is not null`,
    ),
    queryRows<{
      order_id: string;
      amount_paise: string;
      status: string;
      method: string;
      reason: string;
      reference: string | null;
      created_at: string;
      processed_at: string | null;
    }>(
      db,
      sql`select r.order_id, r.amount_paise, r.status, r.method, r.reason,
                 coalesce(r.provider_refund_id, r.payout_reference) as reference, r.created_at, r.processed_at
          from refunds r join orders o on o.id = r.order_id
          where o.user_id = ${userId} order by r.created_at`,
    ),
    queryRows<{
      order_id: string;
      status: string;
      reason: string;
      decision_note: string | null;
      lines: unknown;
      created_at: string;
      decided_at: string | null;
      received_at: string | null;
    }>(
      db,
      sql`select r.order_id, r.status, r.reason, r.decision_note, r.lines, r.created_at, r.decided_at, r.received_at
          from order_returns r join orders o on o.id = r.order_id
          where o.user_id = ${userId} order by r.created_at`,
    ),
    queryRows<{ order_id: string; number: string; amount_paise: string; created_at: string }>(
      db,
      sql`select c.order_id, c.number, c.amount_paise, c.created_at
          from credit_notes c join orders o on o.id = c.order_id
          where o.user_id = ${userId} order by c.created_at`,
    ),
    db
      .select({ event: orderEvents })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(orderEvents.createdAt),
  ]);
  return { invoices, refundRows, returnRows, creditNoteRows, events: eventRows.map((row) => row.event) };
}

/** The customer's name on their orders' timelines (who placed, cancelled, returned) becomes "Former customer". */
export async function eraseOrderEventNames(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update order_events set actor_name = 'Former customer'
    where actor_type = 'customer' and order_id in (select id from orders where user_id = ${userId})`);
}
