import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { insertOrder } from '../../test/orders.js';
import { shoppingCalls } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * An archived product leaves every face of the storefront (lists, search, suggestions, facets, the
 * sitemap, its page, carts, wishlists, checkouts) but keeps its history: orders still show it, and
 * restoring it brings it back.
 */
let ctx: TestContext;
let manager: SignedInStaff;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});

const staffCall = (url: string) => ctx.app.inject({ method: 'POST', url, headers: manager.headers });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('an archived product', () => {
  it('leaves lists, search, suggestions, facets, the sitemap and its page; restoring brings it back', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, {
      title: 'Quokka Archivable Speaker',
      category: 'Quokka Audio',
      brand: 'Quokkabrand',
    });
    const sibling = await createProduct(db, {
      title: 'Quokka Other Speaker',
      category: 'Quokka Audio',
      brand: 'Quokkabrand',
    });
    const visible = async () => {
      const list = (await get('/api/product?category=Quokka%20Audio')).json() as { _id: string }[];
      const search = (await get('/api/product?q=archivable')).json() as { _id: string }[];
      const suggestions = (await get('/api/product/suggestions?q=quokka%20arch')).json() as { _id: string }[];
      const facets = (await get('/api/product/facets?category=Quokka%20Audio')).json();
      const sitemap = (await get('/sitemaps/products-1.xml')).body + (await get('/sitemap.xml')).body;
      return {
        list: list.some((p) => p._id === product.id),
        search: search.some((p) => p._id === product.id),
        suggestions: suggestions.some((p) => p._id === product.id),
        brandCount: facets.brands.find((b: { title: string }) => b.title === 'Quokkabrand')?.count,
        sitemap: sitemap.includes(`/product/${product.slug}<`),
        page: (await get(`/api/product/${product.slug}`)).statusCode,
        pageById: (await get(`/api/product/${product.id}`)).statusCode,
      };
    };
    const onSale = {
      list: true,
      search: true,
      suggestions: true,
      brandCount: 2,
      sitemap: true,
      page: 200,
      pageById: 200,
    };
    expect(await visible()).toEqual(onSale);

    expect((await staffCall(`/api/admin/products/${product.id}/archive`)).statusCode).toBe(200);
    expect(await visible()).toEqual({
      list: false,
      search: false,
      suggestions: false,
      brandCount: 1,
      sitemap: false,
      page: 404,
      pageById: 404,
    });
    // Its sibling is untouched.
    expect((await get(`/api/product/${sibling.slug}`)).statusCode).toBe(200);

    expect((await staffCall(`/api/admin/products/${product.id}/restore`)).statusCode).toBe(200);
    expect(await visible()).toEqual(onSale);
  });

  it('cannot be added to a cart or a wishlist, and a cart holding it cannot check out (the message names it)', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, {
      title: 'Quokka Carted Kettle',
      colors: ['#445566'],
      quantity: 5,
    });
    const colour = await ensureColor(db, '#445566');
    const other = await createProduct(db, { title: 'Quokka Toaster', colors: ['#445566'], quantity: 5 });
    const shopper = await signUp(ctx.app);
    await shop.addToCart(shopper, product.id, colour.id, 1);
    await shop.addToCart(shopper, other.id, colour.id, 1);
    const wish = await shop.api(shopper, 'PUT', '/api/product/wishlist', { prodId: product.id });
    expect(wish.statusCode).toBe(200);

    await staffCall(`/api/admin/products/${product.id}/archive`);

    const add = await shop.api(shopper, 'POST', '/api/user/cart', {
      productId: product.id,
      color: colour.id,
      quantity: 1,
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().message).toBe('Sorry, Quokka Carted Kettle is no longer sold.');

    const another = await signUp(ctx.app);
    const wishAgain = await shop.api(another, 'PUT', '/api/product/wishlist', { prodId: product.id });
    expect(wishAgain.statusCode).toBe(404);
    expect(wishAgain.json().message).toMatch(/no longer sold/);
    // The wishlist that saved it no longer shows it.
    const wishlist = (await shop.api(shopper, 'GET', '/api/user/wishlist')).json();
    expect(wishlist.wishlist.map((p: { _id: string }) => p._id)).toEqual([]);

    const checkout = await shop.startCheckout(shopper);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().message).toBe(
      'Quokka Carted Kettle is no longer sold. Please remove it from your cart.',
    );

    // Removing it from the cart lets the rest check out.
    const cart = (await shop.api(shopper, 'GET', '/api/user/cart')).json() as {
      _id: string;
      productId: { _id: string };
    }[];
    const line = cart.find((l) => l.productId._id === product.id)!;
    expect((await shop.api(shopper, 'DELETE', `/api/user/delete-product-cart/${line._id}`)).statusCode).toBe(
      200,
    );
    expect((await shop.startCheckout(shopper)).statusCode).toBe(200);
  });

  it('keeps its history: orders still show their lines', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { title: 'Quokka Ordered Lamp', colors: ['#556677'] });
    const colour = await ensureColor(db, '#556677');
    const shopper = await signUp(ctx.app);
    await insertOrder(db, {
      userId: shopper.id,
      lines: [
        {
          productId: product.id,
          colorId: colour.id,
          title: 'Quokka Ordered Lamp',
          pricePaise: product.pricePaise,
        },
      ],
    });
    await staffCall(`/api/admin/products/${product.id}/archive`);
    const mine = await shop.api(shopper, 'GET', '/api/user/getmyorders');
    expect(mine.statusCode).toBe(200);
    const [order] = mine.json().orders;
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0].product).toMatchObject({ _id: product.id, title: 'Quokka Ordered Lamp' });
  });
});
