import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProduct } from '../../../shared/api-types.js';
import { products } from '../../db/schema.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await createProduct(db, {
    title: 'Samsung Crystal 4K Smart TV',
    brand: 'Samsung',
    category: 'TVs',
    pricePaise: 4_299_000,
    quantity: 4,
    sold: 12,
    tags: ['featured'],
    createdAt: day(3),
    colors: ['#000000'],
  });
  await createProduct(db, {
    title: 'Dell Inspiron 15 Laptop',
    brand: 'Dell',
    category: 'Laptops',
    pricePaise: 6_499_000,
    quantity: 0,
    sold: 30,
    tags: ['popular'],
    createdAt: day(2),
    colors: ['#c0c0c0', '#000000'],
  });
  await createProduct(db, {
    title: 'boAt Airdopes 141',
    brand: 'boAt',
    category: 'Music & Gaming',
    pricePaise: 129_900,
    quantity: 50,
    tags: ['special', 'popular'],
    createdAt: day(5),
  });
  await createProduct(db, {
    title: 'Titan Neo Analog Watch',
    brand: 'Titan',
    category: 'Watches',
    pricePaise: 349_500,
    quantity: 7,
    tags: ['featured', 'special'],
    createdAt: day(1),
    description: '<p>Classic<script>alert(1)</script></p>',
  });
  await createProduct(db, {
    title: 'Samsung Galaxy S24',
    brand: 'Samsung',
    category: 'Mobiles & Tablets',
    pricePaise: 7_499_900,
    quantity: 9,
    createdAt: day(4),
  });
});
afterAll(() => ctx.close());

async function list(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/product${query}` });
  return { status: response.statusCode, body: response.json(), total: response.headers['x-total-count'] };
}
const titles = (products: ApiProduct[]) => products.map((p) => p.title);

describe('GET /api/product', () => {
  it('returns an array of products in the contract shape, newest first by default', async () => {
    const { status, body, total } = await list('');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(total).toBe('5');
    expect(titles(body)[0]).toBe('boAt Airdopes 141');
    const tv = (body as ApiProduct[]).find((p) => p.title.startsWith('Samsung Crystal'))!;
    expect(tv).toMatchObject({
      price: 42990,
      brand: 'Samsung',
      category: 'TVs',
      tags: 'featured',
      tagList: ['featured'],
      quantity: 4,
      sold: 12,
    });
    expect(tv._id).toMatch(/^[0-9a-f-]{36}$/);
    // Colours as ids in lists, as the original API answered (its admin client puts them in a cell).
    expect(tv.color).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(typeof tv.createdAt).toBe('string');
  });

  it('answers tags as one string, as the original API did, and every tag in tagList', async () => {
    const byTitle = new Map(((await list('')).body as ApiProduct[]).map((p) => [p.title, p]));
    const shape = (title: string) => {
      const { tags, tagList } = byTitle.get(title)!;
      return { tags, tagList };
    };
    expect(shape('Dell Inspiron 15 Laptop')).toEqual({ tags: 'popular', tagList: ['popular'] });
    // Several tags: the first in the fixed order featured, special, popular.
    expect(shape('boAt Airdopes 141')).toEqual({ tags: 'special', tagList: ['special', 'popular'] });
    expect(shape('Titan Neo Analog Watch')).toEqual({ tags: 'featured', tagList: ['featured', 'special'] });
    expect(shape('Samsung Galaxy S24')).toEqual({ tags: '', tagList: [] });

    const [watch] = (await list('?q=titan')).body as ApiProduct[];
    const detail = (await ctx.app.inject({ method: 'GET', url: `/api/product/${watch!._id}` })).json();
    expect(detail).toMatchObject({ tags: 'featured', tagList: ['featured', 'special'] });
  });

  it('finds the products of each tag the way the original clients look for them', async () => {
    // The original home page filters one list with `product.tags === 'special'`.
    const all = (await list('')).body as ApiProduct[];
    expect(titles(all.filter((p) => p.tags === 'featured')).sort()).toEqual([
      'Samsung Crystal 4K Smart TV',
      'Titan Neo Analog Watch',
    ]);
    expect(titles(all.filter((p) => p.tags === 'special'))).toEqual(['boAt Airdopes 141']);
    expect(titles(all.filter((p) => p.tags === 'popular'))).toEqual(['Dell Inspiron 15 Laptop']);
  });

  it('filters by any of several tags, as a comma list or repeated', async () => {
    const anyOf = [
      'Dell Inspiron 15 Laptop',
      'Samsung Crystal 4K Smart TV',
      'Titan Neo Analog Watch',
      'boAt Airdopes 141',
    ];
    const commaList = await list('?tags=featured,popular&sort=-title');
    expect(commaList.status).toBe(200);
    expect(commaList.total).toBe('4');
    expect(titles(commaList.body).sort()).toEqual([...anyOf].sort());
    expect(titles((await list('?tags=featured&tags=popular')).body).sort()).toEqual([...anyOf].sort());
    expect(titles((await list('?tags=featured&sort=title')).body)).toEqual([
      'Samsung Crystal 4K Smart TV',
      'Titan Neo Analog Watch',
    ]);
    expect((await list('?tags=featured,cheap')).status).toBe(400);
  });

  it('filters a category whose name has "&" when the client encodes it', async () => {
    // A shop owner's own names are theirs; only unencoded query values split at "&".
    expect(titles((await list('?category=Music%20%26%20Gaming')).body)).toEqual(['boAt Airdopes 141']);
  });

  it('filters by brand, category, tag and price in rupees', async () => {
    expect(titles((await list('?brand=Samsung')).body).sort()).toEqual([
      'Samsung Crystal 4K Smart TV',
      'Samsung Galaxy S24',
    ]);
    expect(titles((await list('?category=Laptops')).body)).toEqual(['Dell Inspiron 15 Laptop']);
    expect(titles((await list('?tags=special&sort=title')).body)).toEqual([
      'boAt Airdopes 141',
      'Titan Neo Analog Watch',
    ]);
    expect(titles((await list('?price[gte]=3495&price[lte]=42990&sort=price')).body)).toEqual([
      'Titan Neo Analog Watch',
      'Samsung Crystal 4K Smart TV',
    ]);
    expect(titles((await list('?price[gt]=3495&price[lt]=42990')).body)).toEqual([]);
  });

  it('accepts the doubled & and trailing separators real clients send', async () => {
    const { status, body } = await list('?brand=Samsung&&tags=featured&&price[gte]=100&&sort=-price&&');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Samsung Crystal 4K Smart TV']);
  });

  it('sorts by each of the six store options', async () => {
    expect(titles((await list('?sort=title')).body)).toEqual([
      'boAt Airdopes 141',
      'Dell Inspiron 15 Laptop',
      'Samsung Crystal 4K Smart TV',
      'Samsung Galaxy S24',
      'Titan Neo Analog Watch',
    ]);
    expect(titles((await list('?sort=-title')).body)[0]).toBe('Titan Neo Analog Watch');
    expect(titles((await list('?sort=-price')).body)[0]).toBe('Samsung Galaxy S24');
    expect(titles((await list('?sort=price')).body)[0]).toBe('boAt Airdopes 141');
    expect(titles((await list('?sort=-createdAt')).body)[0]).toBe('boAt Airdopes 141');
    expect(titles((await list('?sort=createdAt')).body)[0]).toBe('Titan Neo Analog Watch');
    expect(titles((await list('?sort=-sold,title')).body).slice(0, 2)).toEqual([
      'Dell Inspiron 15 Laptop',
      'Samsung Crystal 4K Smart TV',
    ]);
  });

  it('filters by availability and free text, including a typo', async () => {
    expect(titles((await list('?availability=out-of-stock')).body)).toEqual(['Dell Inspiron 15 Laptop']);
    expect((await list('?availability=in-stock')).total).toBe('4');
    expect(titles((await list('?q=galaxy')).body)).toEqual(['Samsung Galaxy S24']);
    expect(titles((await list('?q=samsng&sort=title')).body)).toEqual([
      'Samsung Crystal 4K Smart TV',
      'Samsung Galaxy S24',
    ]);
  });

  it('needs all but one of three words when no product holds them all, then any of them', async () => {
    const searches: [string, string[]][] = [
      // A product saying only "samsung" or only "watch" is not what this search asks for.
      ['samsung smart watch', ['Samsung Crystal 4K Smart TV']],
      // No two of these words are in one product: any of them will do.
      ['galaxy titan inspiron', ['Dell Inspiron 15 Laptop', 'Samsung Galaxy S24', 'Titan Neo Analog Watch']],
    ];
    for (const [q, expected] of searches) {
      const { body, total } = await list(`?q=${encodeURIComponent(q)}&sort=title`);
      expect(titles(body), q).toEqual(expected);
      expect(total, q).toBe(String(expected.length));
      // By relevance too: the same products.
      const ranked = await list(`?q=${encodeURIComponent(q)}`);
      expect(titles(ranked.body).sort(), q).toEqual(expected);
    }
  });

  it('pages with page and limit and reports the total', async () => {
    const first = await list('?sort=title&limit=2&page=1');
    const second = await list('?sort=title&limit=2&page=2');
    expect(first.body).toHaveLength(2);
    expect(first.total).toBe('5');
    expect(titles(second.body)).not.toContain(titles(first.body)[0]);
  });

  it.each([
    ['?price[gte]=abc', /price\[gte\]/],
    ['?price[$ne]=1', /Unknown filter/],
    ['?sort=password', /Cannot sort/],
    ['?sort=category,-price', /Cannot sort/],
    ['?limit=1000', /limit/],
    ['?page=0', /page/],
    ['?availability=maybe', /availability/],
    ['?tags=cheap', /Unknown tag/],
    ['?limit=2&limit=3', /only once/],
    ['?brand[$regex]=.*', /Unknown filter/],
  ])('answers 400 with a message for %s', async (query, message) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });
});

describe('GET /api/product/:id', () => {
  it('finds a product by id or slug with colours and sanitized description', async () => {
    const [watch] = (await list('?q=titan')).body as ApiProduct[];
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/product/${watch!._id}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json().description).toBe('<p>Classic</p>');
    expect(byId.json().ratings).toEqual([]);
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/product/${watch!.slug}` });
    expect(bySlug.json()._id).toBe(watch!._id);
  });

  it("answers a picture's address, size and text, not the upload it came from, on its page and in lists", async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, { title: 'Quokka Uploaded Picture Lamp' });
    const uploaded = { url: '/media/products/quokka-lamp.webp', width: 800, height: 600, alt: 'A lamp' };
    await db
      .update(products)
      .set({ images: [{ ...uploaded, public_id: 'products/quokka-lamp' }] })
      .where(eq(products.id, product.id));
    ctx.app.services.catalog.invalidate(); // what the console's edits do
    const page = await ctx.app.inject({ method: 'GET', url: `/api/product/${product.id}` });
    const [listed] = (await list('?q=quokka lamp')).body as ApiProduct[];
    for (const images of [page.json().images, listed!.images]) {
      expect(images).toEqual([{ ...uploaded, url: expect.stringMatching(/\/quokka-lamp\.webp$/) }]);
    }
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    // Slugs reach PGlite's named statement as quoted literals (db/pglite-statements.ts).
    const awkward = ["1' or '1'='1", '%00', 'a\\"b', '{x,y}', "''", 'NULL', '$1'];
    for (const id of ['00000000-0000-0000-0000-000000000000', 'no-such-product', ...awkward]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/product/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/does not exist/);
    }
  });

  it('answers each of many pages asked for at once with its own product (they are read together)', async () => {
    const all = (await list('?limit=100')).body as ApiProduct[];
    expect(all.length).toBeGreaterThan(3);
    const keys = all.flatMap((p) => [p._id, p.slug]);
    const unknown = ['00000000-0000-0000-0000-000000000000', 'no-such-product'];
    const answers = await Promise.all(
      [...keys, ...unknown].map((key) => ctx.app.inject({ method: 'GET', url: `/api/product/${key}` })),
    );
    answers.slice(0, keys.length).forEach((answer, i) => {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()._id).toBe(all[Math.floor(i / 2)]!._id);
    });
    expect(answers.slice(keys.length).map((a) => a.statusCode)).toEqual([404, 404]);
  });
});

describe('GET /api/product/suggestions', () => {
  const suggest = async (q: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/product/suggestions?q=${encodeURIComponent(q)}`,
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('needs at least two characters', async () => {
    expect((await suggest('s')).status).toBe(400);
  });

  it('matches prefixes first and tolerates typos', async () => {
    expect((await suggest('sams')).body.map((s: { title: string }) => s.title)).toEqual([
      'Samsung Crystal 4K Smart TV',
      'Samsung Galaxy S24',
    ]);
    expect((await suggest('samsng')).body.length).toBe(2);
    expect((await suggest('lapptop')).body.map((s: { title: string }) => s.title)).toContain(
      'Dell Inspiron 15 Laptop',
    );
    const [first] = (await suggest('titan')).body;
    expect(first).toMatchObject({
      title: 'Titan Neo Analog Watch',
      price: 3495,
      brand: 'Titan',
      // Absolute (PUBLIC_URL/media), for clients on other origins.
      image: expect.stringMatching(/^http:\/\/localhost:3000\/media\/products\//),
    });
  });

  it('treats LIKE wildcards as text', async () => {
    expect((await suggest('%%')).body).toEqual([]);
  });
});

describe('GET /api/product/facets', () => {
  it('counts each facet under the other filters', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/product/facets?brand=Samsung' });
    const facets = response.json();
    expect(response.statusCode).toBe(200);
    // The brand facet ignores the brand filter itself, so other brands stay selectable.
    expect(facets.brands).toEqual(
      expect.arrayContaining([
        { title: 'Dell', count: 1 },
        { title: 'Samsung', count: 2 },
      ]),
    );
    expect(facets.categories).toEqual(
      expect.arrayContaining([
        { title: 'TVs', count: 1 },
        { title: 'Laptops', count: 0 },
      ]),
    );
    expect(facets.availability).toEqual({ inStock: 2, outOfStock: 0 });
    expect(facets.price).toEqual({ min: 42990, max: 74999 });
    expect(facets.tags).toEqual([{ title: 'featured', count: 1 }]);
  });
});

describe('GET /api/product without a limit', () => {
  // Clients of the original API send no limit and have no paging: they must see the catalogue.
  let big: TestContext;
  beforeAll(async () => {
    big = await createTestApp();
    const first = await createProduct(big.database.db, { title: 'Bulk product 000' });
    // One insert for the rest: 104 factory calls would cost seconds of set-up.
    await big.database.db.insert(products).values(
      Array.from({ length: 104 }, (_, i) => {
        const title = `Bulk product ${String(i + 1).padStart(3, '0')}`;
        return {
          title,
          slug: title.toLowerCase().replaceAll(' ', '-'),
          description: '<p>A fine product.</p>',
          pricePaise: first.pricePaise,
          categoryId: first.categoryId,
          brandId: first.brandId,
          quantity: 10,
          images: first.images,
        };
      }),
    );
  });
  afterAll(() => big.close());

  const get = (url: string) => big.app.inject({ method: 'GET', url });

  it('answers up to 100 products, with the total in X-Total-Count', async () => {
    const response = await get('/api/product');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(100);
    expect(response.headers['x-total-count']).toBe('105');
    const rest = await get('/api/product?page=2');
    expect(rest.json()).toHaveLength(5);
  });

  it('still answers the limit a page asks for', async () => {
    const response = await get('/api/product?limit=24&sort=title');
    expect(response.json()).toHaveLength(24);
    expect(response.json()[0].title).toBe('Bulk product 000');
    expect(response.headers['x-total-count']).toBe('105');
  });
});
