import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orders } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A coupon through a whole purchase (issues 15 and 14): the order placed keeps the coupon's use
 * for good — after the checkout's hold would have lapsed, the use still counts against the limit —
 * and the order carries the discount it was paid with.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000' });
});
afterAll(async () => {
  await ctx.close();
});
const shop = shoppingCalls(() => ctx.app);

describe('a coupon used by an order', () => {
  it('keeps its use once the order is placed, so a one-use coupon cannot be used again', async () => {
    const db = ctx.database.db;
    const [coupon] = await db
      .insert(coupons)
      .values({
        name: 'ONCEONLY',
        discountPercent: 10,
        usageLimit: 1,
        expiresAt: new Date('2099-12-31T00:00:00.000Z'),
      })
      .returning();
    const product = await createProduct(db, { pricePaise: 100_000, quantity: 10, colors: ['#000000'] });
    const color = await ensureColor(db, '#000000');

    const first = await signUp(ctx.app);
    await shop.addToCart(first, product.id, color.id, 1);
    const started = await shop.startCheckout(first, { amount: 1, coupon: 'onceonly' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().order.amount).toBe(90_000);
    const fields = await shop.payWithGateway(started.json().order.id);
    expect((await shop.verify(first, fields)).statusCode).toBe(200);
    const created = await shop.createOrder(first, fields);
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().order._id as string;

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      couponCode: 'ONCEONLY',
      couponDiscountPaise: 10_000,
      totalPriceAfterDiscountPaise: 90_000,
    });
    const [use] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon!.id));
    expect(use).toMatchObject({ orderId, discountPaise: 10_000 });

    // Long after the checkout's hold would have lapsed, the use still counts.
    await db
      .update(couponRedemptions)
      .set({ expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(couponRedemptions.couponId, coupon!.id));
    const second = await signUp(ctx.app);
    await shop.addToCart(second, product.id, color.id, 1);
    const refused = await shop.startCheckout(second, { amount: 1, coupon: 'ONCEONLY' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/ONCEONLY/);
  });

  it('refunds a returned unit at what was paid for it, its coupon share taken off', async () => {
    const db = ctx.database.db;
    await db.insert(coupons).values({
      name: 'TENOFF',
      discountPercent: 10,
      expiresAt: new Date('2099-12-31T00:00:00.000Z'),
    });
    const product = await createProduct(db, { pricePaise: 100_000, quantity: 10, colors: ['#000000'] });
    const color = await ensureColor(db, '#000000');
    const customer = await signUp(ctx.app);
    await shop.addToCart(customer, product.id, color.id, 2);
    const started = await shop.startCheckout(customer, { amount: 1, coupon: 'TENOFF' });
    expect(started.json().order.amount).toBe(180_000);
    const fields = await shop.payWithGateway(started.json().order.id);
    await shop.verify(customer, fields);
    const id = (await shop.createOrder(customer, fields)).json().order._id as string;

    const staff = await signInStaff(ctx.app, 'orders');
    const act = (path: string, payload: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/${path}`,
        headers: staff.headers,
        payload,
      });
    await act('ship', { carrier: 'Delhivery', awb: 'DLV55501' });
    await act('deliver');
    const detail = (await shop.api(customer, 'GET', `/api/user/orders/${id}`)).json();
    const returned = await shop.api(customer, 'POST', `/api/user/orders/${id}/return`, {
      lines: [{ lineId: detail.orderItems[0]._id, quantity: 1 }],
      reason: 'One is enough',
    });
    const returnId = returned.json().returns[0]._id as string;
    const received = await act(`returns/${returnId}/receive`, { restockable: true });
    expect(received.statusCode, received.body).toBe(200);
    // ₹1,000 less its ₹100 share of the coupon.
    expect(received.json()).toMatchObject({ refunded: 900, refundable: 900 });
  });
});
