import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  type OrderLineQuantity,
  orderEvents,
  orderReturns,
  orders,
  refunds,
  type Shipment,
  type ShippingInfo,
} from '../../db/schema.js';
import type { OrderRow } from './orders.repository.js';

/**
 * The order lifecycle's SQL: the order's statuses, its timeline, its returns and its refunds. The
 * orders module owns all four tables; other modules reach them through order-lifecycle.service.ts.
 */

export type OrderEventRow = typeof orderEvents.$inferSelect;
export type ReturnRow = typeof orderReturns.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Locks the order row until the transaction ends: one change of an order at a time. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

export type LifecycleUpdate = Partial<
  Pick<
    OrderRow,
    | 'state'
    | 'paymentStatus'
    | 'fulfilmentStatus'
    | 'orderStatus'
    | 'refundedPaise'
    | 'packedAt'
    | 'shippedAt'
    | 'deliveredAt'
    | 'cancelledAt'
    | 'paidAt'
    | 'invoiceNumber'
    | 'invoiceDate'
  >
> & { shipment?: Shipment | null; shippingInfo?: ShippingInfo };

export async function updateOrder(db: Executor, id: string, values: LifecycleUpdate): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return row!;
}

/** An authorized payment was captured: the order is paid (a no-op for any other status). */
export async function markOrderPaid(db: Executor, checkoutId: string): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStatus: 'paid' })
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.paymentStatus, 'authorized')));
}

export async function insertEvent(
  db: Executor,
  event: {
    orderId: string;
    type: string;
    actorType: 'customer' | 'staff' | 'system';
    staffId?: string | null;
    actorName: string;
    note?: string | null;
    data?: Record<string, unknown> | null;
  },
): Promise<void> {
  // clock_timestamp(), not the transaction's now(): events of one change keep the order they
  // happened in on the timeline.
  await db.insert(orderEvents).values({ ...event, createdAt: sql`clock_timestamp()` });
}

/** The first event of every order's timeline: the customer placed and paid for it. */
export async function recordPlaced(
  db: Executor,
  orderId: string,
  data?: Record<string, unknown>,
): Promise<void> {
  await insertEvent(db, {
    orderId,
    type: 'placed',
    actorType: 'customer',
    actorName: 'Customer',
    data: data ?? null,
  });
}

export async function eventsOf(db: Executor, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function returnsOf(db: Executor, orderId: string): Promise<ReturnRow[]> {
  return db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId))
    .orderBy(asc(orderReturns.createdAt));
}

export async function lockReturn(db: Executor, orderId: string, id: string): Promise<ReturnRow | undefined> {
  const [row] = await db
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.id, id), eq(orderReturns.orderId, orderId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertReturn(
  db: Executor,
  values: { orderId: string; lines: OrderLineQuantity[]; reason: string },
): Promise<ReturnRow> {
  const [row] = await db.insert(orderReturns).values(values).returning();
  return row!;
}

export async function updateReturn(
  db: Executor,
  id: string,
  values: Partial<Pick<ReturnRow, 'status' | 'decisionNote' | 'restockable' | 'decidedAt' | 'receivedAt'>>,
): Promise<ReturnRow> {
  const [row] = await db.update(orderReturns).set(values).where(eq(orderReturns.id, id)).returning();
  return row!;
}

export async function refundsOf(db: Executor, orderId: string): Promise<RefundRow[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
}

/** Paise refunded or being refunded (processed + pending) for an order. */
export async function committedRefundPaise(db: Executor, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

export async function insertRefund(
  db: Executor,
  values: {
    orderId: string;
    /** Null for a payout (a cash-on-delivery order): then `method` and `payoutReference` say how. */
    paymentId: string | null;
    amountPaise: number;
    reason: string;
    lines: OrderLineQuantity[];
    returnId: string | null;
    staffId: string | null;
    method?: RefundRow['method'];
    payoutReference?: string;
    status?: 'pending' | 'processed';
    processedAt?: Date;
  },
): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1);
  return row;
}

export async function findRefundByProviderId(
  db: Executor,
  providerRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.providerRefundId, providerRefundId))
    .limit(1);
  return row;
}

export async function lockRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id)).limit(1).for('update');
  return row;
}

export async function updateRefund(
  db: Executor,
  id: string,
  values: Partial<Pick<RefundRow, 'status' | 'providerRefundId' | 'failureReason' | 'processedAt'>>,
): Promise<RefundRow> {
  const [row] = await db.update(refunds).set(values).where(eq(refunds.id, id)).returning();
  return row!;
}

/** Counts a request to the provider (the first and each retry), before it is made. */
export async function countAttempt(db: Executor, id: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attempts: sql`${refunds.attempts} + 1` })
    .where(eq(refunds.id, id));
}

/** Refunds still pending that were recorded before `before`, oldest first. */
export async function pendingRefunds(db: Executor, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

export async function refundsByIds(db: Executor, ids: string[]): Promise<RefundRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.id, ids));
}
