import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny local stand-in for api.razorpay.com: the endpoints the Razorpay provider calls, with
 * Basic auth, in-memory orders and payments, and helpers for what happens in the shopper's
 * browser (paying, failing) and for the webhooks Razorpay sends. Error bodies follow Razorpay's
 * `{error:{code, description}}`.
 */
export type FakeOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};

export type FakePayment = {
  id: string;
  entity: 'payment';
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
  captured: boolean;
  amount_refunded: number;
  created_at: number;
};

export type FakeRefund = {
  id: string;
  entity: 'refund';
  payment_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'processed' | 'failed';
  receipt: string | null;
  notes: Record<string, string>;
  speed_requested: string;
  created_at: number;
};

const hmac = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeRazorpay(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
) {
  const keyId = options.keyId ?? 'rzp_test_fake_key';
  const keySecret = options.keySecret ?? 'fake-key-secret';
  const webhookSecret = options.webhookSecret ?? 'fake-webhook-secret';
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  /** What a new refund answers: processed at once, or pending (settled later by `settleRefund`). */
  let refundAnswer: 'processed' | 'pending' = 'processed';
  /** Every request, for assertions ("which endpoints were called, with what"). */
  const requests: { method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }[] = [];
  /** Set to make the next N requests fail with 503, like an outage. */
  let failures = 0;

  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, {
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'NA', reason: 'NA' },
    });

  function pay(orderId: string, status: 'authorized' | 'captured' | 'failed', method: string): FakePayment {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake razorpay: no order ${orderId}`);
    order.attempts += 1;
    if (order.status === 'created') order.status = 'attempted';
    const payment: FakePayment = {
      id: id('pay'),
      entity: 'payment',
      order_id: orderId,
      amount: order.amount,
      currency: order.currency,
      status,
      method,
      captured: status === 'captured',
      amount_refunded: 0,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    if (status === 'captured') markPaid(order);
    return payment;
  }

  function markPaid(order: FakeOrder) {
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? JSON.parse(text) : undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    const body = (await readBody(req).catch(() => 'invalid')) as Record<string, unknown> | undefined;
    requests.push({ method, path, body, headers: req.headers });
    if (failures > 0) {
      failures--;
      return error(res, 503, 'Service unavailable (fake outage)');
    }
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    if ((body as unknown) === 'invalid') return error(res, 400, 'The request body is not valid JSON');
    /** The id in the path when the method and pattern match. */
    const at = (verb: string, pattern: RegExp) => {
      const m = verb === method ? pattern.exec(path) : null;
      return m ? decodeURIComponent(m[1]!) : undefined;
    };
    const orderPaymentsId = at('GET', /^\/v1\/orders\/([^/]+)\/payments$/);
    const orderIdInPath = at('GET', /^\/v1\/orders\/([^/]+)$/);
    const paymentId = at('GET', /^\/v1\/payments\/([^/]+)$/);
    const captureId = at('POST', /^\/v1\/payments\/([^/]+)\/capture$/);
    const refundId = at('POST', /^\/v1\/payments\/([^/]+)\/refund$/);
    const refundsOfId = at('GET', /^\/v1\/payments\/([^/]+)\/refunds$/);

    if (method === 'POST' && path === '/v1/orders') {
      const amount = body?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100)
        return error(res, 400, 'The amount must be atleast INR 1.00');
      if (body?.currency !== 'INR') return error(res, 400, 'The currency must be INR');
      const receipt = String(body.receipt ?? '');
      if (receipt.length > 40) return error(res, 400, 'The receipt may not be greater than 40 characters');
      const notes = (body.notes ?? {}) as Record<string, string>;
      if (Object.keys(notes).length > 15) return error(res, 400, 'Number of notes must not exceed 15');
      const order: FakeOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt,
        status: 'created',
        attempts: 0,
        notes,
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    if (orderPaymentsId !== undefined) {
      const orderId = orderPaymentsId;
      if (!orders.has(orderId)) return error(res, 400, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === orderId);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (orderIdInPath !== undefined) {
      const order = orders.get(orderIdInPath);
      return order ? send(res, 200, order) : error(res, 400, 'The id provided does not exist');
    }
    if (paymentId !== undefined) {
      const payment = payments.get(paymentId);
      return payment ? send(res, 200, payment) : error(res, 400, 'The id provided does not exist');
    }
    if (captureId !== undefined) {
      const payment = payments.get(captureId);
      if (!payment) return error(res, 400, 'The id provided does not exist');
      if (payment.status === 'captured') return error(res, 400, 'This payment has already been captured');
      if (payment.status !== 'authorized')
        return error(
          res,
          400,
          'Only payments which have been authorized and not yet captured can be captured',
        );
      if (body?.amount !== payment.amount)
        return error(res, 400, 'Capture amount must be equal to the amount authorized');
      payment.status = 'captured';
      payment.captured = true;
      markPaid(orders.get(payment.order_id)!);
      return send(res, 200, payment);
    }
    if (refundId !== undefined) {
      const payment = payments.get(refundId);
      if (!payment) return error(res, 400, 'The id provided does not exist');
      const key = req.headers['x-refund-idempotency'];
      const previous = typeof key === 'string' ? refundsByKey.get(key) : undefined;
      if (previous) return send(res, 200, previous);
      if (payment.status !== 'captured' && payment.status !== 'refunded')
        return error(res, 400, 'The payment has not been captured');
      const amount =
        typeof body?.amount === 'number' ? body.amount : payment.amount - payment.amount_refunded;
      if (!Number.isInteger(amount) || amount < 100)
        return error(res, 400, 'The amount must be atleast INR 1.00');
      if (amount > payment.amount - payment.amount_refunded)
        return error(res, 400, 'The total refund amount is greater than the refund payment amount');
      payment.amount_refunded += amount;
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      const refund: FakeRefund = {
        id: id('rfnd'),
        entity: 'refund',
        payment_id: payment.id,
        amount,
        currency: 'INR',
        status: refundAnswer,
        receipt: typeof body?.receipt === 'string' ? body.receipt : null,
        notes: (body?.notes ?? {}) as Record<string, string>,
        speed_requested: String(body?.speed ?? 'normal'),
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') refundsByKey.set(key, refund);
      return send(res, 200, refund);
    }
    if (refundsOfId !== undefined) {
      if (!payments.has(refundsOfId)) return error(res, 400, 'The id provided does not exist');
      const items = [...refunds.values()].filter((r) => r.payment_id === refundsOfId).reverse();
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    return error(res, 404, `The requested URL was not found on the server: ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => error(res, 500, err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    refunds,
    requests,
    /** The env that points the shop at this fake. */
    env: {
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_BASE: `http://127.0.0.1:${port}`,
    },

    /**
     * The shopper pays in Razorpay's checkout: an authorized payment (or captured, as with
     * auto-capture) and the fields the checkout hands to `handler`, signed with the key secret.
     */
    pay(orderId: string, opts: { capture?: boolean; method?: string } = {}) {
      const payment = pay(orderId, opts.capture ? 'captured' : 'authorized', opts.method ?? 'upi');
      return {
        payment,
        fields: {
          razorpay_payment_id: payment.id,
          razorpay_order_id: orderId,
          razorpay_signature: hmac(keySecret, `${orderId}|${payment.id}`),
        },
      };
    },

    /** The shopper's payment is declined. */
    fail(orderId: string, method = 'card') {
      return pay(orderId, 'failed', method);
    },

    /** New refunds answer `processed` (the default) or `pending`. */
    answerRefunds(status: 'processed' | 'pending') {
      refundAnswer = status;
    },

    /** Razorpay settling a pending refund; a failed one gives its amount back to the payment. */
    settleRefund(refundId: string, status: 'processed' | 'failed') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake razorpay: no refund ${refundId}`);
      if (refund.status === 'pending') {
        refund.status = status;
        if (status === 'failed') {
          const payment = payments.get(refund.payment_id)!;
          payment.amount_refunded -= refund.amount;
          if (payment.status === 'refunded') payment.status = 'captured';
        }
      }
      return refund;
    },

    /** A refund webhook as Razorpay sends it: the refund and its payment. */
    refundWebhook(event: string, refund: FakeRefund, eventId = id('evt')) {
      const raw = Buffer.from(
        JSON.stringify({
          entity: 'event',
          account_id: 'acc_fake',
          event,
          contains: ['refund', 'payment'],
          payload: {
            refund: { entity: refund },
            payment: { entity: payments.get(refund.payment_id) },
          },
          created_at: now(),
        }),
      );
      return {
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, raw),
          'x-razorpay-event-id': eventId,
        },
      };
    },

    /** The next `count` requests answer 503. */
    failNext(count: number) {
      failures = count;
    },

    /** A webhook as Razorpay sends it: raw JSON body and its signed headers. */
    webhook(event: string, payment: FakePayment, eventId = id('evt')) {
      const order = orders.get(payment.order_id);
      const raw = Buffer.from(
        JSON.stringify({
          entity: 'event',
          account_id: 'acc_fake',
          event,
          contains: order && event === 'order.paid' ? ['payment', 'order'] : ['payment'],
          payload: {
            payment: { entity: payment },
            ...(order && event === 'order.paid' ? { order: { entity: order } } : {}),
          },
          created_at: now(),
        }),
      );
      return {
        body: raw,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, raw),
          'x-razorpay-event-id': eventId,
        },
      };
    },

    /** Sends a signed webhook to a URL over HTTP (for a shop that is really listening). */
    async sendWebhook(url: string, event: string, payment: FakePayment, eventId?: string) {
      const { body, headers } = this.webhook(event, payment, eventId);
      return fetch(url, { method: 'POST', headers, body });
    },

    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;
