import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor, setVariantFigures } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
  // These tests write products behind the server's back to see what the cache keeps. The shelf
  // index (decision 023, shelf-index.test.ts) trusts announced changes only; it stands aside here,
  // so lists come from SQL through the cache.
  ctx.app.services.catalog.setHearingChanges(false);
});
afterAll(() => ctx.close());

const get = async (url: string) => (await ctx.app.inject(url)).json();

/** The catalogue micro-cache: fast repeated reads, never stale after this server changes a product. */
describe('catalogue cache', () => {
  it('serves repeated reads from memory', async () => {
    await createProduct(ctx.database.db, { title: 'Cached kettle', category: 'Home Appliances' });
    const first = await get('/api/product?category=Home Appliances');
    // Written behind the server's back: a cached read does not see it yet.
    await createProduct(ctx.database.db, { title: 'Sneaky toaster', category: 'Home Appliances' });
    const second = await get('/api/product?category=Home Appliances');
    expect(second).toEqual(first);
  });

  it('shows new stock at once after an order, and a new rating after a review', async () => {
    const product = await createProduct(ctx.database.db, { quantity: 5, colors: ['#123456'] });
    const color = await ensureColor(ctx.database.db, '#123456');
    expect((await get(`/api/product/${product.id}`)).quantity).toBe(5);

    const customer = await signUp(ctx.app);
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      ctx.app.inject({ method, url, headers: customer.headers, payload });
    await call('POST', '/api/user/cart', { productId: product.id, color: color.id, quantity: 2 });
    const checkout = (await call('POST', '/api/user/order/checkout', { amount: 1 })).json();
    const paid = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/test-gateway/orders/${checkout.order.id}/pay`,
        payload: { method: 'card' },
      })
    ).json();
    const verified = await call('POST', '/api/user/order/paymentVerification', {
      orderCreationId: paid.razorpay_order_id,
      razorpayOrderId: paid.razorpay_order_id,
      razorpayPaymentId: paid.razorpay_payment_id,
      razorpaySignature: paid.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const order = await call('POST', '/api/user/cart/create-order', {
      shippingInfo: {
        firstName: 'Asha',
        lastName: 'Rao',
        address: '1 MG Road',
        landmark: 'Near the park',
        city: 'Pune',
        state: 'Maharashtra',
        country: 'India',
        pincode: '411001',
      },
      paymentInfo: { razorpayOrderId: paid.razorpay_order_id, razorpayPaymentId: paid.razorpay_payment_id },
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(await get(`/api/product/${product.id}`)).toMatchObject({ quantity: 3, sold: 2 });

    await call('PUT', '/api/product/rating', { prodId: product.id, star: 4, comment: 'Good' });
    expect(await get(`/api/product/${product.id}`)).toMatchObject({ totalrating: 4, ratingCount: 1 });
  });

  it("forgets what an announced change makes stale, whoever sent it (an operator's NOTIFY too)", async () => {
    const product = await createProduct(ctx.database.db, { title: 'Announced lamp', category: 'Lighting' });
    const list = '/api/product?category=Lighting';
    const page = `/api/product/${product.id}`;
    expect((await get(list)).map((p: { title: string }) => p.title)).toEqual(['Announced lamp']);
    expect((await get(page)).quantity).toBe(10);

    // Behind the server's back: more stock and a new product.
    await setVariantFigures(ctx.database.db, product.id, { quantity: 25 });
    await createProduct(ctx.database.db, { title: 'Announced shade', category: 'Lighting' });

    // 'stock' makes product pages go, and leaves lists as they were.
    await ctx.database.db.execute(sql`notify catalog_changed, 'stock'`);
    await until(async () => (await get(page)).quantity === 25);
    expect(await get(list)).toHaveLength(1);

    // 'all' (or anything this version does not know) makes everything go.
    await ctx.database.db.execute(sql`notify catalog_changed, 'all'`);
    await until(async () => (await get(list)).length === 2);
  });
});

/** Announcements arrive at once on PGlite, within milliseconds on PostgreSQL. */
async function until(condition: () => Promise<boolean>, timeoutMs = 2_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
