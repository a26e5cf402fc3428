import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type CheckoutLineSnapshot, checkouts, payments, type ShippingInfo } from '../../db/schema.js';

export type CheckoutRow = typeof checkouts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function insertCheckout(
  db: Executor,
  values: {
    userId: string;
    provider: string;
    providerOrderId: string;
    amountPaise: number;
    lines: CheckoutLineSnapshot[];
    shippingInfo?: ShippingInfo;
    couponCode?: string | null;
    couponDiscountPaise?: number;
    deliveryPaise?: number;
    roundId: string;
  },
): Promise<CheckoutRow> {
  const [row] = await db.insert(checkouts).values(values).returning();
  return row!;
}

export async function findCheckoutByProviderOrder(
  db: Executor,
  provider: string,
  providerOrderId: string,
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.provider, provider), eq(checkouts.providerOrderId, providerOrderId)))
    .limit(1);
  return row;
}

export async function findCheckoutById(db: Executor, checkoutId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).limit(1);
  return row;
}

/** Serialises everything that settles one checkout: browser, webhook and reconciler alike. */
export async function lockCheckout(db: Executor, checkoutId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for('update').limit(1);
  return row;
}

/** A checkout's round: the checkouts of one cart until it is ordered (older rows: their own id). */
export const roundOf = (checkout: Pick<CheckoutRow, 'id' | 'roundId'>): string =>
  checkout.roundId ?? checkout.id;

/** The customer's most recent checkout, online or cash on delivery. */
export async function latestCheckoutOf(db: Executor, userId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.userId, userId))
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(1);
  return row;
}

/** Whether another checkout of the round already became its order. */
export async function roundOrdered(
  db: Executor,
  roundId: string,
  exceptCheckoutId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        or(eq(checkouts.roundId, roundId), eq(checkouts.id, roundId)),
        eq(checkouts.status, 'completed'),
        exceptCheckoutId ? ne(checkouts.id, exceptCheckoutId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The round's checkouts still waiting for a payment or an order, but `exceptCheckoutId`. */
export async function openCheckoutsOfRound(
  db: Executor,
  roundId: string,
  exceptCheckoutId: string,
): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        or(eq(checkouts.roundId, roundId), eq(checkouts.id, roundId)),
        inArray(checkouts.status, ['pending', 'paid']),
        ne(checkouts.id, exceptCheckoutId),
      ),
    );
}

export async function setCheckoutStatus(db: Executor, checkoutId: string, status: CheckoutRow['status']) {
  await db.update(checkouts).set({ status }).where(eq(checkouts.id, checkoutId));
}

export async function setCheckoutShipping(db: Executor, checkoutId: string, shippingInfo: ShippingInfo) {
  await db.update(checkouts).set({ shippingInfo }).where(eq(checkouts.id, checkoutId));
}

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

/** Authorized payments of checkouts that became orders, whose capture has not gone through yet. */
export async function uncapturedPaymentsOfOrders(db: Executor, limit: number): Promise<PaymentRow[]> {
  return db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
    .where(and(eq(payments.status, 'authorized'), eq(checkouts.status, 'completed')))
    .limit(limit)
    .then((rows) => rows.map((r) => r.payment));
}

/** Checkouts still waiting for their order, old enough that the browser has had its chance. */
export async function staleCheckouts(
  db: Executor,
  olderThan: Date,
  newerThan: Date,
  limit: number,
): Promise<CheckoutRow[]> {
  return db
    .select()
    .from(checkouts)
    .where(
      and(
        inArray(checkouts.status, ['pending', 'paid']),
        // Cash-on-delivery checkouts have no provider to ask: one left pending by a crash before
        // its order was placed simply lets its short holds lapse.
        ne(checkouts.provider, 'cod'),
        lt(checkouts.createdAt, olderThan),
        gt(checkouts.createdAt, newerThan),
      ),
    )
    .orderBy(asc(checkouts.createdAt))
    .limit(limit);
}

/**
 * The delivery address a customer typed at checkout, erased with their account (issue 17): a
 * checkout is no tax record, so nothing of it needs keeping. The state stays (it decided the tax).
 */
export async function eraseCheckoutAddresses(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    update checkouts
    set shipping_info = jsonb_build_object(
          'firstName', 'Former', 'lastName', 'customer', 'address', '', 'landmark', '', 'city', '',
          'state', shipping_info->>'state', 'country', coalesce(shipping_info->>'country', 'India'),
          'pincode', ''),
        updated_at = now()
    where user_id = ${userId} and shipping_info is not null`);
}
