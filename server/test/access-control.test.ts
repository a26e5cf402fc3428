import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { signUp } from './customers.js';
import { createProduct, ensureColor } from './factories.js';
import { testAddress } from './shopping.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * The access matrix: every protected endpoint refuses a missing, malformed, expired and
 * revoked token with 401 JSON that says nothing about the resource, and no customer can read,
 * change or pay with another customer's things.
 */
let ctx: TestContext;
type Customer = Awaited<ReturnType<typeof signUp>>;
let owner: Customer;
let intruder: Customer;
let ownerLineId: string;
let ownerCheckoutOrderId: string;
let ownerPaidFields: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
let productId: string;

const address = testAddress;

/** `:line` in a path stands for the owner's cart line, known only once the data exists. */
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; payload?: () => object };

/** Every endpoint that needs a signed-in customer, with a plausible request. */
const protectedCalls: Call[] = [
  { method: 'GET', path: '/api/user/me' },
  { method: 'GET', path: '/api/user/me/export' },
  { method: 'GET', path: '/api/user/me/export/orders.csv' },
  { method: 'DELETE', path: '/api/user/me', payload: () => ({ currentPassword: 'a good long password' }) },
  { method: 'GET', path: '/api/user/me/marketing' },
  { method: 'PUT', path: '/api/user/me/marketing', payload: () => ({ subscribed: true }) },
  { method: 'GET', path: '/api/user/grievances' },
  { method: 'POST', path: '/api/user/verify-email/resend' },
  { method: 'POST', path: '/api/user/verify-mobile/send' },
  { method: 'POST', path: '/api/user/verify-mobile', payload: () => ({ code: '123456' }) },
  { method: 'POST', path: '/api/user/logout' },
  {
    method: 'PUT',
    path: '/api/user/edit-user',
    payload: () => ({ firstname: 'X', lastname: 'Y', email: 'x@example.in', mobile: '9876543210' }),
  },
  { method: 'GET', path: '/api/user/wishlist' },
  { method: 'PUT', path: '/api/product/wishlist', payload: () => ({ prodId: productId }) },
  { method: 'GET', path: '/api/user/cart' },
  { method: 'POST', path: '/api/user/cart', payload: () => ({ productId, color: 'x', quantity: 1 }) },
  { method: 'DELETE', path: '/api/user/delete-product-cart/:line' },
  { method: 'DELETE', path: '/api/user/update-product-cart/:line/2' },
  { method: 'DELETE', path: '/api/user/empty-cart' },
  {
    method: 'PUT',
    path: '/api/product/rating',
    payload: () => ({ star: 5, comment: 'Great', prodId: productId }),
  },
  { method: 'POST', path: '/api/user/order/checkout', payload: () => ({ amount: 1 }) },
  {
    method: 'POST',
    path: '/api/user/order/paymentVerification',
    payload: () => ({
      orderCreationId: ownerPaidFields.razorpay_order_id,
      razorpayOrderId: ownerPaidFields.razorpay_order_id,
      razorpayPaymentId: ownerPaidFields.razorpay_payment_id,
      razorpaySignature: ownerPaidFields.razorpay_signature,
    }),
  },
  {
    method: 'POST',
    path: '/api/user/cart/create-order',
    payload: () => ({
      shippingInfo: address,
      paymentInfo: {
        razorpayOrderId: ownerPaidFields.razorpay_order_id,
        razorpayPaymentId: ownerPaidFields.razorpay_payment_id,
      },
    }),
  },
  { method: 'GET', path: '/api/user/getmyorders' },
];

const send = (call: Call, authorization?: string) =>
  ctx.app.inject({
    method: call.method,
    url: call.path.replace(':line', ownerLineId),
    headers: authorization ? { authorization } : {},
    ...(call.payload ? { payload: call.payload() } : {}),
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const product = await createProduct(ctx.database.db, { quantity: 20, colors: ['#000000'] });
  const color = await ensureColor(ctx.database.db, '#000000');
  productId = product.id;
  [owner, intruder] = [await signUp(ctx.app), await signUp(ctx.app)];

  const line = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/cart',
    headers: owner.headers,
    payload: { productId, color: color.id, quantity: 2 },
  });
  expect(line.statusCode, line.body).toBe(201);
  ownerLineId = line.json()._id;
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/product/rating',
    headers: owner.headers,
    payload: { star: 4, comment: 'Owner review', prodId: productId },
  });
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/product/wishlist',
    headers: owner.headers,
    payload: { prodId: productId },
  });

  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/order/checkout',
    headers: owner.headers,
    payload: { amount: 1, shippingInfo: address },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  ownerCheckoutOrderId = checkout.json().order.id;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test-gateway/orders/${ownerCheckoutOrderId}/pay`,
    payload: { method: 'card' },
  });
  ownerPaidFields = paid.json();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A refusal that tells an intruder nothing: 401, JSON, a generic message, no data. */
function expectRefused(response: Awaited<ReturnType<typeof send>>, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const body = response.json();
  expect(Object.keys(body), label).toEqual(['message', 'requestId']);
  expect(response.body).not.toContain(productId);
  expect(response.body).not.toContain(owner.email);
}

describe('every protected endpoint refuses a bad token', () => {
  for (const call of protectedCalls) {
    it(`${call.method} ${call.path}: no token, malformed, unknown, expired and revoked`, async () => {
      expectRefused(await send(call), 'no token');
      expectRefused(await send(call, 'Bearer'), 'empty bearer');
      expectRefused(await send(call, 'Basic b3duZXI6c2VjcmV0'), 'basic auth');
      expectRefused(await send(call, `Bearer ${owner.token}x`), 'altered token');
      expectRefused(await send(call, `Bearer ${'A'.repeat(43)}`), 'unknown token');

      // Expired: a real session of a real customer whose time is up.
      const expiring = await signUp(ctx.app);
      await ctx.database.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.userId, expiring.id));
      expectRefused(await send(call, `Bearer ${expiring.token}`), 'expired');

      // Revoked: logged out on the server.
      const leaving = await signUp(ctx.app);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: leaving.headers,
      });
      expect(logout.statusCode).toBe(200);
      expectRefused(await send(call, `Bearer ${leaving.token}`), 'revoked');
    });
  }
});

describe("no customer reaches another customer's things", () => {
  it('cannot see, change or delete the cart lines of another', async () => {
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/user/cart', headers: intruder.headers });
    expect(cart.json()).toEqual([]);
    const update = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/update-product-cart/${ownerLineId}/9`,
      headers: intruder.headers,
    });
    expect(update.statusCode).toBe(404);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/delete-product-cart/${ownerLineId}`,
      headers: intruder.headers,
    });
    expect(remove.statusCode).toBe(404);
    await ctx.app.inject({ method: 'DELETE', url: '/api/user/empty-cart', headers: intruder.headers });

    const ownerCart = await ctx.app.inject({ method: 'GET', url: '/api/user/cart', headers: owner.headers });
    expect(ownerCart.json()).toEqual([expect.objectContaining({ _id: ownerLineId, quantity: 2 })]);
  });

  it('sees only their own wishlist and profile', async () => {
    const wishlist = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/wishlist',
      headers: intruder.headers,
    });
    expect(wishlist.json().wishlist).toEqual([]);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: intruder.headers });
    expect(me.json().email).toBe(intruder.email);
    expect(me.body).not.toContain(owner.email);
  });

  it("cannot verify or turn another customer's payment into an order", async () => {
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/order/paymentVerification',
      headers: intruder.headers,
      payload: {
        orderCreationId: ownerPaidFields.razorpay_order_id,
        razorpayOrderId: ownerPaidFields.razorpay_order_id,
        razorpayPaymentId: ownerPaidFields.razorpay_payment_id,
        razorpaySignature: ownerPaidFields.razorpay_signature,
      },
    });
    expect(verify.statusCode).toBeGreaterThanOrEqual(400);
    expect(verify.statusCode).toBeLessThan(500);
    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart/create-order',
      headers: intruder.headers,
      payload: {
        shippingInfo: address,
        paymentInfo: {
          razorpayOrderId: ownerPaidFields.razorpay_order_id,
          razorpayPaymentId: ownerPaidFields.razorpay_payment_id,
        },
      },
    });
    expect(order.statusCode).toBeGreaterThanOrEqual(400);
    expect(order.statusCode).toBeLessThan(500);
    const intruderOrders = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/getmyorders',
      headers: intruder.headers,
    });
    expect(intruderOrders.json().orders).toEqual([]);
  });

  it("replaces only their own review, never another customer's", async () => {
    const review = await ctx.app.inject({
      method: 'PUT',
      url: '/api/product/rating',
      headers: intruder.headers,
      payload: { star: 1, comment: 'Intruder review', prodId: productId },
    });
    expect(review.statusCode).toBe(200);
    const ratings = review.json().ratings as { comment: string; star: number }[];
    expect(ratings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ comment: 'Owner review', star: 4 }),
        expect.objectContaining({ comment: 'Intruder review', star: 1 }),
      ]),
    );
  });

  it('ignores a role or other privileged fields a customer sends', async () => {
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/edit-user',
      headers: intruder.headers,
      payload: {
        firstname: 'Intruder',
        lastname: 'Person',
        email: intruder.email,
        mobile: intruder.mobile,
        role: 'admin',
        isBlocked: false,
        _id: owner.id,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()._id).toBe(intruder.id);
    expect(edit.body).not.toContain('admin');
    const [row] = await queryRows<{ role: string }>(
      ctx.database.db,
      sql`select role from users where id = ${intruder.id}`,
    );
    expect(row?.role).toBe('user');
  });
});

describe('browser-facing security settings', () => {
  it('sends a CSP without inline scripts, with frame-ancestors none, nosniff and a referrer policy', async () => {
    const response = await ctx.app.inject('/api/product');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;| )/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sets no cookies and allows no cross-origin reads (tokens travel only in Authorization)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: owner.email, password: owner.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.headers['set-cookie']).toBeUndefined();
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/user/cart',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
