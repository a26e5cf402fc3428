import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { TestMethod } from '../../../../shared/api/payments.schemas.js';
import type { Database, Executor } from '../../../db/client.js';
import { testGatewayOrders, testGatewayPayments, testGatewayRefunds } from '../../../db/schema.js';
import {
  PaymentProviderError,
  type PaymentStatus,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RefundStatus,
} from '../payment-provider.js';

/**
 * The test gateway's ledger: its orders, payments and refunds in the shop's database (so a crash
 * loses nothing), and how the gateway presents them in Razorpay's shapes.
 */

export const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');
export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

type OrderRow = typeof testGatewayOrders.$inferSelect;
type PaymentRow = typeof testGatewayPayments.$inferSelect;
export type RefundRow = typeof testGatewayRefunds.$inferSelect;

/**
 * A pending refund's scripted end (processed | failed), kept in the row's notes so that it
 * survives a restart; never shown to the shop.
 */
export const PLAN_NOTE = 'test_gateway_plan';
const OVER_REFUND = 'The total refund amount is greater than the refund payment amount';

export function presentOrder(row: OrderRow, amountPaid: number): ProviderOrder {
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount,
    amount_paid: amountPaid,
    amount_due: row.amount - amountPaid,
    currency: row.currency,
    receipt: row.receipt,
    status: row.status as ProviderOrder['status'],
    attempts: row.attempts,
    notes: row.notes,
    created_at: unixSeconds(row.createdAt),
  };
}

export function presentPayment(row: PaymentRow): ProviderPayment {
  return {
    id: row.id,
    entity: 'payment',
    order_id: row.orderId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentStatus,
    method: row.method,
    captured: row.status === 'captured' || row.status === 'refunded',
    amount_refunded: row.amountRefunded,
    created_at: unixSeconds(row.createdAt),
  };
}

export function presentRefund(row: RefundRow): ProviderRefund {
  const { [PLAN_NOTE]: _plan, ...notes } = row.notes;
  return {
    id: row.id,
    entity: 'refund',
    payment_id: row.paymentId,
    amount: row.amount,
    currency: 'INR',
    status: row.status as RefundStatus,
    receipt: row.receipt === '' ? null : row.receipt,
    notes,
    created_at: unixSeconds(row.createdAt),
  };
}

/** The payment's refunded amount (pending and processed refunds; failed ones gave theirs back). */
async function syncRefundedAmount(tx: Executor, payment: PaymentRow) {
  const [sum] = await tx
    .select({ total: sql<string>`coalesce(sum(${testGatewayRefunds.amount}), 0)` })
    .from(testGatewayRefunds)
    .where(and(eq(testGatewayRefunds.paymentId, payment.id), ne(testGatewayRefunds.status, 'failed')));
  const refunded = Number(sum?.total ?? 0);
  await tx
    .update(testGatewayPayments)
    .set({ amountRefunded: refunded, status: refunded >= payment.amount ? 'refunded' : 'captured' })
    .where(eq(testGatewayPayments.id, payment.id));
  return refunded;
}

export async function findRefundByKey(tx: Executor, idempotencyKey: string) {
  const [row] = await tx
    .select()
    .from(testGatewayRefunds)
    .where(eq(testGatewayRefunds.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

/**
 * One refund per idempotency key. The payment row is locked, so two refunds of one payment are
 * checked against the captured amount one after the other; the unique key settles a race
 * between two requests with the same key (the loser answers the winner's refund).
 */
export async function makeRefund(
  db: Database,
  paymentId: string,
  amount: number,
  idempotencyKey: string,
  fields: { receipt: string; notes: Record<string, string>; status: RefundStatus },
): Promise<{ row: RefundRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, paymentId))
      .for('update');
    if (!payment) throw new PaymentProviderError('The id provided does not exist', 400);
    const existing = await findRefundByKey(tx, idempotencyKey);
    if (existing) return { row: sameKey(existing, paymentId), created: false };
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      throw new PaymentProviderError('Only captured payments can be refunded', 400);
    const [sum] = await tx
      .select({ total: sql<string>`coalesce(sum(${testGatewayRefunds.amount}), 0)` })
      .from(testGatewayRefunds)
      .where(and(eq(testGatewayRefunds.paymentId, paymentId), ne(testGatewayRefunds.status, 'failed')));
    if (Number(sum?.total ?? 0) + amount > payment.amount) throw new PaymentProviderError(OVER_REFUND, 400);
    const [inserted] = await tx
      .insert(testGatewayRefunds)
      .values({ id: newId('rfnd'), paymentId, amount, idempotencyKey, ...fields })
      .onConflictDoNothing({ target: testGatewayRefunds.idempotencyKey })
      .returning();
    if (!inserted) {
      // The same key, used for another payment, committed first.
      const winner = await findRefundByKey(tx, idempotencyKey);
      return { row: sameKey(winner!, paymentId), created: false };
    }
    await syncRefundedAmount(tx, payment);
    return { row: inserted, created: true };
  });
}

function sameKey(row: RefundRow, paymentId: string) {
  if (row.paymentId !== paymentId)
    throw new PaymentProviderError('This idempotency key was already used for another payment', 400);
  return row;
}

/** A pending refund reaching its scripted end; anything else is returned as it is. */
export async function completeRefund(db: Database, refundId: string): Promise<RefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.id, refundId))
      .limit(1);
    if (found?.status !== 'pending') return found;
    const [payment] = await tx
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, found.paymentId))
      .for('update');
    const { [PLAN_NOTE]: plan, ...notes } = found.notes;
    const [updated] = await tx
      .update(testGatewayRefunds)
      .set({ status: plan === 'failed' ? 'failed' : 'processed', notes })
      .where(and(eq(testGatewayRefunds.id, refundId), eq(testGatewayRefunds.status, 'pending')))
      .returning();
    if (!updated) return found;
    if (updated.status === 'failed') await syncRefundedAmount(tx, payment!);
    return updated;
  });
}

export async function findOrder(db: Database, orderId: string) {
  const [row] = await db.select().from(testGatewayOrders).where(eq(testGatewayOrders.id, orderId)).limit(1);
  if (!row) throw new PaymentProviderError('The id provided does not exist', 404);
  return row;
}

export async function findPayment(db: Database, paymentId: string) {
  const [row] = await db
    .select()
    .from(testGatewayPayments)
    .where(eq(testGatewayPayments.id, paymentId))
    .limit(1);
  return row;
}

export async function newPayment(db: Database, orderId: string, method: TestMethod, status: PaymentStatus) {
  const order = await findOrder(db, orderId);
  if (order.status === 'paid') throw new PaymentProviderError('This order has already been paid.', 400);
  if (order.status === 'closed')
    throw new PaymentProviderError(
      'This payment was replaced by a newer one for the same cart, which was already paid. Nothing was charged.',
      400,
    );
  await db
    .update(testGatewayOrders)
    .set({ attempts: order.attempts + 1, status: 'attempted' })
    .where(eq(testGatewayOrders.id, orderId));
  const [row] = await db
    .insert(testGatewayPayments)
    .values({ id: newId('pay'), orderId, amount: order.amount, currency: order.currency, status, method })
    .returning();
  return presentPayment(row!);
}
