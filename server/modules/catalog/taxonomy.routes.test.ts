import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, blogs, brands, productColors, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureColor } from '../../test/factories.js';
import { shoppingCalls } from '../../test/shopping.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let manager: SignedInStaff;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });

async function auditFor(entityId: string) {
  return ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.createdAt);
}

let n = 0;
const unique = (word: string) => `${word} ${process.pid}-${n++}`;

describe.each([
  ['brand', 'brand'],
  ['category', 'category'],
  ['blogcategory', 'blogcategory'],
] as const)('/api/%s (one-field titles)', (path, entityType) => {
  it('creates with a trimmed title and answers the record (200), then lists and reads it publicly', async () => {
    const title = unique('Acme');
    const created = await inject('POST', `/api/${path}/`, { title: `  ${title}  ` });
    expect(created.statusCode, created.body).toBe(200);
    const record = created.json();
    expect(record).toEqual({
      _id: expect.any(String),
      title,
      // Categories carry their GST defaults too, none until set.
      ...(path === 'category' ? { hsnCode: null, gstRate: null, sizeChart: null } : {}),
      // Brands and categories have their names in other languages too, none until set.
      ...(path === 'blogcategory' ? {} : { translations: {} }),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(record.createdAt).toISOString()).toBe(record.createdAt);

    for (const url of [`/api/${path}`, `/api/${path}/`]) {
      const list = await ctx.app.inject({ method: 'GET', url });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(record);
    }
    const read = await ctx.app.inject({ method: 'GET', url: `/api/${path}/${record._id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(record);

    const [event] = await auditFor(record._id);
    expect(event).toMatchObject({
      action: `${entityType}.create`,
      entityType,
      staffId: manager.id,
      after: record,
    });
  });

  it('answers 400 for a missing or blank title, 409 for a title taken in any case', async () => {
    for (const payload of [{}, { title: '   ' }, { title: 42 }, { title: 'x'.repeat(81) }]) {
      const answer = await inject('POST', `/api/${path}`, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const title = unique('Zenith');
    expect((await inject('POST', `/api/${path}`, { title })).statusCode).toBe(200);
    const again = await inject('POST', `/api/${path}`, { title: title.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`"${title}" already exists`);
  });

  it('reads: 404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/${path}/${UNKNOWN}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/does not exist/);
    const malformed = await ctx.app.inject({ method: 'GET', url: `/api/${path}/not-an-id` });
    expect(malformed.statusCode).toBe(400);
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await inject(method, `/api/${path}/${UNKNOWN}`, { title: 'Anything' })).statusCode).toBe(404);
      expect((await inject(method, `/api/${path}/nope`, { title: 'Anything' })).statusCode).toBe(400);
    }
  });

  it('renames only the title (other fields are ignored), audits before and after, 409 on a clash', async () => {
    const first = (await inject('POST', `/api/${path}`, { title: unique('Orbit') })).json();
    const other = (await inject('POST', `/api/${path}`, { title: unique('Pluto') })).json();
    const title = unique('Orbital');
    const renamed = await inject('PUT', `/api/${path}/${first._id}`, {
      title,
      _id: other._id,
      createdAt: '2001-01-01T00:00:00.000Z',
      slug: 'hijack',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: first._id, title, createdAt: first.createdAt });
    expect(renamed.json().updatedAt >= first.updatedAt).toBe(true);

    const clash = await inject('PUT', `/api/${path}/${first._id}`, { title: other.title.toLowerCase() });
    expect(clash.statusCode).toBe(409);
    // Its own title in another case is not a clash.
    const recased = await inject('PUT', `/api/${path}/${first._id}`, { title: title.toUpperCase() });
    expect(recased.statusCode).toBe(200);

    const events = await auditFor(first._id);
    expect(events.map((e) => e.action)).toEqual([
      `${entityType}.create`,
      `${entityType}.update`,
      `${entityType}.update`,
    ]);
    expect(events[1]).toMatchObject({ before: { title: first.title }, after: { title } });
    expect(events[1]!.summary).toContain(`${first.title} to ${title}`);
  });

  it('deletes an unused record, answering it; then it is gone', async () => {
    const record = (await inject('POST', `/api/${path}`, { title: unique('Brief') })).json();
    const deleted = await inject('DELETE', `/api/${path}/${record._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual(record);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${path}/${record._id}` })).statusCode).toBe(404);
    const events = await auditFor(record._id);
    expect(events.at(-1)).toMatchObject({ action: `${entityType}.delete`, before: record, after: null });
  });
});

describe('brands and categories in use', () => {
  it('refuses to delete a brand while products (archived ones too) use it, saying how many', async () => {
    const brand = unique('Samsung');
    const [one] = [
      await createProduct(ctx.database.db, { brand }),
      await createProduct(ctx.database.db, { brand }),
    ];
    await ctx.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, one!.id));
    const [row] = await ctx.database.db.select().from(brands).where(eq(brands.title, brand));
    const refused = await inject('DELETE', `/api/brand/${row!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `2 products use the brand ${brand} (1 of them archived, which keep their history): move them to another brand first.`,
    );
    expect(await auditFor(row!.id)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/brand/${row!.id}` })).statusCode).toBe(200);
  });

  it('refuses to delete a category with a product, in the singular', async () => {
    const category = unique('Headphones');
    await createProduct(ctx.database.db, { category });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/category' })).json() as {
      _id: string;
      title: string;
    }[];
    const record = list.find((c) => c.title === category)!;
    const refused = await inject('DELETE', `/api/category/${record._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `1 product uses the category ${category}: move it to another category first.`,
    );
  });

  it('gives brands and categories a unique slug from the title, and a new one on rename', async () => {
    const a = (await inject('POST', '/api/brand', { title: 'Slug Test Brand' })).json();
    const b = (await inject('PUT', `/api/brand/${a._id}`, { title: 'Slug Test Brand!' })).json();
    expect(b.title).toBe('Slug Test Brand!');
    const c = (await inject('POST', '/api/brand', { title: 'Slug-Test Brand' })).json();
    const slugs = await ctx.database.db.select({ id: brands.id, slug: brands.slug }).from(brands);
    expect(slugs.find((s) => s.id === a._id)!.slug).toBe('slug-test-brand');
    expect(slugs.find((s) => s.id === c._id)!.slug).toBe('slug-test-brand-2');
  });

  it('shows a renamed brand on the storefront at once, cache and all', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
    try {
      const staff = await signInStaff(cached.app, 'catalogue');
      const product = await createProduct(cached.database.db, { brand: 'Old Name' });
      const read = async () =>
        (await cached.app.inject({ method: 'GET', url: `/api/product/${product.id}` })).json().brand;
      expect(await read()).toBe('Old Name');
      const [row] = await cached.database.db.select().from(brands).where(eq(brands.title, 'Old Name'));
      const renamed = await cached.app.inject({
        method: 'PUT',
        url: `/api/brand/${row!.id}`,
        headers: staff.headers,
        payload: { title: 'New Name' },
      });
      expect(renamed.statusCode).toBe(200);
      expect(await read()).toBe('New Name');
    } finally {
      await cached.close();
    }
  });
});

describe('/api/color', () => {
  it('takes #rrggbb (stored lower case), named after its value unless a name is given', async () => {
    const plain = await inject('POST', '/api/color/', { title: '#A1B2C3' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ title: '#a1b2c3', name: '#a1b2c3' });
    const named = await inject('POST', '/api/color', { title: '#0a0b0c', name: ' Midnight ' });
    expect(named.json()).toMatchObject({ title: '#0a0b0c', name: 'Midnight' });
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/color' })).json();
    expect(list).toContainEqual(named.json());
    expect(Object.keys(named.json()).sort()).toEqual([
      '_id',
      'createdAt',
      'name',
      'title',
      'translations',
      'updatedAt',
    ]);

    for (const title of ['red', '#abc', '#12345g', '#1234567', '']) {
      expect((await inject('POST', '/api/color', { title })).statusCode, title).toBe(400);
    }
    expect((await inject('POST', '/api/color', { title: '#A1b2C3' })).statusCode).toBe(409);
  });

  it('renames: the name follows the value when it was the value, and stays when it was a name', async () => {
    const plain = (await inject('POST', '/api/color', { title: '#202020' })).json();
    const moved = (await inject('PUT', `/api/color/${plain._id}`, { title: '#212121' })).json();
    expect(moved).toMatchObject({ title: '#212121', name: '#212121' });
    const named = (await inject('POST', '/api/color', { title: '#303030', name: 'Charcoal' })).json();
    expect((await inject('PUT', `/api/color/${named._id}`, { title: '#313131' })).json()).toMatchObject({
      title: '#313131',
      name: 'Charcoal',
    });
    expect(
      (await inject('PUT', `/api/color/${named._id}`, { title: '#313131', name: 'Coal' })).json(),
    ).toMatchObject({ name: 'Coal' });
  });

  it('refuses to delete a colour products come in, and one left in a cart or an order', async () => {
    const product = await createProduct(ctx.database.db, { colors: ['#404040'] });
    const color = await ensureColor(ctx.database.db, '#404040');
    const refused = await inject('DELETE', `/api/color/${color.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '1 product comes in the colour #404040: remove the colour from it first.',
    );

    // A shopper's cart still holds the colour after the product stops offering it.
    const shopper = await signUp(ctx.app);
    await shoppingCalls(() => ctx.app).addToCart(shopper, product.id, color.id, 1);
    await ctx.database.db
      .delete(productColors)
      .where(and(eq(productColors.productId, product.id), eq(productColors.colorId, color.id)));
    const inCart = await inject('DELETE', `/api/color/${color.id}`);
    expect(inCart.statusCode).toBe(409);
    expect(inCart.json().message).toBe(
      "The colour is still part of shoppers' carts, so it cannot be deleted.",
    );
    expect(await auditFor(color.id)).toEqual([]);
  });
});

describe('/api/blogcategory and blog posts', () => {
  beforeEach(async () => {
    await ctx.database.db.delete(blogs);
  });

  it('renames the category on its posts in the same change', async () => {
    const category = (await inject('POST', '/api/blogcategory', { title: 'Guides' })).json();
    await ctx.database.db.insert(blogs).values([
      { title: 'A', slug: 'a', description: '<p>a</p>', category: 'Guides' },
      { title: 'B', slug: 'b', description: '<p>b</p>', category: 'Guides' },
      { title: 'C', slug: 'c', description: '<p>c</p>', category: 'News' },
    ]);
    const renamed = await inject('PUT', `/api/blogcategory/${category._id}`, { title: 'How-to guides' });
    expect(renamed.statusCode).toBe(200);
    const rows = await ctx.database.db.select({ slug: blogs.slug, category: blogs.category }).from(blogs);
    expect(Object.fromEntries(rows.map((r) => [r.slug, r.category]))).toEqual({
      a: 'How-to guides',
      b: 'How-to guides',
      c: 'News',
    });
    const table = (await inject('GET', '/api/admin/blog-categories?q=how-to')).json();
    expect(table.items).toEqual([expect.objectContaining({ title: 'How-to guides', used: 2 })]);
    const [, event] = await auditFor(category._id);
    expect(event!.summary).toBe('Renamed the blog category Guides to How-to guides (and on 2 posts)');

    const refused = await inject('DELETE', `/api/blogcategory/${category._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      '2 blog posts are in the category How-to guides: move them to another category first.',
    );
  });
});

describe('the console tables', () => {
  it('search, sort by use and page, with usage counts; staff only', async () => {
    const word = `Tbl${process.pid}`;
    for (const suffix of ['a', 'b', 'c'])
      await inject('POST', '/api/category', { title: `${word} ${suffix}` });
    await createProduct(ctx.database.db, { category: `${word} b` });
    await createProduct(ctx.database.db, { category: `${word} b` });
    await createProduct(ctx.database.db, { category: `${word} c` });
    const table = await inject('GET', `/api/admin/categories?q=${word.toLowerCase()}&sort=used:desc`);
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json()).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(table.json().items.map((r: { title: string; used: number }) => [r.title, r.used])).toEqual([
      [`${word} b`, 2],
      [`${word} c`, 1],
      [`${word} a`, 0],
    ]);
    const byTitle = (await inject('GET', `/api/admin/categories?q=${word}&sort=title:desc`)).json();
    expect(byTitle.items.map((r: { title: string }) => r.title)).toEqual([
      `${word} c`,
      `${word} b`,
      `${word} a`,
    ]);
    expect((await inject('GET', `/api/admin/categories?q=${word}&page=2`)).json().items).toEqual([]);
    expect((await inject('GET', '/api/admin/categories?q=%25')).json().total).toBe(0);
    expect((await inject('GET', '/api/admin/categories?sort=price')).statusCode).toBe(400);
    expect((await inject('GET', '/api/admin/categories?page=0')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/categories' })).statusCode).toBe(401);
  });

  it('finds colours by name too', async () => {
    await inject('POST', '/api/color', { title: '#515151', name: `Ash${process.pid}` });
    const table = (await inject('GET', `/api/admin/colors?q=ash${process.pid}`)).json();
    expect(table.items).toEqual([
      expect.objectContaining({ title: '#515151', name: `Ash${process.pid}`, used: 0 }),
    ]);
    // A to Z by name, which is how people know them (not by the hex value).
    await inject('POST', '/api/color', { title: '#010101', name: `Zinc${process.pid}` });
    await inject('POST', '/api/color', { title: '#fefefe', name: `Amber${process.pid}` });
    const byName = (await inject('GET', `/api/admin/colors?q=${process.pid}&sort=title:asc`)).json();
    expect(byName.items.map((c: { name: string }) => c.name)).toEqual([
      `Amber${process.pid}`,
      `Ash${process.pid}`,
      `Zinc${process.pid}`,
    ]);
  });

  it('lets a support member read neither tables nor write, but anyone read the public lists', async () => {
    const support = await signInStaff(ctx.app, 'support');
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/brand',
      headers: support.headers,
      payload: { title: 'Nope' },
    });
    expect(post.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/brand', headers: support.headers })).statusCode,
    ).toBe(200);
  });
});
