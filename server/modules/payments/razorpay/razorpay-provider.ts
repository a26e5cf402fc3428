import { createHmac } from 'node:crypto';
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

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpayOptions = {
  keyId: string;
  keySecret: string;
  /** Without it every webhook is refused (reconciliation still places orders). */
  webhookSecret?: string | undefined;
  /** https://api.razorpay.com, or a fake in tests. */
  apiBase: string;
  /** Per-request limit; Razorpay answers in well under a second when healthy. */
  timeoutMs?: number;
};

type RazorpayError = { error?: { code?: string; description?: string } };

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');
const HEX_64 = /^[0-9a-f]{64}$/;
const NOT_FOUND = /does not exist|not found/i;

/** Razorpay's payment entity has many more fields; the shop keeps the ones it uses. */
function toPayment(raw: Record<string, unknown>): ProviderPayment {
  return {
    id: String(raw.id),
    entity: 'payment',
    order_id: String(raw.order_id ?? ''),
    amount: Number(raw.amount),
    currency: String(raw.currency ?? 'INR'),
    status: String(raw.status) as PaymentStatus,
    method: String(raw.method ?? 'unknown'),
    captured: Boolean(raw.captured),
    amount_refunded: Number(raw.amount_refunded ?? 0),
    created_at: Number(raw.created_at ?? 0),
  };
}

const REFUND_STATUSES = new Set<string>(['pending', 'processed', 'failed']);

const stringRecord = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, String(v)]))
    : {};

/**
 * Razorpay's refund entity. A status the shop does not know (Razorpay has added some over the
 * years) reads as pending: the refund is then asked about again rather than taken as settled.
 */
function toRefund(raw: Record<string, unknown>, paymentId?: string): ProviderRefund {
  const status = String(raw.status ?? 'pending');
  return {
    id: String(raw.id),
    entity: 'refund',
    payment_id: String(raw.payment_id ?? paymentId ?? ''),
    amount: Number(raw.amount),
    currency: String(raw.currency ?? 'INR'),
    status: (REFUND_STATUSES.has(status) ? status : 'pending') as RefundStatus,
    receipt: raw.receipt == null ? null : String(raw.receipt),
    notes: stringRecord(raw.notes),
    created_at: Number(raw.created_at ?? 0),
  };
}

function toOrder(raw: Record<string, unknown>): ProviderOrder {
  return {
    id: String(raw.id),
    entity: 'order',
    amount: Number(raw.amount),
    amount_paid: Number(raw.amount_paid ?? 0),
    amount_due: Number(raw.amount_due ?? raw.amount),
    currency: String(raw.currency ?? 'INR'),
    receipt: String(raw.receipt ?? ''),
    status: String(raw.status) as ProviderOrder['status'],
    attempts: Number(raw.attempts ?? 0),
    notes: stringRecord(raw.notes),
    created_at: Number(raw.created_at ?? 0),
  };
}

/** Calls to Razorpay's API; no answer or a non-2xx one becomes a PaymentProviderError. */
function razorpayCaller(options: RazorpayOptions) {
  const base = options.apiBase.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay is unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      throw new PaymentProviderError(`Razorpay answered ${response.status} with a non-JSON body`, 502);
    }
    if (!response.ok) {
      const description = (parsed as RazorpayError).error?.description ?? `HTTP ${response.status}`;
      throw new PaymentProviderError(description, response.status);
    }
    return parsed as T;
  };
}

/** A webhook delivery signed with the webhook secret, read; undefined when the signature fails. */
function parseRazorpayWebhook(
  secret: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
  eventId: string | undefined,
): WebhookEvent | undefined {
  if (!secret || !signature || !HEX_64.test(signature)) return undefined;
  const expected = hmacHex(secret, rawBody);
  if (!safeEqual(expected, signature)) return undefined;
  try {
    const body = JSON.parse(rawBody.toString('utf8')) as {
      event?: unknown;
      payload?: {
        payment?: { entity?: Record<string, unknown> };
        order?: { entity?: Record<string, unknown> };
        refund?: { entity?: Record<string, unknown> };
      };
    };
    if (typeof body.event !== 'string') return undefined;
    const payment = body.payload?.payment?.entity;
    const order = body.payload?.order?.entity;
    const refund = body.payload?.refund?.entity;
    return {
      id: eventId ?? expected.slice(0, 32),
      event: body.event,
      ...(payment ? { payment: toPayment(payment) } : {}),
      ...(order ? { order: toOrder(order) } : {}),
      ...(refund ? { refund: toRefund(refund, payment ? String(payment.id) : undefined) } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Razorpay over its REST API with plain fetch (no SDK): Orders API, payments, capture, refund,
 * and the two HMAC checks (handler signature, webhook signature). Every failure to reach
 * Razorpay or a non-2xx answer becomes a PaymentProviderError, which the checkout turns into
 * a 502 "try again" for the shopper.
 */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const call = razorpayCaller(options);

  const isNotFound = (error: unknown) =>
    error instanceof PaymentProviderError &&
    (error.statusCode === 404 || (error.statusCode === 400 && NOT_FOUND.test(error.message)));

  async function fetchPayment(paymentId: string): Promise<ProviderPayment | undefined> {
    try {
      return toPayment(
        await call<Record<string, unknown>>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`),
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    checkoutScriptUrl: RAZORPAY_CHECKOUT_SCRIPT,

    async createOrder({ amount, currency, receipt, notes }) {
      if (!Number.isInteger(amount) || amount < 100) {
        throw new PaymentProviderError('The amount must be at least INR 1.00', 400);
      }
      const order = await call<Record<string, unknown>>('POST', '/v1/orders', {
        amount,
        currency,
        receipt: receipt.slice(0, 40),
        notes: Object.fromEntries(Object.entries(notes ?? {}).slice(0, 15)),
      });
      return toOrder(order);
    },

    verifyPaymentSignature(orderId, paymentId, signature) {
      return (
        HEX_64.test(signature) && safeEqual(hmacHex(options.keySecret, `${orderId}|${paymentId}`), signature)
      );
    },

    fetchPayment,

    async fetchOrderPayments(orderId) {
      const collection = await call<{ items?: Record<string, unknown>[] }>(
        'GET',
        `/v1/orders/${encodeURIComponent(orderId)}/payments`,
      );
      return (collection.items ?? []).map(toPayment);
    },

    async capture(paymentId, amount, currency) {
      try {
        return toPayment(
          await call<Record<string, unknown>>(
            'POST',
            `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
            {
              amount,
              currency,
            },
          ),
        );
      } catch (error) {
        // A retried capture: Razorpay refuses it ("already been captured"); that is success.
        if (error instanceof PaymentProviderError && error.statusCode === 400) {
          const current = await fetchPayment(paymentId);
          if (current?.status === 'captured' || current?.status === 'refunded') return current;
        }
        throw error;
      }
    },

    /**
     * POST /v1/payments/:id/refund with Razorpay's `X-Refund-Idempotency` header: a repeated
     * request with the same key answers the refund already made. Normal speed (5-7 working days);
     * the answer is usually `pending` and `refund.processed` follows by webhook.
     */
    async refund(paymentId, amount, idempotencyKey, refundOptions = {}): Promise<ProviderRefund> {
      const refund = await call<Record<string, unknown>>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        {
          amount,
          speed: 'normal',
          receipt: (refundOptions.receipt ?? idempotencyKey).slice(0, 40),
          // Razorpay keeps at most 15 notes of 256 characters.
          notes: Object.fromEntries(
            Object.entries(refundOptions.notes ?? {})
              .slice(0, 15)
              .map(([key, value]) => [key, value.slice(0, 256)]),
          ),
        },
        { 'x-refund-idempotency': idempotencyKey },
      );
      return toRefund(refund, paymentId);
    },

    async fetchRefunds(paymentId) {
      const collection = await call<{ items?: Record<string, unknown>[] }>(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds?count=100`,
      );
      return (collection.items ?? []).map((item) => toRefund(item, paymentId));
    },

    parseWebhook(rawBody, signature, eventId): WebhookEvent | undefined {
      return parseRazorpayWebhook(options.webhookSecret, rawBody, signature, eventId);
    },
  };
}
