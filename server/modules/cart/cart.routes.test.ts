import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor, setVariantFigures } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function productWithColors(spec: Parameters<typeof createProduct>[1] = {}) {
  const product = await createProduct(ctx.database.db, {
    colors: ['#000000', '#ffffff'],
    pricePaise: 149_900,
    ...spec,
  });
  const black = await ensureColor(ctx.database.db, '#000000');
  const white = await ensureColor(ctx.database.db, '#ffffff');
  return { product, black, white };
}

type Headers = Record<string, string>;
const add = (headers: Headers, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/cart', headers, payload });
const getCart = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/api/user/cart', headers });

describe('cart', () => {
  it('adds a line at the catalogue price, ignoring the price a client sends', async () => {
    const { headers, id } = await signUp(ctx.app);
    const { product, black } = await productWithColors();
    const response = await add(headers, { productId: product.id, color: black.id, quantity: 2, price: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      productId: product.id,
      color: black.id,
      quantity: 2,
      price: 1499,
      userId: id,
    });
    const cart = (await getCart(headers)).json();
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ quantity: 2, price: 1499, color: { _id: black.id, title: '#000000' } });
    expect(cart[0].productId).toMatchObject({ _id: product.id, title: product.title, price: 1499 });
  });

  it('merges the same product and colour into one line, and keeps colours apart', async () => {
    const { headers } = await signUp(ctx.app);
    const { product, black, white } = await productWithColors();
    await add(headers, { productId: product.id, color: black.id, quantity: 1 });
    await add(headers, { productId: product.id, color: black.id, quantity: 3 });
    await add(headers, { productId: product.id, color: white.id, quantity: 1 });
    const cart = (await getCart(headers)).json();
    expect(
      cart.map((l: { quantity: number; color: { title: string } }) => [l.color.title, l.quantity]),
    ).toEqual([
      ['#000000', 4],
      ['#ffffff', 1],
    ]);
  });

  it('keeps one line when the same item is added concurrently', async () => {
    const { headers, id } = await signUp(ctx.app);
    const { product, black } = await productWithColors();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => add(headers, { productId: product.id, color: black.id, quantity: 1 })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const rows = await ctx.database.db.select().from(cartLines).where(eq(cartLines.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.quantity).toBe(5);
  });

  it('enforces quantity 1..10, stock, colour and existence with 4xx messages', async () => {
    const { headers } = await signUp(ctx.app);
    const { product, black } = await productWithColors({ quantity: 3 });
    const other = await ensureColor(ctx.database.db, '#ff0000');
    const soldOut = await createProduct(ctx.database.db, { quantity: 0, colors: ['#000000'] });
    const cases: [object, number, RegExp][] = [
      [{ productId: product.id, color: black.id, quantity: 0 }, 400, /between 1 and 10/],
      [{ productId: product.id, color: black.id, quantity: 11 }, 400, /between 1 and 10/],
      [{ productId: product.id, color: black.id, quantity: 4 }, 400, /Only 3 left/],
      [{ productId: product.id, quantity: 1 }, 400, /Please choose color/],
      [{ productId: product.id, color: other.id, quantity: 1 }, 400, /Please choose color/],
      [{ productId: soldOut.id, color: black.id, quantity: 1 }, 400, /out of stock/],
      [
        { productId: '00000000-0000-0000-0000-000000000000', color: black.id, quantity: 1 },
        404,
        /does not exist/,
      ],
      [{ productId: { $ne: null }, color: black.id }, 400, /.+/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await add(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    await add(headers, { productId: product.id, color: black.id, quantity: 2 });
    const over = await add(headers, { productId: product.id, color: black.id, quantity: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/Only 3 left in stock, and 2 are already in your cart/);
  });

  it('shows the current price after a price change', async () => {
    const { headers } = await signUp(ctx.app);
    const { product, black } = await productWithColors();
    await add(headers, { productId: product.id, color: black.id, quantity: 1 });
    await setVariantFigures(ctx.database.db, product.id, { pricePaise: 99_900 });
    expect((await getCart(headers)).json()[0].price).toBe(999);
  });

  it('updates quantities within bounds and stock, and removes and empties lines', async () => {
    const { headers } = await signUp(ctx.app);
    const { product, black, white } = await productWithColors({ quantity: 6 });
    const line = (await add(headers, { productId: product.id, color: black.id, quantity: 1 })).json();
    await add(headers, { productId: product.id, color: white.id, quantity: 1 });
    const update = (q: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/user/update-product-cart/${line._id}/${q}`, headers });
    expect((await update('5')).json()).toMatchObject({ _id: line._id, quantity: 5 });
    expect((await update('7')).json().message).toMatch(/Only 6 left/);
    expect((await update('0')).statusCode).toBe(400);
    expect((await update('abc')).statusCode).toBe(400);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/delete-product-cart/${line._id}`,
      headers,
    });
    expect(removed.json()).toEqual({ message: 'Product removed from cart!', _id: line._id });
    expect((await getCart(headers)).json()).toHaveLength(1);
    const emptied = await ctx.app.inject({ method: 'DELETE', url: '/api/user/empty-cart', headers });
    expect(emptied.json()).toEqual({ message: 'Your cart is now empty.', deletedCount: 1 });
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/user/empty-cart', headers });
    expect(again.statusCode).toBe(200);
  });

  it("never lets one customer read, change or delete another's lines", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const { product, black } = await productWithColors();
    const line = (await add(alice.headers, { productId: product.id, color: black.id, quantity: 2 })).json();
    expect((await getCart(bob.headers)).json()).toEqual([]);
    const change = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/update-product-cart/${line._id}/1`,
      headers: bob.headers,
    });
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/delete-product-cart/${line._id}`,
      headers: bob.headers,
    });
    expect([change.statusCode, remove.statusCode]).toEqual([404, 404]);
    await ctx.app.inject({ method: 'DELETE', url: '/api/user/empty-cart', headers: bob.headers });
    expect((await getCart(alice.headers)).json()[0].quantity).toBe(2);
  });

  it('needs a valid token for every cart call', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/cart'],
      ['POST', '/api/user/cart'],
      ['DELETE', '/api/user/empty-cart'],
      ['DELETE', '/api/user/delete-product-cart/x'],
      ['DELETE', '/api/user/update-product-cart/x/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
