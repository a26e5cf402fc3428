import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, orders, products, testGatewayPayments } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor, lapseStockHolds } from '../../test/factories.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** The messages to a customer but the link that confirms their address at sign-up. */
const orderMailsTo = (email: string) =>
  smtp.messages.filter(
    (m) => m.to.includes(email) && !m.raw.includes('Subject: Confirm your e-mail address'),
  );
beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const address = testAddress;

async function stockedProduct(quantity = 10, pricePaise = 249_900) {
  const product = await createProduct(ctx.database.db, { quantity, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  return { product, color };
}

const shop = shoppingCalls(() => ctx.app);
const { api, addToCart, payWithGateway, verify } = shop;

async function startCheckout(customer: Customer, payload: object = { amount: 1 }) {
  const response = await shop.startCheckout(customer, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order as { id: string; amount: number; currency: string };
}

// As the original clients send it: their totals are ignored, the order is built from the checkout.
const createOrder = (
  customer: Customer,
  fields: { razorpay_payment_id: string; razorpay_order_id: string },
  extra: object = {},
) => shop.createOrder(customer, fields, { totalPrice: 1, totalPriceAfterDiscount: 1, ...extra });

async function productRow(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

describe('checkout, payment and order', () => {
  it('takes a customer from cart to one paid order, with the server computing every amount', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct(10, 249_900);
    await addToCart(customer, product.id, color.id, 2);

    const order = await startCheckout(customer, { amount: 1 });
    expect(order).toMatchObject({ amount: 499_800, currency: 'INR' });

    const fields = await payWithGateway(order.id);
    const verified = await verify(customer, fields);
    expect(verified.json()).toEqual({
      razorpayOrderId: order.id,
      razorpayPaymentId: fields.razorpay_payment_id,
    });

    const created = await createOrder(customer, fields, {
      orderItems: [{ product: product.id, color: color.id, quantity: 2, price: 1 }],
      totalPrice: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body.success).toBe(true);
    expect(body.order).toMatchObject({
      totalPrice: 4998,
      totalPriceAfterDiscount: 4998,
      orderStatus: 'Ordered',
      paymentInfo: { razorpayOrderId: order.id, razorpayPaymentId: fields.razorpay_payment_id },
      shippingInfo: { city: 'Bengaluru', state: 'Karnataka' },
    });
    expect(body.order.orderItems).toEqual([
      expect.objectContaining({
        quantity: 2,
        price: 2499,
        color: expect.objectContaining({ _id: color.id }),
      }),
    ]);

    expect(await productRow(product.id)).toMatchObject({ quantity: 8, sold: 2 });
    expect((await api(customer, 'GET', '/api/user/cart')).json()).toEqual([]);
    const [gatewayPayment] = await ctx.database.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, fields.razorpay_payment_id));
    expect(gatewayPayment!.status).toBe('captured');

    const mine = (await api(customer, 'GET', '/api/user/getmyorders')).json();
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0].orderItems[0].product).toMatchObject({ _id: product.id, title: product.title });

    await ctx.app.services.emailOutbox.drain();
    const mails = orderMailsTo(customer.email);
    expect(mails).toHaveLength(1);
    const text = mailText(mails[0]!.raw);
    expect(text).toContain(body.order.orderNumber);
    expect(text).toContain('₹4,998.00');
    expect(text).toContain('Indiranagar');
  });

  it('refuses an empty cart, a bad signature, and a payment that did not happen', async () => {
    const customer = await signUp(ctx.app);
    expect((await api(customer, 'POST', '/api/user/order/checkout', { amount: 100 })).statusCode).toBe(400);
    const { product, color } = await stockedProduct();
    await addToCart(customer, product.id, color.id, 1);
    const order = await startCheckout(customer);
    const fields = await payWithGateway(order.id);
    const forged = await verify(customer, { ...fields, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/could not verify/);
    const noSuchPayment = await verify(customer, {
      ...fields,
      razorpay_payment_id: 'pay_doesnotexist',
      razorpay_signature: undefined,
    });
    expect(noSuchPayment.statusCode).toBe(400);
    expect(
      (await createOrder(customer, { ...fields, razorpay_payment_id: 'pay_doesnotexist' })).statusCode,
    ).toBe(400);
    const unverified = await createOrder(customer, fields);
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().message).toMatch(/complete the payment/);
  });

  it('confirms a payment with the provider when an old client sends no signature', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct();
    await addToCart(customer, product.id, color.id, 1);
    const order = await startCheckout(customer);
    const fields = await payWithGateway(order.id);
    const verified = await verify(customer, {
      razorpay_order_id: fields.razorpay_order_id,
      razorpay_payment_id: fields.razorpay_payment_id,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await createOrder(customer, fields)).statusCode).toBe(200);
  });

  it('makes exactly one order from replayed verifications, create-order calls and webhooks', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct(10);
    await addToCart(customer, product.id, color.id, 3);
    const order = await startCheckout(customer);
    const fields = await payWithGateway(order.id);
    await verify(customer, fields);
    await verify(customer, fields);
    const results = await Promise.all([
      createOrder(customer, fields),
      createOrder(customer, fields),
      createOrder(customer, fields),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().order._id)).size).toBe(1);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows).toHaveLength(1);
    expect((await productRow(product.id)).quantity).toBe(7);
    await ctx.app.services.emailOutbox.drain();
    expect(orderMailsTo(customer.email)).toHaveLength(1);
  });

  it("never completes another customer's checkout with my payment", async () => {
    const alice = await signUp(ctx.app);
    const mallory = await signUp(ctx.app);
    const { product, color } = await stockedProduct();
    await addToCart(alice, product.id, color.id, 1);
    const order = await startCheckout(alice);
    const fields = await payWithGateway(order.id);
    expect((await verify(mallory, fields)).statusCode).toBe(404);
    await verify(alice, fields);
    expect((await createOrder(mallory, fields)).statusCode).toBe(404);
    expect((await api(mallory, 'GET', '/api/user/getmyorders')).json().orders).toEqual([]);
  });

  it('rejects client order lines that differ from what was paid for', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct();
    await addToCart(customer, product.id, color.id, 1);
    const order = await startCheckout(customer);
    const fields = await payWithGateway(order.id);
    await verify(customer, fields);
    const tampered = await createOrder(customer, fields, {
      orderItems: [{ product: product.id, color: color.id, quantity: 5 }],
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('sells the last 3 units to exactly 3 of 20 racing customers, never below zero', async () => {
    const { product, color } = await stockedProduct(3, 99_900);
    const racers: { customer: Customer; fields: Awaited<ReturnType<typeof payWithGateway>> }[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = await signUp(ctx.app);
      await addToCart(customer, product.id, color.id, 1);
      const order = await startCheckout(customer);
      // Every hold lapses before the next shopper starts, so all twenty pay and race at
      // placement: a payment that outlived its hold buys only what nobody else holds.
      await lapseStockHolds(ctx.database.db);
      const fields = await payWithGateway(order.id);
      expect((await verify(customer, fields)).statusCode).toBe(200);
      racers.push({ customer, fields });
    }
    const results = await Promise.all(racers.map(({ customer, fields }) => createOrder(customer, fields)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(
      /sold out while you were paying.*not captured/,
    );
    expect(await productRow(product.id)).toMatchObject({ quantity: 0, sold: 3 });
    const failedPayments = await ctx.database.db
      .select()
      .from(checkouts)
      .where(eq(checkouts.status, 'refunded'));
    expect(failedPayments.length).toBeGreaterThanOrEqual(17);
    // Twenty sign-ups hash forty passwords with argon2: slow when the machine is busy.
  }, 120_000);

  it('creates the order from the webhook when the browser never comes back', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct(5);
    await addToCart(customer, product.id, color.id, 1);
    const order = await startCheckout(customer, { shippingInfo: address });
    const fields = await payWithGateway(order.id);
    const [payment] = await ctx.database.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.id, fields.razorpay_payment_id));
    const raw = Buffer.from(
      JSON.stringify({
        entity: 'event',
        event: 'payment.authorized',
        payload: {
          payment: {
            entity: {
              id: payment!.id,
              entity: 'payment',
              order_id: order.id,
              amount: order.amount,
              currency: 'INR',
              status: 'authorized',
              method: 'upi',
              captured: false,
              amount_refunded: 0,
              created_at: 0,
            },
          },
        },
      }),
    );
    const signature = ctx.app.services.testGateway!.signWebhook(raw);
    const deliver = (sig: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/test-gateway/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sig,
          'x-razorpay-event-id': 'evt_1',
        },
        payload: raw,
      });
    expect((await deliver('0'.repeat(64))).statusCode).toBe(400);
    expect((await deliver(signature)).json()).toEqual({ status: 'processed' });
    expect((await deliver(signature)).json()).toEqual({ status: 'duplicate' });
    const mine = (await api(customer, 'GET', '/api/user/getmyorders')).json();
    expect(mine.orders).toHaveLength(1);
    expect(mine.orders[0].shippingInfo.city).toBe('Bengaluru');
    // The browser coming back late gets the same order.
    await verify(customer, fields);
    expect((await createOrder(customer, fields)).json().order._id).toBe(mine.orders[0]._id);
  });

  it('reconciles a paid checkout whose browser and webhook both went missing', async () => {
    const customer = await signUp(ctx.app);
    const { product, color } = await stockedProduct(5);
    await addToCart(customer, product.id, color.id, 2);
    const order = await startCheckout(customer, { shippingInfo: address });
    await payWithGateway(order.id);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/getmyorders',
      headers: customer.headers,
    });
    expect(response.json().orders).toHaveLength(0);
    await ctx.database.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(checkouts.providerOrderId, order.id));
    const result = await ctx.app.services.settlement.reconcile();
    expect(result.placed).toBeGreaterThanOrEqual(1);
    const after = (await api(customer, 'GET', '/api/user/getmyorders')).json();
    expect(after.orders).toHaveLength(1);
    expect(await productRow(product.id)).toMatchObject({ quantity: 3, sold: 2 });
  });

  it('needs a token for every checkout and order call', async () => {
    for (const url of [
      '/api/user/order/checkout',
      '/api/user/order/paymentVerification',
      '/api/user/cart/create-order',
    ]) {
      expect((await api(undefined, 'POST', url, {})).statusCode).toBe(401);
    }
    expect((await api(undefined, 'GET', '/api/user/getmyorders')).statusCode).toBe(401);
  });
});
