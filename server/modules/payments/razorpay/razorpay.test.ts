import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, payments, products } from '../../../db/schema.js';
import { signUp } from '../../../test/customers.js';
import { createProduct, ensureColor, lapseStockHolds } from '../../../test/factories.js';
import { type FakeRazorpay, startFakeRazorpay } from '../../../test/fake-razorpay.js';
import { testAddress } from '../../../test/shopping.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { type PaymentProvider, PaymentProviderError } from '../payment-provider.js';
import { createRazorpayProvider, RAZORPAY_CHECKOUT_SCRIPT } from './razorpay-provider.js';

let ctx: TestContext;
let fake: FakeRazorpay;
beforeAll(async () => {
  fake = await startFakeRazorpay();
  ctx = await createTestApp(fake.env);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

type Customer = Awaited<ReturnType<typeof signUp>>;
type Fields = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature?: string };
const address = testAddress;

const api = (customer: Customer | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: customer?.headers ?? {}, ...(payload ? { payload } : {}) });

async function customerWithCart(quantity = 1, stock = 10, pricePaise = 149_900) {
  const customer = await signUp(ctx.app);
  const product = await createProduct(ctx.database.db, { quantity: stock, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  const added = await api(customer, 'POST', '/api/user/cart', {
    productId: product.id,
    color: color.id,
    quantity,
  });
  expect(added.statusCode, added.body).toBe(201);
  return { customer, product, color };
}

async function startCheckout(customer: Customer, payload: object = { amount: 1 }) {
  const response = await api(customer, 'POST', '/api/user/order/checkout', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    order: { id: string; amount: number; currency: string; receipt: string };
    key: string;
    checkoutScript: string;
  };
}

const verify = (customer: Customer, fields: Fields) =>
  api(customer, 'POST', '/api/user/order/paymentVerification', {
    orderCreationId: fields.razorpay_order_id,
    razorpayOrderId: fields.razorpay_order_id,
    razorpayPaymentId: fields.razorpay_payment_id,
    ...(fields.razorpay_signature !== undefined ? { razorpaySignature: fields.razorpay_signature } : {}),
  });

const createOrder = (customer: Customer, fields: Fields) =>
  api(customer, 'POST', '/api/user/cart/create-order', {
    shippingInfo: address,
    paymentInfo: { razorpayOrderId: fields.razorpay_order_id, razorpayPaymentId: fields.razorpay_payment_id },
    totalPrice: 1,
    totalPriceAfterDiscount: 1,
  });

const deliver = (webhook: { body: Buffer; headers: Record<string, string> }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: webhook.headers,
    payload: webhook.body,
  });

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

const ordersOf = async (customer: Customer) =>
  (await api(customer, 'GET', '/api/user/getmyorders')).json().orders as {
    _id: string;
    totalPrice: number;
  }[];

describe('Razorpay provider against the fake Razorpay', () => {
  it('creates a Razorpay order for the server-computed amount and hands the browser the real checkout', async () => {
    const { customer } = await customerWithCart(2, 10, 149_900);
    const started = await startCheckout(customer, { amount: 5 });
    expect(started.key).toBe(fake.keyId);
    expect(started.checkoutScript).toBe(RAZORPAY_CHECKOUT_SCRIPT);
    expect(started.order).toMatchObject({ amount: 299_800, currency: 'INR' });
    const call = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/orders')!;
    expect(call.body).toMatchObject({ amount: 299_800, currency: 'INR', notes: { customer: customer.id } });
    expect(String((call.body as { receipt: string }).receipt).length).toBeLessThanOrEqual(40);
    expect(call.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
  });

  it('takes a signed payment to one order, captured, with stock taken', async () => {
    const { customer, product } = await customerWithCart(2, 10, 149_900);
    const { order } = await startCheckout(customer);
    const { fields } = fake.pay(order.id);
    const verified = await verify(customer, fields);
    expect(verified.statusCode, verified.body).toBe(200);
    const created = await createOrder(customer, fields);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().order).toMatchObject({
      totalPrice: 2998,
      paymentInfo: { razorpayOrderId: order.id, razorpayPaymentId: fields.razorpay_payment_id },
    });
    expect(fake.payments.get(fields.razorpay_payment_id)).toMatchObject({
      status: 'captured',
      captured: true,
    });
    expect(fake.orders.get(order.id)!.status).toBe('paid');
    expect(await productRow(product.id)).toMatchObject({ quantity: 8, sold: 2 });
    expect(await ordersOf(customer)).toHaveLength(1);
    // The browser repeating itself changes nothing.
    expect((await createOrder(customer, fields)).json().order._id).toBe(created.json().order._id);
    expect(await ordersOf(customer)).toHaveLength(1);
  });

  it('confirms an unsigned verification by fetching the payment from Razorpay', async () => {
    const { customer } = await customerWithCart();
    const { order } = await startCheckout(customer);
    const { fields } = fake.pay(order.id);
    const before = fake.requests.length;
    const verified = await verify(customer, {
      razorpay_order_id: fields.razorpay_order_id,
      razorpay_payment_id: fields.razorpay_payment_id,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(
      fake.requests.slice(before).some((r) => r.path === `/v1/payments/${fields.razorpay_payment_id}`),
    ).toBe(true);
    expect((await createOrder(customer, fields)).statusCode).toBe(200);
  });

  it('refuses a forged signature, an unknown payment, a failed payment, another order and a wrong amount', async () => {
    const { customer } = await customerWithCart();
    const { order } = await startCheckout(customer);
    const { fields } = fake.pay(order.id);

    const forged = await verify(customer, { ...fields, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/could not verify/);
    expect((await verify(customer, { ...fields, razorpay_signature: 'not hex' })).statusCode).toBe(400);

    const unknown = await verify(customer, { razorpay_order_id: order.id, razorpay_payment_id: 'pay_nope' });
    expect(unknown.statusCode).toBe(400);

    const failed = fake.fail(order.id);
    const failedVerify = await verify(customer, {
      razorpay_order_id: order.id,
      razorpay_payment_id: failed.id,
    });
    expect(failedVerify.statusCode).toBe(400);

    // A payment made (and correctly signed) for a different order of the same customer.
    const other = await startCheckout(customer);
    const otherPaid = fake.pay(other.order.id);
    const crossed = await verify(customer, {
      razorpay_order_id: order.id,
      razorpay_payment_id: otherPaid.fields.razorpay_payment_id,
      razorpay_signature: otherPaid.fields.razorpay_signature,
    });
    expect(crossed.statusCode).toBe(400);
    const crossedUnsigned = await verify(customer, {
      razorpay_order_id: order.id,
      razorpay_payment_id: otherPaid.fields.razorpay_payment_id,
    });
    expect(crossedUnsigned.statusCode).toBe(400);

    // Razorpay reports a different amount than the checkout: signature alone is not enough.
    fake.payments.get(fields.razorpay_payment_id)!.amount = 100;
    const wrongAmount = await verify(customer, fields);
    expect(wrongAmount.statusCode).toBe(400);
    expect((await createOrder(customer, fields)).statusCode).toBe(400);
    expect(await ordersOf(customer)).toHaveLength(0);
  });

  it('accepts only correctly signed webhooks, and makes the order once from them', async () => {
    const { customer, product } = await customerWithCart(1, 5, 99_900);
    const { order } = await startCheckout(customer, { shippingInfo: address });
    const { payment, fields } = fake.pay(order.id);

    const good = fake.webhook('payment.authorized', payment, 'evt_rzp_1');
    const tampered = { ...good, body: Buffer.from(good.body.toString().replace('"upi"', '"card"')) };
    expect((await deliver(tampered)).statusCode).toBe(400);
    expect(
      (await deliver({ ...good, headers: { ...good.headers, 'x-razorpay-signature': '0'.repeat(64) } }))
        .statusCode,
    ).toBe(400);
    const { 'x-razorpay-signature': _, ...unsigned } = good.headers;
    expect((await deliver({ ...good, headers: unsigned })).statusCode).toBe(400);
    expect(await ordersOf(customer)).toHaveLength(0);

    expect((await deliver(good)).json()).toEqual({ status: 'processed' });
    expect((await deliver(good)).json()).toEqual({ status: 'duplicate' });
    // Razorpay's next event about the same payment (now captured by the shop).
    const captured = fake.payments.get(payment.id)!;
    expect(captured.status).toBe('captured');
    expect((await deliver(fake.webhook('order.paid', captured, 'evt_rzp_2'))).json()).toEqual({
      status: 'processed',
    });

    const mine = await ordersOf(customer);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.totalPrice).toBe(999);
    expect(await productRow(product.id)).toMatchObject({ quantity: 4, sold: 1 });
    // The browser coming back late gets the same order.
    expect((await verify(customer, fields)).statusCode).toBe(200);
    expect((await createOrder(customer, fields)).json().order._id).toBe(mine[0]!._id);
  });

  it('refunds a captured payment when the last unit sold out during payment', async () => {
    const product = await createProduct(ctx.database.db, {
      quantity: 1,
      pricePaise: 50_000,
      colors: ['#000000'],
    });
    const color = await ensureColor(ctx.database.db, '#000000');
    const buyers: { customer: Customer; fields: Fields }[] = [];
    for (let i = 0; i < 2; i++) {
      const customer = await signUp(ctx.app);
      await api(customer, 'POST', '/api/user/cart', { productId: product.id, color: color.id, quantity: 1 });
      const { order } = await startCheckout(customer);
      // The first shopper's hold lapses (they took too long), so the second can check out too.
      await lapseStockHolds(ctx.database.db);
      // Auto-capture, as many Razorpay accounts are set up: the money has already moved.
      const { fields } = fake.pay(order.id, { capture: true });
      expect((await verify(customer, fields)).statusCode).toBe(200);
      buyers.push({ customer, fields });
    }
    const first = await createOrder(buyers[0]!.customer, buyers[0]!.fields);
    expect(first.statusCode, first.body).toBe(200);
    const second = await createOrder(buyers[1]!.customer, buyers[1]!.fields);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/sold out while you were paying.*₹500\.00 has been refunded/);
    const refunded = fake.payments.get(buyers[1]!.fields.razorpay_payment_id)!;
    expect(refunded).toMatchObject({ status: 'refunded', amount_refunded: 50_000 });
    const refundCall = fake.requests.findLast((r) => r.path.endsWith('/refund'))!;
    expect(refundCall.headers['x-refund-idempotency']).toMatch(/^sold-out-/);
    expect(await ordersOf(buyers[1]!.customer)).toHaveLength(0);
    expect(await productRow(product.id)).toMatchObject({ quantity: 0, sold: 1 });
    // Asking again neither orders nor refunds twice.
    expect((await createOrder(buyers[1]!.customer, buyers[1]!.fields)).statusCode).toBe(409);
    expect(fake.requests.filter((r) => r.path.endsWith('/refund')).length).toBeGreaterThanOrEqual(1);
    expect(fake.payments.get(buyers[1]!.fields.razorpay_payment_id)!.amount_refunded).toBe(50_000);
  });

  it('reconciles a paid order whose browser and webhook both went missing', async () => {
    const { customer } = await customerWithCart(1);
    const { order } = await startCheckout(customer, { shippingInfo: address });
    fake.pay(order.id);
    await ctx.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));
    await ctx.app.services.settlement.reconcile();
    expect(await ordersOf(customer)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows).toHaveLength(1);
  });

  it('tells the shopper to retry when Razorpay is down, and reports bad keys as provider errors', async () => {
    const { customer } = await customerWithCart();
    fake.failNext(1);
    const down = await api(customer, 'POST', '/api/user/order/checkout', {});
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/payment service is not responding/);

    // A signed payment Razorpay cannot be asked about right now: 503 to retry, nothing recorded.
    const { order } = await startCheckout(customer);
    const { fields } = fake.pay(order.id);
    fake.failNext(1);
    const unconfirmed = await verify(customer, fields);
    expect(unconfirmed.statusCode).toBe(503);
    const recorded = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, fields.razorpay_payment_id));
    expect(recorded).toEqual([]);
    expect((await verify(customer, fields)).statusCode).toBe(200);

    const wrongKeys = createRazorpayProvider({ keyId: fake.keyId, keySecret: 'wrong', apiBase: fake.url });
    const refused = await wrongKeys
      .createOrder({ amount: 10_000, currency: 'INR', receipt: 'r1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as PaymentProviderError).statusCode).toBe(401);

    const unreachable = createRazorpayProvider({
      keyId: 'k',
      keySecret: 's',
      apiBase: 'http://127.0.0.1:9',
      timeoutMs: 2000,
    });
    await expect(unreachable.fetchPayment('pay_x')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  describe('refunds', () => {
    const provider = () =>
      createRazorpayProvider({
        keyId: fake.keyId,
        keySecret: fake.keySecret,
        webhookSecret: fake.webhookSecret,
        apiBase: fake.url,
      });
    async function capturedPayment(amount: number) {
      const order = await provider().createOrder({ amount, currency: 'INR', receipt: 'refund-test' });
      return fake.pay(order.id, { capture: true }).payment;
    }

    it('asks for a partial refund with the idempotency header, receipt and notes, and reads the entity', async () => {
      const payment = await capturedPayment(100_000);
      const refundId = '3f1c7a52-9a4b-4f5e-8d2c-0b6f1e2a7c91';
      const refund = await provider().refund(payment.id, 25_000, refundId, {
        receipt: refundId,
        notes: { refund_id: refundId, order: 'ORD-1001', reason: 'x'.repeat(300) },
      });
      const call = fake.requests.findLast((r) => r.path === `/v1/payments/${payment.id}/refund`)!;
      expect(call.method).toBe('POST');
      expect(call.headers['x-refund-idempotency']).toBe(refundId);
      expect(call.body).toEqual({
        amount: 25_000,
        speed: 'normal',
        receipt: refundId,
        notes: { refund_id: refundId, order: 'ORD-1001', reason: 'x'.repeat(256) },
      });
      expect(refund).toEqual({
        id: expect.stringMatching(/^rfnd_/),
        entity: 'refund',
        payment_id: payment.id,
        amount: 25_000,
        currency: 'INR',
        status: 'processed',
        receipt: refundId,
        notes: { refund_id: refundId, order: 'ORD-1001', reason: 'x'.repeat(256) },
        created_at: expect.any(Number),
      });
      // The same key again: the same refund, no second one.
      const again = await provider().refund(payment.id, 25_000, refundId, { receipt: refundId });
      expect(again.id).toBe(refund.id);
      expect(fake.payments.get(payment.id)!.amount_refunded).toBe(25_000);

      fake.answerRefunds('pending');
      try {
        const pending = await provider().refund(payment.id, 75_000, 'second-refund-key');
        expect(pending).toMatchObject({ status: 'pending', amount: 75_000, receipt: 'second-refund-key' });
        expect(
          fake.requests.findLast((r) => r.path === `/v1/payments/${payment.id}/refund`)!.body,
        ).toMatchObject({ receipt: 'second-refund-key', notes: {} });
      } finally {
        fake.answerRefunds('processed');
      }
      const over = await provider()
        .refund(payment.id, 100, 'third-refund-key')
        .catch((error: unknown) => error);
      expect(over).toBeInstanceOf(PaymentProviderError);
      expect(over).toMatchObject({
        statusCode: 400,
        message: 'The total refund amount is greater than the refund payment amount',
      });
    });

    it("lists a payment's refunds, whatever their status", async () => {
      const payment = await capturedPayment(50_000);
      fake.answerRefunds('pending');
      let first: Awaited<ReturnType<PaymentProvider['refund']>>;
      try {
        first = await provider().refund(payment.id, 10_000, 'list-one', { notes: { refund_id: 'list-one' } });
      } finally {
        fake.answerRefunds('processed');
      }
      const second = await provider().refund(payment.id, 20_000, 'list-two');
      fake.settleRefund(first.id, 'failed');
      const listed = await provider().fetchRefunds(payment.id);
      expect(fake.requests.findLast((r) => r.path === `/v1/payments/${payment.id}/refunds`)!.method).toBe(
        'GET',
      );
      expect(listed.map((r) => [r.id, r.amount, r.status]).sort()).toEqual(
        [
          [first.id, 10_000, 'failed'],
          [second.id, 20_000, 'processed'],
        ].sort(),
      );
      expect(listed.find((r) => r.id === first.id)!.notes).toEqual({ refund_id: 'list-one' });
      expect(await provider().fetchRefunds((await capturedPayment(10_000)).id)).toEqual([]);
      await expect(provider().fetchRefunds('pay_unknown')).rejects.toBeInstanceOf(PaymentProviderError);
      fake.failNext(1);
      await expect(provider().fetchRefunds(payment.id)).rejects.toMatchObject({ statusCode: 503 });
    });

    it('reads refund webhooks (created, processed, failed) with their payment, and refuses forged ones', async () => {
      const payment = await capturedPayment(40_000);
      fake.answerRefunds('pending');
      let refund: Awaited<ReturnType<PaymentProvider['refund']>>;
      try {
        refund = await provider().refund(payment.id, 40_000, 'webhook-refund', {
          notes: { refund_id: 'webhook-refund' },
        });
      } finally {
        fake.answerRefunds('processed');
      }
      const parse = (webhook: { body: Buffer; headers: Record<string, string> }) =>
        provider().parseWebhook(
          webhook.body,
          webhook.headers['x-razorpay-signature'],
          webhook.headers['x-razorpay-event-id'],
        );
      expect(
        parse(fake.refundWebhook('refund.created', fake.refunds.get(refund.id)!, 'evt_r1')),
      ).toMatchObject({
        id: 'evt_r1',
        event: 'refund.created',
        refund: { id: refund.id, status: 'pending', amount: 40_000, payment_id: payment.id },
        payment: { id: payment.id, amount_refunded: 40_000 },
      });
      const processed = fake.refundWebhook('refund.processed', fake.settleRefund(refund.id, 'processed'));
      expect(parse(processed)).toMatchObject({
        event: 'refund.processed',
        refund: { id: refund.id, status: 'processed', notes: { refund_id: 'webhook-refund' } },
      });
      const failed = fake.refundWebhook('refund.failed', {
        ...fake.refunds.get(refund.id)!,
        status: 'failed',
      });
      expect(parse(failed)?.refund?.status).toBe('failed');
      // A status Razorpay may add later is not taken as final.
      const odd = fake.refundWebhook('refund.speed_changed', {
        ...fake.refunds.get(refund.id)!,
        status: 'created' as 'pending',
      });
      expect(parse(odd)?.refund?.status).toBe('pending');
      const forged = { ...processed, body: Buffer.from(processed.body.toString().replace('40000', '4000')) };
      expect(parse(forged)).toBeUndefined();
      expect((await deliver(forged)).statusCode).toBe(400);
      expect((await deliver(processed)).json()).toEqual({ status: 'processed' });
      expect((await deliver(processed)).json()).toEqual({ status: 'duplicate' });
    });
  });

  it('refuses every webhook when no webhook secret is configured', () => {
    const provider = createRazorpayProvider({ keyId: 'k', keySecret: 's', apiBase: fake.url });
    const raw = Buffer.from('{"event":"payment.captured"}');
    expect(provider.parseWebhook(raw, 'a'.repeat(64), 'evt')).toBeUndefined();
  });
});
