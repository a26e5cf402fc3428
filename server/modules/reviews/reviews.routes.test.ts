import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rate = (headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/product/rating', headers, payload });

describe('reviews', () => {
  it('stores a review, recomputes the mean and returns the product with its reviews', async () => {
    const product = await createProduct(ctx.database.db);
    const asha = await signUp(ctx.app, { firstname: 'Asha', lastname: 'Rao' });
    const ravi = await signUp(ctx.app);
    await rate(asha.headers, { prodId: product.id, star: 5, comment: 'Lovely <b>watch</b>' });
    const response = await rate(ravi.headers, { prodId: product.id, star: 2, comment: 'Strap broke' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ _id: product.id, totalrating: 3.5, ratingCount: 2 });
    expect(body.ratings).toHaveLength(2);
    const ashas = body.ratings.find((r: { postedby: string }) => r.postedby === asha.id);
    // Plain text, stored as typed: the storefront renders it as text, never as HTML.
    expect(ashas).toMatchObject({
      star: 5,
      comment: 'Lovely <b>watch</b>',
      postedbyName: 'Asha R.',
      verifiedPurchase: false,
    });
  });

  it('replaces a customer’s earlier review instead of adding a second', async () => {
    const product = await createProduct(ctx.database.db);
    const customer = await signUp(ctx.app);
    await rate(customer.headers, { prodId: product.id, star: 1, comment: 'Bad' });
    const body = (
      await rate(customer.headers, { prodId: product.id, star: 4, comment: 'Better after update' })
    ).json();
    expect(body.ratingCount).toBe(1);
    expect(body.totalrating).toBe(4);
    expect(body.ratings[0].comment).toBe('Better after update');
  });

  it('keeps the mean right under concurrent reviews', async () => {
    const product = await createProduct(ctx.database.db);
    const customers = await Promise.all(Array.from({ length: 4 }, () => signUp(ctx.app)));
    await Promise.all(
      customers.map((c, i) => rate(c.headers, { prodId: product.id, star: i + 2, comment: `Review ${i}` })),
    );
    const final = (await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(final).toMatchObject({ ratingCount: 4, totalrating: 3.5 });
  });

  it('validates with the form messages and needs a token and a real product', async () => {
    const product = await createProduct(ctx.database.db);
    const customer = await signUp(ctx.app);
    const noStar = await rate(customer.headers, { prodId: product.id, comment: 'Nice' });
    expect(noStar.json().message).toBe('Please add star rating!');
    const noComment = await rate(customer.headers, { prodId: product.id, star: 4, comment: '  ' });
    expect(noComment.json().message).toBe('Please write review about product!');
    expect((await rate(customer.headers, { prodId: product.id, star: 9, comment: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await rate(customer.headers, { prodId: product.id, star: 4, comment: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await rate({}, { prodId: product.id, star: 4, comment: 'x' })).statusCode).toBe(401);
    expect((await rate(customer.headers, { prodId: 'nope', star: 4, comment: 'x' })).statusCode).toBe(404);
  });
});
