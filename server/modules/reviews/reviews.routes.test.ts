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
    await rate(asha.headers, { prodId: product.id, star: 5, comment: 'Lovely watch, I <3 it' });
    const response = await rate(ravi.headers, { prodId: product.id, star: 2, comment: 'Strap broke' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ _id: product.id, totalrating: 3.5, ratingCount: 2 });
    expect(body.ratings).toHaveLength(2);
    const ashas = body.ratings.find((r: { postedby: string }) => r.postedby === asha.id);
    // Plain text, stored as typed: a `<` that is not markup stays.
    expect(ashas).toMatchObject({
      star: 5,
      comment: 'Lovely watch, I <3 it',
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

  it('accepts half stars as the original star widget sends them, stores and averages them', async () => {
    const product = await createProduct(ctx.database.db);
    const [asha, ravi, meena] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
    const first = await rate(asha.headers, { prodId: product.id, star: 3.5, comment: 'Good, a bit heavy' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ totalrating: 3.5, ratingCount: 1, ratings: [{ star: 3.5 }] });
    // A form post sends the value as text.
    expect((await rate(ravi.headers, { prodId: product.id, star: '4.5', comment: 'Nice' })).statusCode).toBe(
      200,
    );
    const body = (await rate(meena.headers, { prodId: product.id, star: 1, comment: 'Broke' })).json();
    expect(body).toMatchObject({ ratingCount: 3, totalrating: 3 });
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(read.ratings.map((r: { star: number }) => r.star).sort()).toEqual([1, 3.5, 4.5]);
    expect(read.totalrating).toBe(3);
  });

  it('refuses stars between the halves and outside 1 to 5, saying what it takes', async () => {
    const product = await createProduct(ctx.database.db);
    const customer = await signUp(ctx.app);
    for (const star of [3.25, 4.9, 1.01]) {
      const response = await rate(customer.headers, { prodId: product.id, star, comment: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Choose whole or half stars: 1, 1.5, 2 and so on up to 5');
    }
    expect(
      (await rate(customer.headers, { prodId: product.id, star: 0.5, comment: 'x' })).json().message,
    ).toBe('Please add star rating!');
    expect(
      (await rate(customer.headers, { prodId: product.id, star: 5.5, comment: 'x' })).json().message,
    ).toBe('Ratings go from 1 to 5 stars');
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(read.ratingCount).toBe(0);
  });

  it('refuses markup in a review with a message saying what to change, and stores nothing', async () => {
    const product = await createProduct(ctx.database.db);
    const customer = await signUp(ctx.app);
    for (const comment of [
      'Lovely <b>watch</b>',
      'Nice <img src=x onerror=alert(1)>',
      '</textarea><script>alert(1)</script>',
      'Fine <!-- hidden -->',
      '<svg/onload=alert(1)>',
    ]) {
      const response = await rate(customer.headers, { prodId: product.id, star: 4, comment });
      expect(response.statusCode, comment).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Please write plain text, without HTML tags such as <b> or <a href>.',
        errors: { comment: 'Please write plain text, without HTML tags such as <b> or <a href>.' },
      });
    }
    const read = (await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(read.ratings).toEqual([]);
    // Comparisons and hearts are text to every browser, and stay as typed.
    const kept = await rate(customer.headers, {
      prodId: product.id,
      star: 4,
      comment: 'Battery < 2 days, 5 <3',
    });
    expect(kept.json().ratings[0].comment).toBe('Battery < 2 days, 5 <3');
  });
});
