import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
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
});
