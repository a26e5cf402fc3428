import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CheckoutHandlerFields, TestMethod } from '../../../../shared/api/payments.schemas.js';
import type { Database } from '../../../db/client.js';
import { testGatewayOrders, testGatewayPayments } from '../../../db/schema.js';
import { safeEqual } from '../../../lib/secrets.js';
import {
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ProviderOrder,
  type ProviderPayment,
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
};

const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');
const newId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

type OrderRow = typeof testGatewayOrders.$inferSelect;
type PaymentRow = typeof testGatewayPayments.$inferSelect;

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

export function createTestGatewayProvider(db: Database): TestGatewayProvider {
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

    async refund(paymentId, amount, idempotencyKey) {
      const row = await findPayment(paymentId);
      if (!row) throw new PaymentProviderError('The id provided does not exist', 404);
      if (row.refundKey === idempotencyKey || row.status === 'refunded') {
        return {
          id: `rfnd_${row.id.slice(4)}`,
          payment_id: row.id,
          amount: row.amountRefunded,
          status: 'processed',
        };
      }
      if (row.status !== 'captured')
        throw new PaymentProviderError('Only captured payments can be refunded', 400);
      if (amount > row.amount)
        throw new PaymentProviderError('Refund amount exceeds the captured amount', 400);
      await db
        .update(testGatewayPayments)
        .set({ status: 'refunded', amountRefunded: amount, refundKey: idempotencyKey })
        .where(eq(testGatewayPayments.id, paymentId));
      return { id: `rfnd_${row.id.slice(4)}`, payment_id: row.id, amount, status: 'processed' };
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
          payload?: { payment?: { entity: ProviderPayment }; order?: { entity: ProviderOrder } };
        };
        return {
          id: eventId ?? hmac(WEBHOOK_SECRET, rawBody).slice(0, 24),
          event: body.event,
          ...(body.payload?.payment ? { payment: body.payload.payment.entity } : {}),
          ...(body.payload?.order ? { order: body.payload.order.entity } : {}),
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
  };
}
