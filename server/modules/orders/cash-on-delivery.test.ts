import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codConfirmations,
  couponRedemptions,
  coupons,
  creditNotes,
  orders,
  products,
  refunds,
} from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { clearPincodes, loadDemoPincodes } from '../../test/pincodes.js';
import { type Customer, shoppingCalls, testAddress } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { textMessagesTo } from '../../test/text-messages.js';

/**
 * Cash on delivery through the API: placed unpaid with its stock taken, confirmed with
 * the e-mailed code, shipped (invoiced then), delivered, the cash collected, and a refund paid out
 * by UPI with its credit note; the limits, the codes' tries and the lapse of an unconfirmed order.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let staff: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestApp({ SMTP_URL: smtp.url, COD_MAX_ORDER: '20000' });
  staff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const db = () => ctx.database.db;

async function product(quantity = 10, pricePaise = 100_000) {
  const row = await createProduct(db(), { quantity, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(db(), '#000000');
  return { id: row.id, colorId: color.id };
}

const placeCod = (customer: Customer, body: object = {}) =>
  shop.api(customer, 'POST', '/api/user/order/cod', { shippingInfo: testAddress, ...body });
const confirm = (customer: Customer, id: string, code: string) =>
  shop.api(customer, 'POST', `/api/user/orders/${id}/confirm-cod`, { code });
const resend = (customer: Customer, id: string) =>
  shop.api(customer, 'POST', `/api/user/orders/${id}/cod-code`);
const mine = (customer: Customer, id: string) => shop.api(customer, 'GET', `/api/user/orders/${id}`);
const staffAct = (id: string, action: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${action}`,
    headers: staff.headers,
    payload,
  });

async function stockOf(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!.quantity;
}

async function orderRow(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Every mail to `to` whose subject matches, after waiting for at least `count` of them. */
async function mailsTo(to: string, subject: RegExp, count = 1) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.messages.filter((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
    if (found.length >= count) return found.map((m) => mailText(m.raw));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} e-mails to ${to} matching ${subject}`);
}

/** The newest code e-mailed to the customer ("123456 is your code to confirm order …"). */
async function codeFor(customer: Customer, orderNumber: string, count = 1) {
  const mails = await mailsTo(
    customer.email,
    new RegExp(`is your code to confirm order ${orderNumber}`),
    count,
  );
  const match = /Your confirmation code is (\d{6})\./.exec(mails.at(-1)!);
  return match![1]!;
}

/** A customer with `quantity` units of a fresh product in the cart. */
async function cartWith(quantity = 1, pricePaise = 100_000) {
  const customer = await signUp(ctx.app);
  const item = await product(10, pricePaise);
  await shop.addToCart(customer, item.id, item.colorId, quantity);
  return { customer, item };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a cash-on-delivery order', () => {
  it('is placed, confirmed with its code, shipped (and invoiced), delivered, marked paid and refunded by UPI', async () => {
    const { customer, item } = await cartWith(2, 150_000);
    const quote = await shop.api(customer, 'POST', '/api/user/order/quote', {});
    // No handling fee unless the shop sets one (cod-fee.test.ts): in cash, the same total.
    expect(quote.json().cashOnDelivery).toEqual({
      available: true,
      reason: null,
      limit: 20_000,
      fee: 0,
      total: 3000,
      taxIncluded: quote.json().taxIncluded,
    });

    const placed = await placeCod(customer, { expectedTotal: 3000 });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().order;
    expect(order).toMatchObject({
      paymentMethod: 'cod',
      state: 'unconfirmed',
      paymentStatus: 'unpaid',
      orderStatus: 'Ordered',
      totalPriceAfterDiscount: 3000,
      invoice: null,
      cod: { confirmed: false, channel: 'sms', amountDue: 3000 },
      allowed: { cancel: true, resendCode: true },
      paymentInfo: { razorpayPaymentId: '' },
    });
    // By SMS to the customer's mobile (the test provider), and by e-mail as well.
    expect(order.cod.sentTo).toBe(`••••••${customer.mobile.slice(-4)}`);
    expect(Date.parse(order.cod.nextCodeAt) - Date.parse(order.createdAt)).toBeGreaterThan(55_000);
    expect(order.events.map((e: { title: string }) => e.title)).toEqual(['Order placed: cash on delivery']);
    // Stock is taken at once, the cart emptied; nothing was charged, so nothing can be refunded.
    expect(await stockOf(item.id)).toBe(8);
    expect((await shop.api(customer, 'GET', '/api/user/cart')).json()).toEqual([]);
    expect(order.refundable).toBe(0);

    // Not before the customer confirms: the warehouse does not pack it.
    const early = await staffAct(order._id, 'pack');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/has not confirmed it with their code/);

    const code = await codeFor(customer, order.orderNumber);
    // The same code by SMS, in its DLT template, saying not to share it.
    const [sms] = await textMessagesTo(ctx.app, 'sms', customer.mobile, 'cod-code');
    expect(sms).toMatchObject({ params: { code, orderNumber: order.orderNumber, amount: '₹3,000.00' } });
    expect(sms?.text).toContain('Do not share it');
    const wrong = await confirm(customer, order._id, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/not right.*4 tries left/);
    const confirmed = await confirm(customer, order._id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      state: 'placed',
      cod: { confirmed: true, amountDue: 3000, nextCodeAt: null },
      allowed: { resendCode: false },
    });
    // Again: nothing changes, no second confirmation e-mail.
    expect((await confirm(customer, order._id, code)).statusCode).toBe(200);
    const confirmation = await mailsTo(customer.email, /is confirmed\. Please pay ₹3,000\.00 in cash/);
    expect(confirmation[0]).toContain('To pay on delivery: ₹3,000.00');

    expect((await staffAct(order._id, 'pack')).statusCode).toBe(200);
    const shipped = await staffAct(order._id, 'ship', { carrier: 'Delhivery', awb: 'DL123456789' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().invoice.number).toMatch(/^BB\/\d{2}-\d{2}\/\d{6}$/);
    expect(shipped.json().actions.collectCash).toBe(false);
    // The cash is collected on delivery, not before.
    const tooSoon = await staffAct(order._id, 'collect-cash');
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toMatch(/mark it delivered first/);
    expect((await staffAct(order._id, 'deliver')).json().actions.collectCash).toBe(true);

    const beforePaid = (await orderRow(order._id)).paidAt;
    const collected = await staffAct(order._id, 'collect-cash', { note: 'Courier remitted' });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'paid',
      payments: [],
      cod: { amountDue: 0 },
      actions: { collectCash: false, refund: true },
      refundable: 3000,
    });
    expect((await orderRow(order._id)).paidAt.getTime()).toBeGreaterThan(beforePaid.getTime());
    const listed = (await shop.api(customer, 'GET', '/api/user/getmyorders')).json().orders;
    expect(listed[0]).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'paid' });
    expect((await staffAct(order._id, 'collect-cash')).statusCode).toBe(200);

    // A refund cannot go back through a provider: staff pay it out and record how.
    const noPayout = await staffAct(order._id, 'refund', { reason: 'Late delivery', amount: 500 });
    expect(noPayout.statusCode).toBe(400);
    expect(noPayout.json().message).toMatch(/bank transfer or UPI/);
    const badReference = await staffAct(order._id, 'refund', {
      reason: 'Late delivery',
      amount: 500,
      payout: { method: 'upi', reference: 'x' },
    });
    expect(badReference.statusCode).toBe(400);
    const refunded = await staffAct(order._id, 'refund', {
      reason: 'Late delivery',
      amount: 500,
      payout: { method: 'upi', reference: 'UPI-432109876543' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      paymentStatus: 'partially_refunded',
      refunded: 500,
      refundable: 2500,
      refunds: [{ amount: 500, status: 'processed', method: 'upi', reference: 'UPI-432109876543' }],
    });
    expect(refunded.json().creditNotes).toHaveLength(1);
    const [noteRow] = await db().select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(noteRow!.amountPaise).toBe(50_000);
    const paidBack = await mailsTo(customer.email, /We have paid ₹500\.00 back to you by UPI/);
    expect(paidBack[0]).toContain('UPI reference: UPI-432109876543');

    const timeline = (await mine(customer, order._id)).json().events.map((e: { title: string }) => e.title);
    expect(timeline).toEqual([
      'Order placed: cash on delivery',
      'You confirmed the order with your code',
      'Packed',
      'Shipped with Delhivery (AWB DL123456789)',
      'Delivered',
      'Cash of ₹3,000.00 collected on delivery',
      '₹500.00 paid back by UPI (ref. UPI-432109876543)',
    ]);
  });

  it('is refunded by payout when returned goods are received, and a payout is refused for an order paid online', async () => {
    const { customer } = await cartWith(1, 80_000);
    const order = (await placeCod(customer)).json().order;
    await confirm(customer, order._id, await codeFor(customer, order.orderNumber));
    await staffAct(order._id, 'ship', { carrier: 'Blue Dart', awb: 'BD98765432' });
    await staffAct(order._id, 'deliver');
    await staffAct(order._id, 'collect-cash');
    const lineId = (await mine(customer, order._id)).json().orderItems[0]._id;
    const asked = await shop.api(customer, 'POST', `/api/user/orders/${order._id}/return`, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'Does not fit',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = asked.json().returns[0]._id;
    const receive = (payload: object) => staffAct(order._id, `returns/${returnId}/receive`, payload);
    expect((await receive({ restockable: true })).statusCode).toBe(400);
    const received = await receive({
      restockable: true,
      payout: { method: 'bank_transfer', reference: 'HDFCN52026112300001' },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      fulfilmentStatus: 'returned',
      paymentStatus: 'refunded',
      refunds: [{ amount: 800, method: 'bank_transfer', reference: 'HDFCN52026112300001' }],
    });

    // Online: the provider refunds; a payout is refused.
    const online = await cartWith(1, 80_000);
    const started = await shop.startCheckout(online.customer, { shippingInfo: testAddress });
    const fields = await shop.payWithGateway(started.json().order.id);
    await shop.verify(online.customer, fields);
    const onlineId = (await shop.createOrder(online.customer, fields)).json().order._id;
    const payout = await staffAct(onlineId, 'refund', {
      reason: 'Goodwill',
      amount: 10,
      payout: { method: 'upi', reference: 'UPI-1234567890' },
    });
    expect(payout.statusCode).toBe(400);
    expect(payout.json().message).toMatch(/paid online/);
    const collect = await staffAct(onlineId, 'collect-cash');
    expect(collect.statusCode).toBe(409);
    expect(collect.json().message).toMatch(/paid online: there is no cash to collect/);
    expect((await confirm(online.customer, onlineId, '123456')).statusCode).toBe(409);
  });

  it('limits wrong codes and new codes; a new code replaces the old one', async () => {
    const { customer } = await cartWith();
    const order = (await placeCod(customer)).json().order;
    const first = await codeFor(customer, order.orderNumber);
    const tooSoon = await resend(customer, order._id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/wait \d+ seconds/);

    for (let left = 4; left >= 0; left--) {
      const wrong = await confirm(customer, order._id, wrongCode(first));
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await confirm(customer, order._id, first);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/ask for a new code/);

    await db()
      .update(codConfirmations)
      .set({ lastSentAt: sql`now() - interval '2 minutes'` })
      .where(eq(codConfirmations.orderId, order._id));
    const again = await resend(customer, order._id);
    expect(again.statusCode, again.body).toBe(200);
    const second = await codeFor(customer, order.orderNumber, 2);
    if (second !== first) expect((await confirm(customer, order._id, first)).statusCode).toBe(400);
    expect((await confirm(customer, order._id, second)).json().state).toBe('placed');
    expect((await resend(customer, order._id)).statusCode).toBe(409);
  });

  it('lapses when not confirmed in time: cancelled, stock and coupon use back, the customer told', async () => {
    const [saver] = await db()
      .insert(coupons)
      .values({ name: 'CODLAPSE', discountPercent: 10, expiresAt: new Date('2099-12-31T00:00:00.000Z') })
      .returning();
    const { customer, item } = await cartWith(3);
    const order = (await placeCod(customer, { coupon: 'CODLAPSE' })).json().order;
    expect(order.breakup.coupon).toEqual({ code: 'CODLAPSE', discount: 300 });
    expect(await stockOf(item.id)).toBe(7);
    const code = await codeFor(customer, order.orderNumber);
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, saver!.id)),
    ).toHaveLength(1);

    // An order whose time is not up stays.
    expect(await ctx.app.services.cashOnDelivery.lapseUnconfirmed()).toBe(0);
    await db()
      .update(codConfirmations)
      .set({ confirmBy: sql`now() - interval '1 second'` })
      .where(eq(codConfirmations.orderId, order._id));
    const late = await confirm(customer, order._id, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/time to confirm .* has passed/);

    expect(await ctx.app.services.cashOnDelivery.lapseUnconfirmed()).toBe(1);
    expect(await ctx.app.services.cashOnDelivery.lapseUnconfirmed()).toBe(0);
    const lapsed = (await mine(customer, order._id)).json();
    expect(lapsed).toMatchObject({
      state: 'cancelled',
      orderStatus: 'Cancelled',
      paymentStatus: 'unpaid',
      refunds: [],
    });
    expect(lapsed.events.at(-1).title).toBe('Cancelled: not confirmed with the code in time');
    expect(await stockOf(item.id)).toBe(10);
    expect(
      await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, saver!.id)),
    ).toHaveLength(0);
    const told = await mailsTo(customer.email, /Subject: Your Bharat Bazaar order \w+ is cancelled/);
    expect(told[0]).toContain('was not confirmed with the code we sent in time');
    expect((await confirm(customer, order._id, code)).json().message).toMatch(
      /not confirmed in time and has been cancelled/,
    );
  });

  it("stays off the console's to-pack list until confirmed", async () => {
    const { customer } = await cartWith();
    const order = (await placeCod(customer)).json().order;
    const list = async (query: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: staff.headers })
      ).json().orders as { _id: string; awaitingCode: boolean; paymentMethod: string }[];
    expect((await list('payment=cod&limit=100')).find((row) => row._id === order._id)).toMatchObject({
      awaitingCode: true,
      paymentMethod: 'cod',
    });
    expect((await list('status=Ordered&limit=100')).some((row) => row._id === order._id)).toBe(false);
    await confirm(customer, order._id, await codeFor(customer, order.orderNumber));
    expect((await list('status=Ordered&limit=100')).find((row) => row._id === order._id)).toMatchObject({
      awaitingCode: false,
    });
  });

  it('is placed once when the same cart is sent twice at once; two payouts at once refund once', async () => {
    const { customer, item } = await cartWith(2);
    const [first, second] = await Promise.all([placeCod(customer), placeCod(customer)]);
    // One order. The other finds the cart empty (400, when it came second), its lines taken by the
    // first placement while it was being placed (409, when they overlapped on PostgreSQL), or the
    // first order waiting for its code (409: one unconfirmed order per account).
    const [placedOne, refused] = first.statusCode === 200 ? [first, second] : [second, first];
    expect(placedOne.statusCode, placedOne.body).toBe(200);
    expect([400, 409], refused.body).toContain(refused.statusCode);
    expect(refused.json().message).toMatch(/just ordered|cart is empty|waiting for the code/);
    expect(await stockOf(item.id)).toBe(8);
    const placed = placedOne.json().order;
    const mineNow = (await shop.api(customer, 'GET', '/api/user/getmyorders')).json().orders;
    expect(mineNow).toHaveLength(1);

    await confirm(customer, placed._id, await codeFor(customer, placed.orderNumber));
    await staffAct(placed._id, 'ship', { carrier: 'Delhivery', awb: 'DL55555555' });
    await staffAct(placed._id, 'deliver');
    await staffAct(placed._id, 'collect-cash');
    const payout = (reference: string) =>
      staffAct(placed._id, 'refund', { reason: 'Damaged', payout: { method: 'upi', reference } });
    const both = await Promise.all([payout('UPI-111111111'), payout('UPI-222222222')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, placed._id))).toHaveLength(1);
  });

  it('can be cancelled by the customer before confirming: nothing to refund, stock back', async () => {
    const { customer, item } = await cartWith(2);
    const order = (await placeCod(customer)).json().order;
    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${order._id}/cancel`, {
      reason: 'Ordered by mistake',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', refunds: [], cod: { amountDue: 0 } });
    expect(await stockOf(item.id)).toBe(10);
    expect((await db().select().from(refunds).where(eq(refunds.orderId, order._id))).length).toBe(0);
  });

  it('is refused above the limit, to a pincode without COD, without sign-in, and for another customer', async () => {
    const { customer } = await cartWith(1, 2_500_000);
    const quote = await shop.api(customer, 'POST', '/api/user/order/quote', {});
    expect(quote.json().cashOnDelivery).toEqual({
      available: false,
      reason: 'Cash on delivery is available for orders up to ₹20,000.00.',
      limit: 20_000,
      fee: 0,
      total: 25_000,
      taxIncluded: quote.json().taxIncluded,
    });
    const over = await placeCod(customer);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'Cash on delivery is available for orders up to ₹20,000.00. Please pay online.',
    );

    const small = await cartWith();
    await loadDemoPincodes(db());
    try {
      const kargil = await placeCod(small.customer, {
        shippingInfo: { ...testAddress, city: 'Kargil', state: 'Ladakh', pincode: '194103' },
      });
      expect(kargil.statusCode).toBe(400);
      expect(kargil.json().message).toBe(
        'Cash on delivery is not available for 194103 (Kargil). Please pay online.',
      );
      const unserved = await placeCod(small.customer, {
        shippingInfo: {
          ...testAddress,
          city: 'Hut Bay',
          state: 'Andaman and Nicobar Islands',
          pincode: '744207',
        },
      });
      expect(unserved.statusCode).toBe(400);
      expect(unserved.json().message).toMatch(/do not deliver to 744207/);
    } finally {
      await clearPincodes(db());
    }
    const changed = await placeCod(small.customer, { expectedTotal: 1 });
    expect(changed.statusCode).toBe(409);

    expect(
      (await shop.api(undefined, 'POST', '/api/user/order/cod', { shippingInfo: testAddress })).statusCode,
    ).toBe(401);
    const order = (await placeCod(small.customer)).json().order;
    const stranger = await signUp(ctx.app);
    expect((await confirm(stranger, order._id, '123456')).statusCode).toBe(404);
    expect((await resend(stranger, order._id)).statusCode).toBe(404);
    expect((await shop.api(stranger, 'POST', `/api/admin/orders/${order._id}/collect-cash`)).statusCode).toBe(
      403,
    );
    const badCode = await confirm(small.customer, order._id, '12ab');
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/6 digits/);
  });
});
