import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareSizes } from '../../../shared/catalog.js';
import { createProduct } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * The store's size filter: a category's sizes in stock with their counts, lists and searches
 * narrowed to products that have a chosen size in stock, and a size that sells out leaving it.
 */
let ctx: TestContext;
let staff: SignedInStaff;
const shop = shoppingCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => ctx?.close());

/** A product of `category` sold in the sizes given, with each size's stock. */
async function sized(title: string, category: string, stock: Record<string, number>, option = 'Size') {
  const product = await createProduct(ctx.database.db, { title, category, brand: 'Fabindia' });
  const sizes = Object.keys(stock);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/products/${product.id}/variants`,
    headers: staff.headers,
    payload: {
      options: [{ name: option, values: sizes }],
      variants: sizes.map((size) => ({
        sku: `${product.slug}-${size}`.toUpperCase().replace(/\s+/g, ''),
        values: [size],
        price: 999,
        quantity: stock[size],
      })),
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { product, variants: saved.json().variants as { _id: string; sku: string }[] };
}

const get = async (url: string) => {
  const response = await shop.api(undefined, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const titles = async (url: string) =>
  ((await get(url)).json() as { title: string }[]).map((p) => p.title).sort();
const sizesOf = async (url: string) => (await get(url)).json().sizes as { title: string; count: number }[];

describe('the store’s size filter', () => {
  beforeAll(async () => {
    await sized('Cotton Kurta', 'Kurtas', { S: 2, M: 0, L: 1 });
    await sized('Linen Kurta', 'Kurtas', { M: 3, XL: 1 });
    await sized('Silk Kurta', 'Kurtas', { S: 0, XXL: 4 });
    await sized('Running Shoe', 'Shoes', { 'UK 10': 1, 'UK 7': 2, 'UK 8': 0 }, 'UK Size');
    await createProduct(ctx.database.db, { title: 'Plain Watch', category: 'Watches' });
  });

  it('offers a category’s sizes in stock, smallest first, with how many products have each', async () => {
    expect(await sizesOf('/api/product/facets?category=Kurtas')).toEqual([
      { title: 'S', count: 1 },
      { title: 'M', count: 1 },
      { title: 'L', count: 1 },
      { title: 'XL', count: 1 },
      { title: 'XXL', count: 1 },
    ]);
    expect(await sizesOf('/api/product/facets?category=Shoes')).toEqual([
      { title: 'UK 7', count: 1 },
      { title: 'UK 10', count: 1 },
    ]);
    // No category chosen: the whole shop's sizes are not a filter anyone asked for.
    expect(await sizesOf('/api/product/facets')).toEqual([]);
    expect(await sizesOf('/api/product/facets?category=Watches')).toEqual([]);
  });

  it('lists only products with a chosen size in stock, and counts the other filters within them', async () => {
    expect(await titles('/api/product?category=Kurtas&size=S')).toEqual(['Cotton Kurta']);
    expect(await titles('/api/product?category=Kurtas&size=M,XXL')).toEqual(['Linen Kurta', 'Silk Kurta']);
    expect((await get('/api/product?category=Kurtas&size=M,XXL')).headers['x-total-count']).toBe('2');
    // Cotton's M is sold out: it is not an M to buy.
    expect(await titles('/api/product?size=M')).toEqual(['Linen Kurta']);
    const facets = (await get('/api/product/facets?category=Kurtas&size=S')).json();
    expect(facets.categories.find((c: { title: string }) => c.title === 'Kurtas').count).toBe(1);
    expect(facets.availability).toEqual({ inStock: 1, outOfStock: 0 });
    // The size facet leaves its own filter out, so the other sizes can still be added.
    expect(facets.sizes.map((s: { title: string }) => s.title)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(await titles('/api/product?category=Kurtas&size=XXXS')).toEqual([]);
  });

  it('narrows a search to the sizes chosen, and counts the search’s sizes', async () => {
    expect(await titles('/api/product?q=kurta&size=L')).toEqual(['Cotton Kurta']);
    expect((await get('/api/product?q=kurta&size=L')).headers['x-total-count']).toBe('1');
    const facets = (await get('/api/product/facets?q=kurta&size=L')).json();
    expect(facets.brands.find((b: { title: string }) => b.title === 'Fabindia').count).toBe(1);
    expect(facets.sizes.map((s: { title: string }) => s.title)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(await sizesOf('/api/product/facets?q=kurta&category=Kurtas')).toHaveLength(5);
  });

  it('drops a size from the filter when it sells out, and brings it back with stock', async () => {
    const { product, variants } = await sized('Wool Kurta', 'Kurtas', { '3XL': 1 });
    expect(await titles('/api/product?size=3XL')).toEqual(['Wool Kurta']);
    const adjust = (delta: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/products/${product.id}/stock`,
        headers: staff.headers,
        payload: { variantId: variants[0]!._id, change: delta, reason: 'correction', note: 'counted' },
      });
    expect((await adjust(-1)).statusCode).toBe(200);
    expect(await titles('/api/product?size=3XL')).toEqual([]);
    expect((await adjust(2)).statusCode).toBe(200);
    expect(await titles('/api/product?size=3XL')).toEqual(['Wool Kurta']);
  });

  it('refuses too many sizes or one too long with a message', async () => {
    const many = Array.from({ length: 31 }, (_, n) => `S${n}`).join(',');
    const response = await shop.api(undefined, 'GET', `/api/product?size=${many}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Too many values for "size".');
  });
});

describe('the order of sizes', () => {
  it('lists letter sizes small to large, then numbers by their value, then the rest', () => {
    const sizes = ['XL', 'UK 10', 'Free', 'S', '3XL', 'UK 7', 'XXS', '32', 'M', '28'];
    expect(sizes.sort(compareSizes)).toEqual([
      'XXS',
      'S',
      'M',
      'XL',
      '3XL',
      'UK 7',
      'UK 10',
      '28',
      '32',
      'Free',
    ]);
  });
});
