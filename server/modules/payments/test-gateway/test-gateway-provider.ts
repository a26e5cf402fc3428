import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CheckoutHandlerFields, TestMethod } from '../../../../shared/api/payments.schemas.js';
import type { Database, Executor } from '../../../db/client.js';
import { testGatewayOrders, testGatewayPayments, testGatewayRefunds } from '../../../db/schema.js';
import { safeEqual } from '../../../lib/secrets.js';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type RefundStatus,
  type WebhookEvent,
} from '../payment-provider.js';

/**
 * The built-in test gateway: the default provider, so a fresh clone can take a (simulated)
 * payment end to end. It behaves like Razorpay's Orders API and Standard Checkout — orders,
 * authorized payments the shop captures, signed handler fields, signed webhooks — and keeps its
 * ledger in the shop's database so a crash loses nothing. Its secrets are public on purpose:
 * no real money moves through it.
 */
export const TEST_GATEWAY_KEY_ID = 'rzp_test_builtin_gateway';
const KEY_SECRET = 'builtin-test-gateway-key-secret';
const WEBHOOK_SECRET = 'builtin-test-gateway-webhook-secret';

/**
 * How the gateway answers refund requests, for tests and the fault bench (until changed):
 * - processed: answers `processed` at once (the default); `refund.processed` follows by webhook;
 * - pending: answers `pending`; `refund.processed` follows;
 * - fail: answers `pending`; `refund.failed` follows, and the amount is no longer refunded;
 * - lose-answer: makes the refund (processed), then throws as if the connection dropped before the
 *   answer arrived: the crash between request and answer that reconciliation must settle;
 * - unreachable: throws without making anything.
 */
export type ScriptedRefundOutcome = 'processed' | 'pending' | 'fail' | 'lose-answer' | 'unreachable';

/** A webhook body the gateway signed, and the headers it is delivered with. */
export type SignedWebhook = { event: string; body: Buffer; headers: Record<string, string> };

export type TestGatewayProvider = PaymentProvider & {
  /** A shopper approving the payment in the sheet: an authorized payment and signed fields. */
  approve(
    orderId: string,
    method: TestMethod,
  ): Promise<{ fields: CheckoutHandlerFields; payment: ProviderPayment }>;
  /** A shopper's payment failing (declined card, UPI failure). */
  decline(orderId: string, method: TestMethod): Promise<ProviderPayment>;
  /** Signs a webhook body the way the gateway does, for delivery to the shop. */
  signWebhook(rawBody: Buffer): string;
  /** Sets how refund requests are answered from now on (see ScriptedRefundOutcome). */
  scriptRefunds(outcome: ScriptedRefundOutcome): void;
  /**
   * Called with a refund's id whenever the gateway has a refund webhook to send (the routes plugin
   * delivers it after the webhook delay, as payments' webhooks). Returns the unsubscribe.
   */
  onRefund(listener: (refundId: string) => void): () => void;
  /**
   * Settles a pending refund as it was scripted (processed or failed) and answers the signed
   * `refund.processed` / `refund.failed` webhook that reports it; undefined for an unknown refund.
   */
  refundWebhook(refundId: string): Promise<SignedWebhook | undefined>;
  /** Refunds still pending, oldest first: after a restart, their webhooks are sent again. */
  pendingRefundIds(): Promise<string[]>;
};

const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');
const newId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

type OrderRow = typeof testGatewayOrders.$inferSelect;
type PaymentRow = typeof testGatewayPayments.$inferSelect;
type RefundRow = typeof testGatewayRefunds.$inferSelect;

/**
 * A pending refund's scripted end (processed | failed), kept in the row's notes so that it
 * survives a restart; never shown to the shop.
 */
const PLAN_NOTE = 'test_gateway_plan';
const OVER_REFUND = 'The total refund amount is greater than the refund payment amount';

function presentOrder(row: OrderRow, amountPaid: number): ProviderOrder {
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

function presentPayment(row: PaymentRow): ProviderPayment {
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

function presentRefund(row: RefundRow): ProviderRefund {
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

export function createTestGatewayProvider(db: Database): TestGatewayProvider {
  let refundScript: ScriptedRefundOutcome = 'processed';
  const refundListeners = new Set<(refundId: string) => void>();
  const announceRefund = (refundId: string) => {
    for (const listener of refundListeners) listener(refundId);
  };

  async function findRefundByKey(tx: Executor, idempotencyKey: string) {
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
  async function makeRefund(
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
  async function completeRefund(refundId: string): Promise<RefundRow | undefined> {
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

  async function findOrder(orderId: string) {
    const [row] = await db.select().from(testGatewayOrders).where(eq(testGatewayOrders.id, orderId)).limit(1);
    if (!row) throw new PaymentProviderError('The id provided does not exist', 404);
    return row;
  }

  async function findPayment(paymentId: string) {
    const [row] = await db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, paymentId))
      .limit(1);
    return row;
  }

  async function newPayment(orderId: string, method: TestMethod, status: PaymentStatus) {
    const order = await findOrder(orderId);
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

  return {
    name: 'test-gateway',
    keyId: TEST_GATEWAY_KEY_ID,
    checkoutScriptUrl: '/pay/checkout.js',

    async createOrder({ amount, currency, receipt, notes }) {
      if (!Number.isInteger(amount) || amount < 100) {
        throw new PaymentProviderError('The amount must be at least INR 1.00', 400);
      }
      const [row] = await db
        .insert(testGatewayOrders)
        .values({ id: newId('order'), amount, currency, receipt: receipt.slice(0, 40), notes: notes ?? {} })
        .returning();
      return presentOrder(row!, 0);
    },

    async closeOrder(orderId) {
      await db
        .update(testGatewayOrders)
        .set({ status: 'closed' })
        .where(and(eq(testGatewayOrders.id, orderId), ne(testGatewayOrders.status, 'paid')));
    },

    verifyPaymentSignature(orderId, paymentId, signature) {
      return (
        /^[0-9a-f]{64}$/.test(signature) && safeEqual(hmac(KEY_SECRET, `${orderId}|${paymentId}`), signature)
      );
    },

    async fetchPayment(paymentId) {
      const row = await findPayment(paymentId);
      return row ? presentPayment(row) : undefined;
    },

    async fetchOrderPayments(orderId) {
      const rows = await db
        .select()
        .from(testGatewayPayments)
        .where(eq(testGatewayPayments.orderId, orderId));
      return rows.map(presentPayment);
    },

    async capture(paymentId, amount) {
      const row = await findPayment(paymentId);
      if (!row) throw new PaymentProviderError('The id provided does not exist', 404);
      if (row.status === 'captured') return presentPayment(row);
      if (row.status !== 'authorized')
        throw new PaymentProviderError('Only authorized payments can be captured', 400);
      if (amount !== row.amount)
        throw new PaymentProviderError('Capture amount must equal the authorized amount', 400);
      const [updated] = await db
        .update(testGatewayPayments)
        .set({ status: 'captured' })
        .where(eq(testGatewayPayments.id, paymentId))
        .returning();
      await db.update(testGatewayOrders).set({ status: 'paid' }).where(eq(testGatewayOrders.id, row.orderId));
      return presentPayment(updated!);
    },

    async refund(paymentId, amount, idempotencyKey, options = {}) {
      const script = refundScript;
      if (script === 'unreachable')
        throw new PaymentProviderError('The test gateway is unreachable (scripted refund outcome)');
      if (!Number.isInteger(amount) || amount < 100)
        throw new PaymentProviderError('The amount must be atleast INR 1.00', 400);
      const pending = script === 'pending' || script === 'fail';
      const { row, created } = await makeRefund(paymentId, amount, idempotencyKey, {
        receipt: (options.receipt ?? idempotencyKey).slice(0, 40),
        notes: {
          ...Object.fromEntries(Object.entries(options.notes ?? {}).filter(([key]) => key !== PLAN_NOTE)),
          ...(pending ? { [PLAN_NOTE]: script === 'fail' ? 'failed' : 'processed' } : {}),
        },
        status: pending ? 'pending' : 'processed',
      });
      // Razorpay reports every refund by webhook too, processed at once or not.
      if (created) announceRefund(row.id);
      if (script === 'lose-answer')
        throw new PaymentProviderError(
          'The connection to the test gateway dropped before it answered (scripted refund outcome)',
        );
      return presentRefund(row);
    },

    async fetchRefunds(paymentId) {
      if (!(await findPayment(paymentId)))
        throw new PaymentProviderError('The id provided does not exist', 400);
      const rows = await db
        .select()
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.paymentId, paymentId))
        .orderBy(asc(testGatewayRefunds.createdAt), asc(testGatewayRefunds.id));
      return rows.map(presentRefund);
    },

    parseWebhook(rawBody, signature, eventId): WebhookEvent | undefined {
      if (
        !signature ||
        !/^[0-9a-f]{64}$/.test(signature) ||
        !safeEqual(hmac(WEBHOOK_SECRET, rawBody), signature)
      ) {
        return undefined;
      }
      try {
        const body = JSON.parse(rawBody.toString('utf8')) as {
          event: string;
          payload?: {
            payment?: { entity: ProviderPayment };
            order?: { entity: ProviderOrder };
            refund?: { entity: ProviderRefund };
          };
        };
        return {
          id: eventId ?? hmac(WEBHOOK_SECRET, rawBody).slice(0, 24),
          event: body.event,
          ...(body.payload?.payment ? { payment: body.payload.payment.entity } : {}),
          ...(body.payload?.order ? { order: body.payload.order.entity } : {}),
          ...(body.payload?.refund ? { refund: body.payload.refund.entity } : {}),
        };
      } catch {
        return undefined;
      }
    },

    async approve(orderId, method) {
      const payment = await newPayment(orderId, method, 'authorized');
      return {
        payment,
        fields: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: orderId,
          razorpay_signature: hmac(KEY_SECRET, `${orderId}|${payment.id}`),
        },
      };
    },

    async decline(orderId, method) {
      return newPayment(orderId, method, 'failed');
    },

    signWebhook(rawBody) {
      return hmac(WEBHOOK_SECRET, rawBody);
    },

    scriptRefunds(outcome) {
      refundScript = outcome;
    },

    onRefund(listener) {
      refundListeners.add(listener);
      return () => refundListeners.delete(listener);
    },

    async refundWebhook(refundId) {
      const refund = await completeRefund(refundId);
      if (!refund) return undefined;
      const payment = await findPayment(refund.paymentId);
      const event = refund.status === 'failed' ? 'refund.failed' : 'refund.processed';
      const body = Buffer.from(
        JSON.stringify({
          entity: 'event',
          event,
          contains: ['refund', 'payment'],
          payload: {
            refund: { entity: presentRefund(refund) },
            payment: { entity: presentPayment(payment!) },
          },
          created_at: Math.floor(Date.now() / 1000),
        }),
      );
      return {
        event,
        body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(WEBHOOK_SECRET, body),
          'x-razorpay-event-id': `evt_${refund.id}_${event}`,
        },
      };
    },

    async pendingRefundIds() {
      const rows = await db
        .select({ id: testGatewayRefunds.id })
        .from(testGatewayRefunds)
        .where(eq(testGatewayRefunds.status, 'pending'))
        .orderBy(asc(testGatewayRefunds.createdAt));
      return rows.map((row) => row.id);
    },
  };
}
