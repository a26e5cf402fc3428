import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';

/**
 * The `payments` table: what each provider payment of a checkout was, as the provider or a
 * verified signature reported it, and the refund owed on a payment that bought no order.
 */

export type PaymentRow = typeof payments.$inferSelect;

/** Records what the provider says about a payment; the same payment id updates its row. */
export async function upsertPayment(
  db: Executor,
  values: {
    checkoutId: string;
    provider: string;
    providerPaymentId: string;
    providerOrderId: string;
    amountPaise: number;
    status: string;
    method: string | null;
    verifiedAt?: Date;
  },
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({
      target: [payments.provider, payments.providerPaymentId],
      set: {
        // Webhooks arrive out of order: a late payment.authorized must not undo a capture.
        // A refunded payment stays refunded whatever is reported about its capture afterwards.
        status: sql`case when ${payments.status} = 'refunded' then ${payments.status} when ${payments.status} = 'captured' and ${values.status} in ('created', 'authorized') then ${payments.status} else ${values.status} end`,
        method: values.method,
        ...(values.verifiedAt
          ? { verifiedAt: sql`coalesce(${payments.verifiedAt}, ${values.verifiedAt})` }
          : {}),
      },
    })
    .returning();
  return row!;
}

/** Every payment recorded for a checkout (failed attempts too), oldest first: the order page shows them. */
export async function paymentsOfCheckout(db: Executor, checkoutId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId))
    .orderBy(asc(payments.createdAt));
}

export async function findPayment(
  db: Executor,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .limit(1);
  return row;
}

/**
 * Records, once, that `amountPaise` of a payment goes back and why (before the provider is
 * asked). False when a refund of this payment was already recorded.
 */
export async function recordPaymentRefundDue(
  db: Executor,
  paymentId: string,
  due: { reason: string; amountPaise: number },
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ refundReason: due.reason, refundPaise: due.amountPaise })
    .where(and(eq(payments.id, paymentId), isNull(payments.refundReason)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Payments whose recorded refund has not gone through yet, oldest first (reconciliation). */
export async function paymentsWithRefundDue(db: Executor, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.refundReason), isNull(payments.refundedAt)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);
}

/** A payment's recorded refund went through: it keeps its status unless all of it went back. */
export async function markPaymentRefundMade(db: Executor, paymentId: string, at: Date, whole: boolean) {
  await db
    .update(payments)
    .set({ refundedAt: at, ...(whole ? { status: 'refunded' } : {}) })
    .where(eq(payments.id, paymentId));
}

export async function markPaymentRefunded(db: Executor, paymentId: string, at: Date) {
  await db.update(payments).set({ status: 'refunded', refundedAt: at }).where(eq(payments.id, paymentId));
}

export async function markPaymentCaptured(db: Executor, paymentId: string) {
  await db.update(payments).set({ status: 'captured' }).where(eq(payments.id, paymentId));
}
