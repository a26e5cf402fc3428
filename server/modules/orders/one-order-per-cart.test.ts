import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  coupons,
  emailOutbox,
  orders,
  payments,
  testGatewayOrders,
  testGatewayRefunds,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, type GatewayFields, shoppingCalls, testAddress } from '../../test/shopping.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * One cart, one order (decision 034). The original storefront starts checkout twice per click and
 * opens two payment sheets: whichever payments arrive, by whichever way (create-order, webhook,
 * reconciliation), one order results and every other payment for that cart is refunded at once,
 * once, with an e-mail saying why. A coupon's limits hold at placement as they do at checkout.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

async function cartOf(pricePaise = 100_000, quantity = 1) {
  const customer = await signUp(ctx.app);
  const row = await createProduct(db(), { quantity: 10, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(db(), '#000000');
  await shop.addToCart(customer, row.id, color.id, quantity);
  return { customer, product: { id: row.id, colorId: color.id } };
}

async function checkout(customer: Customer, body: object = {}) {
  const started = await shop.startCheckout(customer, body);
  expect(started.statusCode, started.body).toBe(200);
  return started.json().order as { id: string; amount: number };
}

/** Paid in the sheet and verified, as the storefront's handler does before create-order. */
async function payAndVerify(customer: Customer, providerOrderId: string): Promise<GatewayFields> {
  const fields = await shop.payWithGateway(providerOrderId);
  const verified = await shop.verify(customer, fields);
  expect(verified.statusCode, verified.body).toBe(200);
  return fields;
}

const ordersOf = (customer: Customer) => db().select().from(orders).where(eq(orders.userId, customer.id));

async function gatewayRefundsOf(paymentIds: string[]) {
  return db().select().from(testGatewayRefunds).where(inArray(testGatewayRefunds.paymentId, paymentIds));
}

const refundMails = (customer: Customer) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, customer.email), eq(emailOutbox.label, 'payment refund')));

async function paymentRow(providerPaymentId: string) {
  const [row] = await db().select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row!;
}

describe('two checkouts of one cart, both paid', () => {
  it('make one order; the other payment is refunded once, whichever way it is reported, and the customer told why', async () => {
    const { customer } = await cartOf(149_900);
    // The original client: two checkouts per click, two sheets, both paid.
    const first = await checkout(customer);
    const second = await checkout(customer);
    const paidFirst = await payAndVerify(customer, first.id);
    const paidSecond = await payAndVerify(customer, second.id);

    const placed = await shop.createOrder(customer, paidSecond);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderNumber = placed.json().order.orderNumber as string;
    const refused = await shop.createOrder(customer, paidFirst);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `These items were already ordered, in order ${orderNumber}: this was a second payment for the same cart. Your payment of ₹1,499.00 is being refunded in full: it reaches your account in 5–7 working days.`,
    );
    // Reported again: by the browser, the webhook and reconciliation.
    expect((await shop.createOrder(customer, paidFirst)).statusCode).toBe(409);
    await shop.deliverGatewayWebhook('payment.authorized', paidFirst.razorpay_payment_id);
    await ctx.app.services.settlement.reconcile({ minAgeMs: 0 });

    expect(await ordersOf(customer)).toHaveLength(1);
    const refunds = await gatewayRefundsOf([paidFirst.razorpay_payment_id, paidSecond.razorpay_payment_id]);
    expect(refunds.map((r) => [r.paymentId, r.amount, r.status])).toEqual([
      [paidFirst.razorpay_payment_id, 149_900, 'processed'],
    ]);
    expect(await paymentRow(paidFirst.razorpay_payment_id)).toMatchObject({
      status: 'refunded',
      refundReason: 'already-ordered',
      refundPaise: 149_900,
      refundedAt: expect.any(Date),
    });
    const mails = await refundMails(customer);
    expect(mails.map((m) => m.subject)).toEqual(['We are refunding your payment of ₹1,499.00']);
    expect(mails[0]!.text).toContain(`already ordered, in order ${orderNumber}`);
  });

  it('settling at the same moment (browser and webhook for each) still make one order and one refund', async () => {
    const { customer } = await cartOf(50_000);
    const first = await checkout(customer);
    const second = await checkout(customer);
    const paid = [await payAndVerify(customer, first.id), await payAndVerify(customer, second.id)];
    const answers = await Promise.all([
      shop.createOrder(customer, paid[0]!),
      shop.createOrder(customer, paid[1]!),
      shop.deliverGatewayWebhook('payment.authorized', paid[0]!.razorpay_payment_id),
      shop.deliverGatewayWebhook('payment.authorized', paid[1]!.razorpay_payment_id),
    ]);
    const statuses = answers.slice(0, 2).map((a) => a!.statusCode);
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(await gatewayRefundsOf(paid.map((p) => p.razorpay_payment_id))).toHaveLength(1);
    expect(await refundMails(customer)).toHaveLength(1);
  });

  it('a replaced checkout paid first is the order; the newer one, paid after, is refunded (reconciliation alone)', async () => {
    const { customer } = await cartOf(20_000, 2);
    const first = await checkout(customer);
    const second = await checkout(customer);
    // The browser never comes back from either sheet: the reconciler finds both payments.
    const paidFirst = await shop.payWithGateway(first.id);
    const paidSecond = await shop.payWithGateway(second.id);
    const run = await ctx.app.services.settlement.reconcile({ minAgeMs: 0 });
    expect(run.placed).toBe(1);
    const [order] = await ordersOf(customer);
    expect(order!.paymentInfo.razorpayPaymentId).toBe(paidFirst.razorpay_payment_id);
    const refunds = await gatewayRefundsOf([paidFirst.razorpay_payment_id, paidSecond.razorpay_payment_id]);
    expect(refunds.map((r) => r.paymentId)).toEqual([paidSecond.razorpay_payment_id]);
    expect((await paymentRow(paidSecond.razorpay_payment_id)).refundReason).toBe('already-ordered');
  });

  it('a second payment of a checkout already placed is refunded, not answered with the order', async () => {
    const { customer } = await cartOf(30_000);
    const started = await checkout(customer);
    // Two payments in one provider order before the first was captured (two tabs on one sheet).
    const once = await payAndVerify(customer, started.id);
    const twice = await payAndVerify(customer, started.id);
    expect((await shop.createOrder(customer, once)).statusCode).toBe(200);
    const again = await shop.createOrder(customer, twice);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toMatch(/second payment for the same cart/);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(
      (await gatewayRefundsOf([once.razorpay_payment_id, twice.razorpay_payment_id])).map((r) => r.paymentId),
    ).toEqual([twice.razorpay_payment_id]);
  });

  it('closes the replaced checkouts still unpaid at the gateway once the cart is ordered', async () => {
    const { customer } = await cartOf(40_000);
    const first = await checkout(customer);
    const second = await checkout(customer);
    const paid = await payAndVerify(customer, second.id);
    expect((await shop.createOrder(customer, paid)).statusCode).toBe(200);
    const [closed] = await db().select().from(testGatewayOrders).where(eq(testGatewayOrders.id, first.id));
    expect(closed!.status).toBe('closed');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-gateway/orders/${first.id}/pay`,
      payload: { method: 'upi' },
    });
    // The gateway answers every refusal of its orders as 404, as before.
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toMatch(/replaced by a newer one for the same cart/);
  });
});

async function coupon(name: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  await db()
    .insert(coupons)
    .values({ name, discountPercent: 10, expiresAt: new Date('2099-12-31'), ...values });
}

const usesOf = async (name: string) => {
  const [row] = await db().select().from(coupons).where(eq(coupons.name, name));
  return db()
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, row!.id))
    .then((rows) => rows.filter((r) => r.orderId !== null));
};

describe("a coupon's limits at placement", () => {
  it('hold against four checkouts of one customer, all paid: one order with the coupon, three refunds', async () => {
    await coupon('ONCEONLY', { usageLimit: 1, perCustomerLimit: 1 });
    const { customer } = await cartOf(100_000);
    const started = [];
    for (let i = 0; i < 4; i++) started.push(await checkout(customer, { coupon: 'ONCEONLY' }));
    const paid = [];
    for (const s of started) paid.push(await payAndVerify(customer, s.id));
    const answers = [];
    for (const p of paid) answers.push((await shop.createOrder(customer, p)).statusCode);
    expect(answers).toEqual([200, 409, 409, 409]);
    const placed = await ordersOf(customer);
    expect(placed.map((o) => [o.couponCode, o.totalPriceAfterDiscountPaise])).toEqual([['ONCEONLY', 90_000]]);
    expect(await usesOf('ONCEONLY')).toHaveLength(1);
    expect(await gatewayRefundsOf(paid.map((p) => p.razorpay_payment_id))).toHaveLength(3);
  });

  it('refuse a payment made after its hold lapsed when others used the coupon up meanwhile', async () => {
    await coupon('LASTUSE', { usageLimit: 1 });
    const late = await cartOf(100_000);
    const started = await checkout(late.customer, { coupon: 'LASTUSE' });
    // The hold lapses while the shopper is in the sheet; another shopper takes the last use.
    await db()
      .update(couponRedemptions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const other = await cartOf(100_000);
    const otherStart = await checkout(other.customer, { coupon: 'LASTUSE' });
    expect(
      (await shop.createOrder(other.customer, await payAndVerify(other.customer, otherStart.id))).statusCode,
    ).toBe(200);
    const paid = await payAndVerify(late.customer, started.id);
    const answer = await shop.createOrder(late.customer, paid);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toBe(
      'LASTUSE has been used up. Try another coupon. Your payment was for the total with LASTUSE, so no order was placed: please order again without it. Your payment of ₹900.00 is being refunded in full: it reaches your account in 5–7 working days.',
    );
    expect(await ordersOf(late.customer)).toHaveLength(0);
    expect(await usesOf('LASTUSE')).toHaveLength(1);
    expect(await gatewayRefundsOf([paid.razorpay_payment_id])).toHaveLength(1);
    expect((await refundMails(late.customer)).map((m) => m.subject)).toEqual([
      'We are refunding your payment of ₹900.00',
    ]);
    // Its stock went back, and the cart is still there to order again.
    expect((await shop.api(late.customer, 'GET', '/api/user/cart')).json()).toHaveLength(1);
  });

  it('place the order without the coupon when the payment covers the total without it, and refund the difference', async () => {
    // ₹505 of goods and ₹10 off: ₹495 + ₹49 delivery = ₹544 paid; ₹505 without the coupon (free delivery).
    await coupon('TENOFF', { kind: 'flat', flatPaise: 1_000, discountPercent: 100, usageLimit: 1 });
    const late = await cartOf(50_500);
    const started = await checkout(late.customer, { coupon: 'TENOFF' });
    expect(started.amount).toBe(54_400);
    await db()
      .update(couponRedemptions)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const other = await cartOf(100_000);
    const otherStart = await checkout(other.customer, { coupon: 'TENOFF' });
    await shop.createOrder(other.customer, await payAndVerify(other.customer, otherStart.id));
    const paid = await payAndVerify(late.customer, started.id);
    const answer = await shop.createOrder(late.customer, paid);
    expect(answer.statusCode, answer.body).toBe(200);
    const [order] = await ordersOf(late.customer);
    expect(order).toMatchObject({ couponCode: null, couponDiscountPaise: 0, deliveryPaise: 0 });
    expect(order!.totalPriceAfterDiscountPaise).toBe(50_500);
    expect(await usesOf('TENOFF')).toHaveLength(1);
    const refunds = await gatewayRefundsOf([paid.razorpay_payment_id]);
    expect(refunds.map((r) => r.amount)).toEqual([3_900]);
    expect(await paymentRow(paid.razorpay_payment_id)).toMatchObject({
      status: 'captured',
      refundReason: 'coupon-used-up-excess',
      refundPaise: 3_900,
    });
  });

  it('hold across cash on delivery and a paid checkout of the same cart', async () => {
    await coupon('MIXED', { usageLimit: 1, perCustomerLimit: 1 });
    const { customer } = await cartOf(100_000);
    const online = await checkout(customer, { coupon: 'MIXED', shippingInfo: testAddress });
    // Paid in the sheet; before the browser comes back, the same cart is ordered by cash on delivery.
    const paidInSheet = await shop.payWithGateway(online.id);
    const cod = await shop.api(customer, 'POST', '/api/user/order/cod', {
      coupon: 'MIXED',
      shippingInfo: testAddress,
    });
    expect(cod.statusCode, cod.body).toBe(200);
    expect((await shop.verify(customer, paidInSheet)).statusCode).toBe(200);
    expect((await shop.createOrder(customer, paidInSheet)).statusCode).toBe(409);
    expect(await ordersOf(customer)).toHaveLength(1);
    expect(await usesOf('MIXED')).toHaveLength(1);
    expect(await gatewayRefundsOf([paidInSheet.razorpay_payment_id])).toHaveLength(1);
  });
});
