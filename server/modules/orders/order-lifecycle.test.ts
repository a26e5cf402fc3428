import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, refunds, stockMovements, testGatewayRefunds } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { type Customer, shoppingCalls } from '../../test/shopping.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * The order lifecycle through the API: real purchases through the test gateway, then
 * staff and customers moving each order on, refunds through the gateway, and the races and
 * replays that must never refund twice, refund too much or cancel a shipped order.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let owner: SignedInStaff;
let ordersStaff: SignedInStaff;
let otherStaff: SignedInStaff;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Webhooks are delivered by the tests themselves (the gateway's own would come too late).
  ctx = await createTestApp({ SMTP_URL: smtp.url, TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000' });
  owner = await signInStaff(ctx.app, 'owner');
  ordersStaff = await signInStaff(ctx.app, 'orders');
  otherStaff = await signInStaff(ctx.app, 'orders');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const shop = shoppingCalls(() => ctx.app);
const gateway = () => ctx.app.services.testGateway!;

async function product(quantity = 10, pricePaise = 100_000) {
  const row = await createProduct(ctx.database.db, { quantity, pricePaise, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  return { id: row.id, colorId: color.id };
}

/** A customer buys the lines through the test gateway; answers the order's id. */
const buy = (customer: Customer, lines: { id: string; colorId: string; quantity: number }[]) =>
  shop.buy(customer, lines);

const asStaff = (who: SignedInStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const staffAct = (who: SignedInStaff, id: string, action: string, payload: object = {}) =>
  asStaff(who, 'POST', `/api/admin/orders/${id}/${action}`, payload);
const mine = (customer: Customer, id: string) => shop.api(customer, 'GET', `/api/user/orders/${id}`);

async function stockOf(id: string) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return { quantity: row!.quantity, sold: row!.sold };
}

async function orderRow(id: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Mail to `to` whose subject matches, once the queue has sent it. */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const found = smtp.messages.find((m) => m.to.includes(to) && subject.test(mailText(m.raw)));
    if (found) return mailText(found.raw);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

async function deliverWebhook(webhook: { body: Buffer; headers: Record<string, string> }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/test-gateway/webhook',
    headers: webhook.headers,
    payload: webhook.body,
  });
}

describe('an order from payment to refund', () => {
  it('is packed, shipped with tracking, delivered, partly returned and refunded, with every step on the timeline and in e-mail', async () => {
    const customer = await signUp(ctx.app);
    const phone = await product(10, 150_000);
    const cover = await product(10, 50_000);
    const id = await buy(customer, [
      { ...phone, quantity: 1 },
      { ...cover, quantity: 2 },
    ]);

    const placed = await mine(customer, id);
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({
      orderStatus: 'Ordered',
      state: 'placed',
      paymentStatus: 'paid',
      fulfilmentStatus: 'unfulfilled',
      shipment: null,
      allowed: { cancel: true, return: false, returnUntil: null },
      refundable: 2500,
      refunded: 0,
    });
    expect(placed.json().events.map((e: { type: string }) => e.type)).toEqual(['placed']);

    expect((await staffAct(ordersStaff, id, 'pack')).json()).toMatchObject({
      status: 'Processing',
      fulfilmentStatus: 'packed',
      actions: { pack: false, ship: true, deliver: false, cancel: true },
    });
    const shipped = await staffAct(ordersStaff, id, 'ship', {
      carrier: 'Delhivery',
      awb: 'DLV1234567890',
      trackingUrl: 'https://www.delhivery.com/track/package/DLV1234567890',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'Shipped', actions: { cancel: false, deliver: true } });

    const tracking = (await mine(customer, id)).json();
    expect(tracking).toMatchObject({
      orderStatus: 'Shipped',
      shipment: {
        carrier: 'Delhivery',
        awb: 'DLV1234567890',
        trackingUrl: 'https://www.delhivery.com/track/package/DLV1234567890',
      },
      allowed: { cancel: false, return: false },
    });
    expect(tracking.events.at(-1)).toMatchObject({
      type: 'shipped',
      by: 'staff',
      title: 'Shipped with Delhivery (AWB DLV1234567890)',
      actor: null,
    });
    expect(await mailTo(customer.email, /shipped/i)).toContain('DLV1234567890');

    // Too early for a return.
    const early = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: tracking.orderItems[0]._id, quantity: 1 }],
      reason: 'Changed my mind',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/has not been delivered yet/);

    expect((await staffAct(ordersStaff, id, 'deliver')).json()).toMatchObject({
      status: 'Delivered',
      state: 'completed',
    });
    await mailTo(customer.email, /delivered/i);
    const delivered = (await mine(customer, id)).json();
    expect(delivered.allowed.return).toBe(true);
    expect(new Date(delivered.allowed.returnUntil).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    // The customer returns one of the two covers.
    const coverLine = delivered.orderItems.find((l: { price: number }) => l.price === 500)._id;
    const tooMany = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: coverLine, quantity: 3 }],
      reason: 'Wrong size',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/only 2 of 2 can still be returned/);
    const returned = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: coverLine, quantity: 1 }],
      reason: 'Does not fit my phone',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const request = returned.json().returns[0];
    expect(request).toMatchObject({ status: 'requested', reason: 'Does not fit my phone' });

    const approved = await staffAct(ordersStaff, id, `returns/${request._id}/approve`, {
      note: 'Send it with the box',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await mailTo(customer.email, /return.*approved/i)).toContain('Send it with the box');

    const stockBefore = await stockOf(cover.id);
    const received = await staffAct(ordersStaff, id, `returns/${request._id}/receive`, { restockable: true });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      status: 'Delivered',
      paymentStatus: 'partially_refunded',
      refunded: 500,
      refundable: 2000,
      returns: [{ status: 'received' }],
      refunds: [{ amount: 500, status: 'processed' }],
    });
    const line = received.json().lines.find((l: { _id: string }) => l._id === coverLine);
    expect(line).toMatchObject({ refundedQuantity: 1, returnedQuantity: 1 });
    expect(await stockOf(cover.id)).toEqual({
      quantity: stockBefore.quantity + 1,
      sold: stockBefore.sold - 1,
    });

    const seen = (await mine(customer, id)).json();
    expect(seen.refunds[0]).toMatchObject({ amount: 500, status: 'processed' });
    expect(seen.refunds[0].reference).toMatch(/^rfnd_/);
    expect(seen.events.map((e: { type: string }) => e.type)).toEqual([
      'placed',
      'packed',
      'shipped',
      'delivered',
      'return_requested',
      'return_approved',
      'return_received',
      'refund_requested',
      'refunded',
    ]);
    const refundMail = await mailTo(customer.email, /We have refunded/);
    expect(refundMail).toMatch(/₹500\.00/);
    expect(refundMail).toContain(seen.refunds[0].reference);

    // The audit trail names the staff member for each step.
    const trail = await asStaff(owner, 'GET', `/api/admin/audit?entityType=order&entityId=${id}`);
    const actions = trail.json().events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'order.packed',
        'order.shipped',
        'order.delivered',
        'order.return.approve',
        'order.return.receive',
      ]),
    );
  });

  it('lets a customer cancel before it ships: stock back, the full amount refunded, an e-mail', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(5, 120_000);
    const id = await buy(customer, [{ ...item, quantity: 2 }]);
    expect(await stockOf(item.id)).toMatchObject({ quantity: 3, sold: 2 });

    const cancelled = await shop.api(customer, 'POST', `/api/user/orders/${id}/cancel`, {
      reason: 'Ordered by mistake',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      orderStatus: 'Cancelled',
      state: 'cancelled',
      paymentStatus: 'refunded',
      refunded: 2400,
      refundable: 0,
      refunds: [{ amount: 2400, status: 'processed' }],
      allowed: { cancel: false, return: false },
    });
    expect(cancelled.json().events.find((e: { type: string }) => e.type === 'cancelled')).toMatchObject({
      by: 'customer',
      title: 'Cancelled by you',
      note: 'Ordered by mistake',
    });
    expect(await stockOf(item.id)).toMatchObject({ quantity: 5, sold: 0 });
    const [movement] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, item.id));
    expect(movement).toMatchObject({ delta: 2, reason: 'cancelled' });
    expect(await mailTo(customer.email, /cancelled/i)).toMatch(/₹2,400\.00/);

    // Again: nothing changes; staff cannot ship it.
    const again = await shop.api(customer, 'POST', `/api/user/orders/${id}/cancel`, {
      reason: 'Ordered by mistake',
    });
    expect(again.statusCode).toBe(200);
    expect(await stockOf(item.id)).toMatchObject({ quantity: 5 });
    const ship = await staffAct(ordersStaff, id, 'ship', { carrier: 'DTDC', awb: 'D12345678' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().message).toMatch(/was cancelled/);
    const [gatewayRefunds] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(testGatewayRefunds)
      .where(
        sql`${testGatewayRefunds.idempotencyKey} in (select id::text from refunds where order_id = ${id})`,
      );
    expect(gatewayRefunds!.n).toBe(1);
  });

  it('keeps a captured payment captured when the late payment.authorized webhook arrives', async () => {
    const customer = await signUp(ctx.app);
    const item = await product();
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    const order = (await asStaff(ordersStaff, 'GET', `/api/admin/orders/${id}`)).json();
    expect(order.payments[0].status).toBe('captured');
    // The webhook the gateway scheduled at approval carries the payment as it was then.
    const payment = await gateway().fetchPayment(order.paymentInfo.razorpayPaymentId);
    const raw = Buffer.from(
      JSON.stringify({
        event: 'payment.authorized',
        payload: { payment: { entity: { ...payment, status: 'authorized', captured: false } } },
      }),
    );
    const late = await deliverWebhook({
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': gateway().signWebhook(raw),
        'x-razorpay-event-id': `evt_late_${payment!.id}`,
      },
    });
    expect(late.json()).toEqual({ status: 'processed' });
    const after = (await asStaff(ordersStaff, 'GET', `/api/admin/orders/${id}`)).json();
    expect(after.payments[0].status).toBe('captured');
    expect(after.paymentStatus).toBe('paid');
  });

  it("keeps each order to its customer: another's is a 404, no token a 401", async () => {
    const owner1 = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const item = await product();
    const id = await buy(owner1, [{ ...item, quantity: 1 }]);
    expect((await mine(stranger, id)).statusCode).toBe(404);
    const cancel = await shop.api(stranger, 'POST', `/api/user/orders/${id}/cancel`, {
      reason: 'Not mine at all',
    });
    expect(cancel.statusCode).toBe(404);
    expect((await orderRow(id)).state).toBe('placed');
    expect((await shop.api(undefined, 'GET', `/api/user/orders/${id}`)).statusCode).toBe(401);
    expect((await shop.api(owner1, 'GET', '/api/user/orders/not-an-id')).statusCode).toBe(400);
    // Staff tokens are not customers; shoppers are not staff.
    expect((await staffAct(ordersStaff, id, 'cancel', { reason: 'x' })).statusCode).toBe(400);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/refund`,
      headers: owner1.headers,
      payload: { reason: 'I want my money' },
    });
    expect(asShopper.statusCode).toBe(403);
  });

  it('refuses returns outside the window and lines not in the order', async () => {
    const customer = await signUp(ctx.app);
    const item = await product();
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    await staffAct(ordersStaff, id, 'ship', { carrier: 'Blue Dart', awb: 'BD998877' });
    await staffAct(ordersStaff, id, 'deliver');
    const lineId = (await mine(customer, id)).json().orderItems[0]._id;
    const unknown = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      reason: 'Broken screen',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/not in this order/);
    await ctx.database.db
      .update(orders)
      .set({ deliveredAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(orders.id, id));
    expect((await mine(customer, id)).json().allowed.return).toBe(false);
    const late = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId, quantity: 1 }],
      reason: 'Broken screen',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/return window .* closed on/);
  });
});

describe('refunds by staff', () => {
  it('refunds an amount or chosen lines, never above what is left, and says how much is left', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(10, 100_000);
    const id = await buy(customer, [{ ...item, quantity: 3 }]);
    const both = await staffAct(ordersStaff, id, 'refund', {
      reason: 'Price drop',
      amount: 100,
      lines: [{ lineId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(both.statusCode).toBe(400);
    const partial = await staffAct(ordersStaff, id, 'refund', {
      reason: 'Price drop goodwill',
      amount: 250.5,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      refunded: 250.5,
      refundable: 2749.5,
      paymentStatus: 'partially_refunded',
    });
    const lineId = partial.json().lines[0]._id;
    const byLines = await staffAct(ordersStaff, id, 'refund', {
      reason: 'One unit damaged',
      lines: [{ lineId, quantity: 2 }],
    });
    expect(byLines.json()).toMatchObject({ refunded: 2250.5, refundable: 749.5 });
    const tooMuch = await staffAct(ordersStaff, id, 'refund', {
      reason: 'Another unit damaged',
      lines: [{ lineId, quantity: 1 }],
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/Only ₹749\.50 .* is left to refund/);
    const rest = await staffAct(ordersStaff, id, 'refund', { reason: 'Closing the order' });
    expect(rest.json()).toMatchObject({
      refunded: 3000,
      refundable: 0,
      status: 'Refunded',
      paymentStatus: 'refunded',
    });
    const nothing = await staffAct(ordersStaff, id, 'refund', { reason: 'Once more' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toMatch(/nothing left to refund/);
  });

  it('two staff members refunding the same order at once: one refund, never above the amount paid', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(10, 200_000);
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    const [a, b] = await Promise.all([
      staffAct(ordersStaff, id, 'refund', { reason: 'Customer called' }),
      staffAct(otherStaff, id, 'refund', { reason: 'Customer e-mailed' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountPaise: 200_000, status: 'processed' });
    expect((await orderRow(id)).refundedPaise).toBe(200_000);
  });

  it('a customer cancelling while staff ship: one of them wins, and a shipped order is never cancelled', async () => {
    for (let round = 0; round < 4; round++) {
      const customer = await signUp(ctx.app);
      const item = await product();
      const id = await buy(customer, [{ ...item, quantity: 1 }]);
      const [cancel, ship] = await Promise.all([
        shop.api(customer, 'POST', `/api/user/orders/${id}/cancel`, { reason: 'Found it cheaper' }),
        staffAct(ordersStaff, id, 'ship', { carrier: 'Ekart', awb: `EK${round}0000001` }),
      ]);
      const row = await orderRow(id);
      expect([cancel.statusCode, ship.statusCode].sort()).toEqual([200, 409]);
      if (ship.statusCode === 200) {
        expect(row).toMatchObject({ state: 'placed', fulfilmentStatus: 'shipped', refundedPaise: 0 });
        expect(cancel.json().message).toMatch(/already shipped/);
      } else {
        expect(row).toMatchObject({ state: 'cancelled', fulfilmentStatus: 'unfulfilled' });
        expect(ship.json().message).toMatch(/was cancelled/);
      }
    }
  });
});

describe('refunds exactly once', () => {
  it('settles a refund once however often its webhook is replayed', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(10, 80_000);
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    gateway().scriptRefunds('pending');
    try {
      const started = await staffAct(ordersStaff, id, 'refund', { reason: 'Late delivery' });
      expect(started.json()).toMatchObject({ refunds: [{ status: 'pending' }], refunded: 0, refundable: 0 });
    } finally {
      gateway().scriptRefunds('processed');
    }
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(row!.providerRefundId).toMatch(/^rfnd_/);
    const webhook = await gateway().refundWebhook(row!.providerRefundId!);
    expect(webhook).toBeDefined();
    for (let i = 0; i < 10; i++) {
      // The same delivery again and again, and the same event under new ids (a provider retry).
      const replay =
        i % 2 === 0
          ? webhook!
          : {
              ...webhook!,
              headers: { ...webhook!.headers, 'x-razorpay-event-id': `evt_replay_${i}_${row!.id}` },
            };
      expect((await deliverWebhook(replay)).statusCode).toBe(200);
    }
    const after = (await mine(customer, id)).json();
    expect(after.refunds).toEqual([expect.objectContaining({ status: 'processed', amount: 800 })]);
    expect(after.refunded).toBe(800);
    expect(after.events.filter((e: { type: string }) => e.type === 'refunded')).toHaveLength(1);
    await mailTo(customer.email, /refund/i);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp.messages.filter(
        (m) =>
          m.to.includes(customer.email) &&
          /refund/i.test(mailText(m.raw)) &&
          !/cancel/i.test(mailText(m.raw)),
      ),
    ).toHaveLength(1);
  });

  it('a crash between asking and hearing back: reconciliation settles the refund the gateway made, once', async () => {
    const customer = await signUp(ctx.app);
    const item = await product(10, 60_000);
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    gateway().scriptRefunds('lose-answer');
    try {
      const lost = await staffAct(ordersStaff, id, 'refund', { reason: 'Wrong colour sent' });
      expect(lost.statusCode).toBe(200);
      expect(lost.json().refunds).toEqual([expect.objectContaining({ status: 'pending' })]);
      // Nobody can refund those rupees again while the first is unsettled.
      const second = await staffAct(otherStaff, id, 'refund', { reason: 'Wrong colour sent' });
      expect(second.statusCode).toBe(409);
    } finally {
      gateway().scriptRefunds('processed');
    }
    await ctx.app.services.settlement.reconcile({ minAgeMs: 0 });
    await ctx.app.services.settlement.reconcile({ minAgeMs: 0 });
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(row).toMatchObject({ status: 'processed', amountPaise: 60_000 });
    const atGateway = await ctx.database.db
      .select()
      .from(testGatewayRefunds)
      .where(eq(testGatewayRefunds.idempotencyKey, row!.id));
    expect(atGateway).toHaveLength(1);
    expect((await orderRow(id)).refundedPaise).toBe(60_000);
  });

  it('a request that never reached the gateway is asked again with the same key; a failed one frees its amount', async () => {
    const customer = await signUp(ctx.app);
    // ₹600: above the free-delivery threshold, so the order is the item alone.
    const item = await product(10, 60_000);
    const id = await buy(customer, [{ ...item, quantity: 1 }]);
    gateway().scriptRefunds('unreachable');
    try {
      await staffAct(ordersStaff, id, 'refund', { reason: 'Gateway down', amount: 100 });
    } finally {
      gateway().scriptRefunds('processed');
    }
    await ctx.app.services.settlement.reconcile({ minAgeMs: 0 });
    const [first] = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, id));
    expect(first).toMatchObject({ status: 'processed', amountPaise: 10_000 });
    expect(first!.attempts).toBe(2);

    gateway().scriptRefunds('fail');
    try {
      await staffAct(ordersStaff, id, 'refund', { reason: 'Bank will refuse', amount: 300 });
    } finally {
      gateway().scriptRefunds('processed');
    }
    const failing = (await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, id))).find(
      (r) => r.amountPaise === 30_000,
    )!;
    await deliverWebhook((await gateway().refundWebhook(failing.providerRefundId!))!);
    const after = (await mine(customer, id)).json();
    expect(after.refunds.map((r: { status: string }) => r.status)).toEqual(['processed', 'failed']);
    expect(after).toMatchObject({ refunded: 100, refundable: 500 });
    expect(after.events.at(-1)).toMatchObject({ type: 'refund_failed' });
  });
});
