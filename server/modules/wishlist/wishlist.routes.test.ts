import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('wishlist', () => {
  it('toggles a product in and out, answering the user object with ids', async () => {
    const customer = await signUp(ctx.app);
    const product = await createProduct(ctx.database.db, { title: 'Sony WH-1000XM5' });
    const toggle = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/product/wishlist',
        headers: customer.headers,
        payload: { prodId: product.id },
      });
    const added = (await toggle()).json();
    expect(added).toMatchObject({
      _id: customer.id,
      email: customer.email,
      wishlist: [product.id],
      added: true,
    });
    expect(added).not.toHaveProperty('passwordHash');
    const full = (
      await ctx.app.inject({ method: 'GET', url: '/api/user/wishlist', headers: customer.headers })
    ).json();
    expect(full.wishlist).toHaveLength(1);
    expect(full.wishlist[0]).toMatchObject({
      _id: product.id,
      title: 'Sony WH-1000XM5',
      color: expect.any(Array),
    });
    expect((await toggle()).json()).toMatchObject({ wishlist: [], added: false });
  });

  it('answers 404 for an unknown product, 400 for a missing one, 401 without a token', async () => {
    const customer = await signUp(ctx.app);
    const put = (payload: object, headers: Record<string, string> = customer.headers) =>
      ctx.app.inject({ method: 'PUT', url: '/api/product/wishlist', headers, payload });
    expect((await put({ prodId: '00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await put({})).statusCode).toBe(400);
    expect((await put({ prodId: 'x' }, {})).statusCode).toBe(401);
  });

  it('keeps wishlists apart between customers', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const product = await createProduct(ctx.database.db);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/product/wishlist',
      headers: alice.headers,
      payload: { prodId: product.id },
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/wishlist', headers: bob.headers })).json()
        .wishlist,
    ).toEqual([]);
  });
});
