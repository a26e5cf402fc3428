import { and, asc, eq, ne } from 'drizzle-orm';
import type { CheckoutHandlerFields, TestMethod } from '../../../../shared/api/payments.schemas.js';
import type { Database } from '../../../db/client.js';
import { testGatewayOrders, testGatewayPayments, testGatewayRefunds } from '../../../db/schema.js';
import { safeEqual } from '../../../lib/secrets.js';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
  type ProviderRefund,
  type WebhookEvent,
} from '../payment-provider.js';
import {
  completeRefund,
  findPayment,
  hmac,
  makeRefund,
  newId,
  newPayment,
  PLAN_NOTE,
  presentOrder,
  presentPayment,
  presentRefund,
} from './test-gateway-ledger.js';

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

/** How refund requests are answered now, and who hears of each refund to report by webhook. */
type RefundScript = {
  outcome: ScriptedRefundOutcome;
  listeners: Set<(refundId: string) => void>;
  announce(refundId: string): void;
};

/** What the shop asks of any provider, answered from the gateway's ledger. */
function gatewayOperations(db: Database, refunds: RefundScript): PaymentProvider {
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
      const row = await findPayment(db, paymentId);
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
      const row = await findPayment(db, paymentId);
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
      const outcome = refunds.outcome;
      if (outcome === 'unreachable')
        throw new PaymentProviderError('The test gateway is unreachable (scripted refund outcome)');
      if (!Number.isInteger(amount) || amount < 100)
        throw new PaymentProviderError('The amount must be atleast INR 1.00', 400);
      const pending = outcome === 'pending' || outcome === 'fail';
      const { row, created } = await makeRefund(db, paymentId, amount, idempotencyKey, {
        receipt: (options.receipt ?? idempotencyKey).slice(0, 40),
        notes: {
          ...Object.fromEntries(Object.entries(options.notes ?? {}).filter(([key]) => key !== PLAN_NOTE)),
          ...(pending ? { [PLAN_NOTE]: outcome === 'fail' ? 'failed' : 'processed' } : {}),
        },
        status: pending ? 'pending' : 'processed',
      });
      // Razorpay reports every refund by webhook too, processed at once or not.
      if (created) refunds.announce(row.id);
      if (outcome === 'lose-answer')
        throw new PaymentProviderError(
          'The connection to the test gateway dropped before it answered (scripted refund outcome)',
        );
      return presentRefund(row);
    },

    async fetchRefunds(paymentId) {
      if (!(await findPayment(db, paymentId)))
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
  };
}

/** What the checkout sheet, the webhooks and the tests drive: shoppers' answers, refunds' ends. */
function gatewayControls(
  db: Database,
  refunds: RefundScript,
): Omit<TestGatewayProvider, keyof PaymentProvider> {
  return {
    async approve(orderId, method) {
      const payment = await newPayment(db, orderId, method, 'authorized');
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
      return newPayment(db, orderId, method, 'failed');
    },

    signWebhook(rawBody) {
      return hmac(WEBHOOK_SECRET, rawBody);
    },

    scriptRefunds(outcome) {
      refunds.outcome = outcome;
    },

    onRefund(listener) {
      refunds.listeners.add(listener);
      return () => refunds.listeners.delete(listener);
    },

    async refundWebhook(refundId) {
      const refund = await completeRefund(db, refundId);
      if (!refund) return undefined;
      const payment = await findPayment(db, refund.paymentId);
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

export function createTestGatewayProvider(db: Database): TestGatewayProvider {
  const listeners = new Set<(refundId: string) => void>();
  const refunds: RefundScript = {
    outcome: 'processed',
    listeners,
    announce: (refundId) => {
      for (const listener of listeners) listener(refundId);
    },
  };
  return { ...gatewayOperations(db, refunds), ...gatewayControls(db, refunds) };
}
