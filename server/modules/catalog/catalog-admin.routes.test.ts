import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, productColors, products, stockMovements } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { createProduct, ensureBrand, ensureCategory, ensureColor } from '../../test/factories.js';
import { insertCustomer, insertOrder } from '../../test/orders.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { countAdminProducts, searchAdminProducts } from './catalog-admin.repository.js';

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

async function references() {
  const db = ctx.database.db;
  const [category, brand, black, silver] = await Promise.all([
    ensureCategory(db, 'Cameras'),
    ensureBrand(db, 'Canon'),
    ensureColor(db, '#000000', 'Black'),
    ensureColor(db, '#c0c0c0', 'Silver'),
  ]);
  return { category, brand, black, silver };
}

async function newProductBody(overrides: Record<string, unknown> = {}) {
  const { category, brand, black } = await references();
  return {
    title: 'Canon EOS R50',
    description: '<p>Small <strong>mirrorless</strong> camera.</p>',
    price: '64999.50',
    mrp: 74999,
    categoryId: category.id,
    brandId: brand.id,
    colorIds: [black.id],
    tags: ['featured'],
    images: [{ url: 'https://cdn.example.in/r50.jpg', alt: 'Front' }],
    quantity: 7,
    ...overrides,
  };
}

describe('creating and editing products', () => {
  it('creates a product with a slug from its title, the opening stock in the ledger, and an audit record', async () => {
    const created = await inject('POST', '/api/admin/products', await newProductBody());
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      slug: 'canon-eos-r50',
      title: 'Canon EOS R50',
      price: 64999.5,
      mrp: 74999,
      category: { title: 'Cameras' },
      brand: { title: 'Canon' },
      colors: [{ title: '#000000', name: 'Black' }],
      tags: ['featured'],
      images: [{ url: 'https://cdn.example.in/r50.jpg', alt: 'Front' }],
      quantity: 7,
      held: 0,
      hasOrders: false,
      archivedAt: null,
    });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product._id));
    expect(row!.pricePaise).toBe(6_499_950);
    const ledger = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product._id));
    expect(ledger).toMatchObject([{ delta: 7, quantityAfter: 7, reason: 'created', staffId: manager.id }]);
    const [event] = await auditFor(product._id);
    expect(event).toMatchObject({ action: 'product.create', actor: manager.email });
    expect(event!.after).toMatchObject({ title: 'Canon EOS R50', price: 64999.5, quantity: 7 });

    // The same title again: a numbered slug, never a clash.
    const again = await inject('POST', '/api/admin/products', await newProductBody({ quantity: 0 }));
    expect(again.statusCode).toBe(201);
    expect(again.json().slug).toBe('canon-eos-r50-2');
  });

  it('cleans the description of anything but formatting', async () => {
    const created = await inject(
      'POST',
      '/api/admin/products',
      await newProductBody({
        title: 'Sanitised',
        description: '<p onclick="x()">Hi<script>alert(1)</script><img src="javascript:alert(1)"></p>',
      }),
    );
    expect(created.statusCode).toBe(201);
    const { description } = created.json();
    expect(description).not.toMatch(/script|onclick|javascript/);
    expect(description).toContain('Hi');
  });

  it('refuses a typed slug that is taken (409), a bad one (400), MRP below the price, no colour, unknown references', async () => {
    await createProduct(ctx.database.db, { slug: 'taken-slug' });
    const clash = await inject('POST', '/api/admin/products', await newProductBody({ slug: 'taken-slug' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/taken-slug.*already used/);

    const badSlug = await inject(
      'POST',
      '/api/admin/products',
      await newProductBody({ slug: 'Not A Slug!' }),
    );
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().errors.slug).toMatch(/a-z/);

    const cheapMrp = await inject('POST', '/api/admin/products', await newProductBody({ mrp: 100 }));
    expect(cheapMrp.statusCode).toBe(400);
    expect(cheapMrp.json().errors.mrp).toMatch(/at least the price/);

    const noColour = await inject('POST', '/api/admin/products', await newProductBody({ colorIds: [] }));
    expect(noColour.statusCode).toBe(400);
    expect(noColour.json().errors.colorIds).toMatch(/at least one colour/);

    const badPrice = await inject('POST', '/api/admin/products', await newProductBody({ price: '12.345' }));
    expect(badPrice.json().errors.price).toMatch(/two decimals/);
    const blankPrice = await inject('POST', '/api/admin/products', await newProductBody({ price: '' }));
    expect(blankPrice.json().errors.price).toMatch(/required/);

    const unknownCategory = await inject(
      'POST',
      '/api/admin/products',
      await newProductBody({ categoryId: UNKNOWN }),
    );
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().errors.categoryId).toMatch(/no longer exists/);
    const unknownColour = await inject(
      'POST',
      '/api/admin/products',
      await newProductBody({ colorIds: [UNKNOWN] }),
    );
    expect(unknownColour.statusCode).toBe(400);
    expect(unknownColour.json().errors.colorIds).toMatch(/colour/);
  });

  it('updates every field but the stock, records what changed, and answers 404/400 for unknown or malformed ids', async () => {
    const { silver, black } = await references();
    const created = (
      await inject('POST', '/api/admin/products', await newProductBody({ title: 'Editable' }))
    ).json();
    const body = {
      ...(await newProductBody()),
      title: 'Editable Mark II',
      slug: 'editable-mark-ii',
      price: 59999,
      mrp: '',
      colorIds: [silver.id, black.id],
      tags: [],
      quantity: 999,
    };
    const updated = await inject('PUT', `/api/admin/products/${created._id}`, body);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      title: 'Editable Mark II',
      slug: 'editable-mark-ii',
      price: 59999,
      mrp: null,
      colors: [{ title: '#c0c0c0' }, { title: '#000000' }],
      tags: [],
      // PUT never sets the stock.
      quantity: 7,
    });
    const events = await auditFor(created._id);
    const update = events.find((e) => e.action === 'product.update')!;
    expect(update.before).toMatchObject({ title: 'Editable', price: 64999.5, mrp: 74999 });
    expect(update.after).toMatchObject({ title: 'Editable Mark II', price: 59999, mrp: null });
    expect(update.after).not.toHaveProperty('brand');

    // A price-only change reads as one.
    const priceOnly = await inject('PUT', `/api/admin/products/${created._id}`, { ...body, price: 55999 });
    expect(priceOnly.statusCode).toBe(200);
    const last = (await auditFor(created._id)).at(-1)!;
    expect(last.summary).toBe('Changed the price of Editable Mark II from ₹59,999.00 to ₹55,999.00');

    expect((await inject('PUT', `/api/admin/products/${UNKNOWN}`, body)).statusCode).toBe(404);
    expect((await inject('PUT', '/api/admin/products/not-a-uuid', body)).statusCode).toBe(400);
    expect((await inject('GET', `/api/admin/products/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/products/nope')).statusCode).toBe(400);
  });

  it('regenerates an emptied slug from the title, keeping its own when the title is the same', async () => {
    const created = (
      await inject('POST', '/api/admin/products', await newProductBody({ title: 'Slug Keeper' }))
    ).json();
    const body = { ...(await newProductBody()), title: 'Slug Keeper', slug: '' };
    const kept = await inject('PUT', `/api/admin/products/${created._id}`, body);
    expect(kept.json().slug).toBe('slug-keeper');
    const renamed = await inject('PUT', `/api/admin/products/${created._id}`, { ...body, title: 'New Name' });
    expect(renamed.json().slug).toBe('new-name');
  });
});

describe('archive, restore and delete', () => {
  it('archives and restores (audited), refusing to do either twice', async () => {
    const product = await createProduct(ctx.database.db, { title: 'Archivable' });
    const archived = await inject('POST', `/api/admin/products/${product.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().archivedAt).toEqual(expect.any(String));
    // The console still reads it.
    expect((await inject('GET', `/api/admin/products/${product.id}`)).json().archivedAt).not.toBeNull();
    const twice = await inject('POST', `/api/admin/products/${product.id}/archive`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already archived/);
    const restored = await inject('POST', `/api/admin/products/${product.id}/restore`);
    expect(restored.json().archivedAt).toBeNull();
    expect((await inject('POST', `/api/admin/products/${product.id}/restore`)).statusCode).toBe(409);
    expect((await auditFor(product.id)).map((e) => e.action)).toEqual(['product.archive', 'product.restore']);
  });

  it('deletes a product nobody ordered; refuses one with orders (409: archive it instead)', async () => {
    const db = ctx.database.db;
    const lonely = await createProduct(db, { title: 'Never sold' });
    const deleted = await inject('DELETE', `/api/admin/products/${lonely.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toMatch(/Never sold was deleted/);
    expect(await db.select().from(products).where(eq(products.id, lonely.id))).toEqual([]);
    expect((await auditFor(lonely.id)).map((e) => e.action)).toEqual(['product.delete']);
    expect((await inject('DELETE', `/api/admin/products/${lonely.id}`)).statusCode).toBe(404);

    const sold = await createProduct(db, { title: 'Sold once', colors: ['#111111'] });
    const colour = await ensureColor(db, '#111111');
    const customer = await insertCustomer(db);
    await insertOrder(db, {
      userId: customer.id,
      lines: [{ productId: sold.id, colorId: colour.id, pricePaise: sold.pricePaise }],
    });
    expect((await inject('GET', `/api/admin/products/${sold.id}`)).json().hasOrders).toBe(true);
    const refused = await inject('DELETE', `/api/admin/products/${sold.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sold once has orders: archive it instead.');
  });
});

describe('stock adjustments', () => {
  it('adds, removes and sets stock through the ledger, never below 0', async () => {
    const product = await createProduct(ctx.database.db, { title: 'Stocked', quantity: 10 });
    const url = `/api/admin/products/${product.id}/stock`;
    const received = await inject('POST', url, { change: 5, reason: 'received', note: 'Invoice 42' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({
      quantity: 15,
      movement: { delta: 5, quantityAfter: 15, reason: 'received', note: 'Invoice 42', staff: manager.email },
    });
    const damaged = await inject('POST', url, { change: '-3', reason: 'damaged' });
    expect(damaged.json().quantity).toBe(12);
    const set = await inject('POST', url, { set: 4, reason: 'correction', note: 'Counted' });
    expect(set.json().movement).toMatchObject({ delta: -8, quantityAfter: 4 });

    const tooMany = await inject('POST', url, { change: -5, reason: 'damaged' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Stocked has 4 in stock: removing 5 would take it below 0.');
    expect((await inject('GET', `/api/admin/products/${product.id}`)).json().quantity).toBe(4);

    for (const bad of [
      { change: 1, set: 2, reason: 'received' },
      { reason: 'received' },
      { change: 0, reason: 'received' },
      { change: 1.5, reason: 'received' },
      { change: 1, reason: 'sold' },
      { set: -1, reason: 'correction' },
    ]) {
      expect((await inject('POST', url, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const same = await inject('POST', url, { set: 4, reason: 'correction' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toMatch(/already 4/);

    const ledger = await inject('GET', `/api/admin/products/${product.id}/stock-movements`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(
      ledger
        .json()
        .movements.map((m: { delta: number }) => m.delta)
        .sort(),
    ).toEqual([-3, -8, 5]);
    const stockEvents = (await auditFor(product.id)).filter((e) => e.action === 'product.stock');
    expect(stockEvents).toHaveLength(3);
    expect(stockEvents[0]!.summary).toBe('Stock of Stocked: 10 → 15 (received: Invoice 42)');
    expect((await inject('GET', `/api/admin/products/${UNKNOWN}/stock-movements`)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/admin/products/${UNKNOWN}/stock`, { change: 1, reason: 'received' }))
        .statusCode,
    ).toBe(404);
  });

  it('pages the ledger, newest first', async () => {
    const product = await createProduct(ctx.database.db, { title: 'Busy', quantity: 0 });
    for (let i = 1; i <= 22; i++) {
      await inject('POST', `/api/admin/products/${product.id}/stock`, {
        change: 1,
        reason: 'received',
        note: `#${i}`,
      });
    }
    const first = (await inject('GET', `/api/admin/products/${product.id}/stock-movements`)).json();
    expect(first.total).toBe(22);
    expect(first.movements).toHaveLength(20);
    expect(first.movements[0].note).toBe('#22');
    const second = (await inject('GET', `/api/admin/products/${product.id}/stock-movements?page=2`)).json();
    expect(second.movements.map((m: { note: string }) => m.note)).toEqual(['#2', '#1']);
  });
});

describe('the console’s product table', () => {
  let fixtures: Awaited<ReturnType<typeof seedTable>>;
  async function seedTable() {
    const db = ctx.database.db;
    const [tvs, phones, lg, sony] = await Promise.all([
      ensureCategory(db, 'Table TVs'),
      ensureCategory(db, 'Table Phones'),
      ensureBrand(db, 'Table LG'),
      ensureBrand(db, 'Table Sony'),
    ]);
    const make = (title: string, spec: Parameters<typeof createProduct>[1]) =>
      createProduct(db, { title, ...spec });
    const a = await make('Zeta OLED 55', {
      category: tvs.title,
      brand: lg.title,
      pricePaise: 150_000_00,
      quantity: 0,
      tags: ['featured'],
    });
    const b = await make('Alpha LED 32', {
      category: tvs.title,
      brand: sony.title,
      pricePaise: 20_000_00,
      quantity: 3,
    });
    const c = await make('Mid Phone', {
      category: phones.title,
      brand: lg.title,
      pricePaise: 30_000_00,
      quantity: 50,
      tags: ['popular'],
    });
    const d = await make('Old Phone', {
      category: phones.title,
      brand: sony.title,
      pricePaise: 9_000_00,
      quantity: 9,
    });
    await inject('POST', `/api/admin/products/${d.id}/archive`);
    return { tvs, phones, lg, sony, a, b, c, d };
  }
  beforeAll(async () => {
    fixtures = await seedTable();
  });
  const titles = (body: { products: { title: string }[] }) => body.products.map((p) => p.title);
  const list = async (query: string) => {
    const response = await inject('GET', `/api/admin/products?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const scoped = () => `category=${fixtures.tvs.id}`;

  it('filters by category, brand, stock state, tags and archived, with the total', async () => {
    const { tvs, phones, lg, sony } = fixtures;
    expect(titles(await list(`category=${tvs.id}&sort=title`))).toEqual(['Alpha LED 32', 'Zeta OLED 55']);
    expect(titles(await list(`category=${phones.id}`))).toEqual(['Mid Phone']);
    expect(titles(await list(`category=${phones.id}&archived=archived`))).toEqual(['Old Phone']);
    expect(titles(await list(`category=${phones.id}&archived=all&sort=title`))).toEqual([
      'Mid Phone',
      'Old Phone',
    ]);
    expect(titles(await list(`brand=${lg.id}&sort=title`))).toEqual(['Mid Phone', 'Zeta OLED 55']);
    expect(titles(await list(`brand=${sony.id}&stock=low`))).toEqual(['Alpha LED 32']);
    expect(titles(await list(`brand=${lg.id}&stock=out`))).toEqual(['Zeta OLED 55']);
    expect(titles(await list(`brand=${lg.id}&stock=in`))).toEqual(['Mid Phone']);
    expect(titles(await list(`brand=${lg.id}&tags=featured,special`))).toEqual(['Zeta OLED 55']);
    const page = await list(`brand=${lg.id}`);
    expect(page).toMatchObject({ total: 2, totalExact: true, page: 1, limit: 25 });
    expect(page.products[0]).toMatchObject({
      brand: { _id: lg.id, title: 'Table LG' },
      quantity: expect.any(Number),
      image: expect.stringMatching(/^http:\/\/localhost:\d+\/media\//),
    });
  });

  it('searches title, brand and category text', async () => {
    expect(titles(await list('q=zeta oled'))).toEqual(['Zeta OLED 55']);
    expect(titles(await list('q=TABLE SONY'))).toEqual(['Alpha LED 32']);
    expect(titles(await list('q=table phones&archived=all&sort=title'))).toEqual(['Mid Phone', 'Old Phone']);
    expect((await list('q=100%25')).total).toBe(0);
  });

  it('sorts and pages a search on the server, and falls back when more match than it counts', async () => {
    expect(titles(await list('q=table%20lg&sort=-price'))).toEqual(['Zeta OLED 55', 'Mid Phone']);
    expect(titles(await list('q=table%20lg&sort=stock&limit=1&page=2'))).toEqual(['Mid Phone']);
    const pageTwo = await list('q=table%20lg&sort=title&limit=1&page=2');
    expect(pageTwo).toMatchObject({ total: 2, totalExact: true });
    expect(titles(pageTwo)).toEqual(['Zeta OLED 55']);
    // Past the last page: no rows, the count still right.
    expect(await list('q=table%20lg&page=9')).toMatchObject({ products: [], total: 2 });
    const filters = { q: 'table lg' };
    expect((await searchAdminProducts(ctx.database.db, filters, 'title', 1, 25, 2))?.total).toBe(2);
    expect(await searchAdminProducts(ctx.database.db, filters, 'title', 1, 25, 1)).toBeUndefined();
  });

  it('sorts by title, price, stock and last update on the server, and pages', async () => {
    expect(titles(await list(`${scoped()}&sort=-title`))).toEqual(['Zeta OLED 55', 'Alpha LED 32']);
    expect(titles(await list(`${scoped()}&sort=price`))).toEqual(['Alpha LED 32', 'Zeta OLED 55']);
    expect(titles(await list(`${scoped()}&sort=-price`))).toEqual(['Zeta OLED 55', 'Alpha LED 32']);
    expect(titles(await list(`${scoped()}&sort=stock`))).toEqual(['Zeta OLED 55', 'Alpha LED 32']);
    await inject('POST', `/api/admin/products/${fixtures.a.id}/stock`, { change: 1, reason: 'received' });
    expect(titles(await list(`${scoped()}&sort=-updated`))).toEqual(['Zeta OLED 55', 'Alpha LED 32']);
    expect(titles(await list(`${scoped()}&sort=title&limit=1&page=2`))).toEqual(['Zeta OLED 55']);
    expect((await list(`${scoped()}&limit=1&page=2`)).total).toBe(2);
  });

  it('says "1,000+" for a search that common, still sorting its page on the server', async () => {
    const { category, brand } = await references();
    await ctx.database.db.insert(products).values(
      Array.from({ length: 1001 }, (_, i) => ({
        slug: `capped-widget-${i}`,
        title: `Capped Widget ${String(i).padStart(4, '0')}`,
        pricePaise: 100_00 + i,
        categoryId: category.id,
        brandId: brand.id,
      })),
    );
    const answer = await list('q=capped%20widget&sort=-price&limit=3');
    expect(answer).toMatchObject({ total: 1000, totalExact: false });
    expect(titles(answer)).toEqual(['Capped Widget 1000', 'Capped Widget 0999', 'Capped Widget 0998']);
    expect(await list('q=capped%20widget%200999')).toMatchObject({ total: 1, totalExact: true });
  });

  it('counts matches only up to a cap (one past it says "more")', async () => {
    const filters = { categoryId: fixtures.tvs.id };
    expect(await countAdminProducts(ctx.database.db, filters, 5)).toBe(2);
    expect(await countAdminProducts(ctx.database.db, filters, 1)).toBe(2);
    expect(await countAdminProducts(ctx.database.db, { ...filters, archived: 'all' }, 0)).toBe(1);
  });

  it('refuses what it cannot do with a 400 naming it', async () => {
    for (const query of [
      'limit=101',
      'page=0',
      'sort=password',
      'stock=some',
      'category=abc',
      'tags=sale',
      'archived=yes',
    ]) {
      const response = await inject('GET', `/api/admin/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('the original admin client’s product calls', () => {
  it('lists colours as ids for everyone, and the whole catalogue (past 100) for a staff token without limit', async () => {
    const db = ctx.database.db;
    const { category, brand, black } = await references();
    const rows = Array.from({ length: 105 }, (_, i) => ({
      slug: `bulk-${i}`,
      title: `Bulk ${i}`,
      pricePaise: 100_00,
      categoryId: category.id,
      brandId: brand.id,
      quantity: 1,
    }));
    await db.insert(products).values(rows);
    const [one] = await db.select().from(products).where(eq(products.slug, 'bulk-0'));
    await db.insert(productColors).values({ productId: one!.id, colorId: black.id });

    const asPublic = await ctx.app.inject({ method: 'GET', url: '/api/product/' });
    expect(asPublic.json()).toHaveLength(100);
    const asStaff = await inject('GET', '/api/product/');
    const listed = asStaff.json().find((p: { slug: string }) => p.slug === 'bulk-0');
    expect(listed.color).toEqual([black.id]);
    for (const product of asPublic.json())
      expect(product.color.every((c: unknown) => typeof c === 'string')).toBe(true);
    expect(Number(asStaff.headers['x-total-count'])).toBeGreaterThan(105);
    expect(asStaff.json().length).toBe(Number(asStaff.headers['x-total-count']));
    expect((await inject('GET', '/api/product?limit=10')).json()).toHaveLength(10);
    // A shopper's token is the public.
    const shopper = await signUp(ctx.app);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/product', headers: shopper.headers })).json(),
    ).toHaveLength(100);
  });

  it('creates with brand and category by title, colours by id, one tag and a number price: {newProduct}', async () => {
    const { black, silver } = await references();
    const body = {
      title: 'Legacy Camera',
      description: '<p>From the old admin</p>',
      price: 12999,
      brand: 'Canon',
      category: 'Cameras',
      tags: 'special',
      color: [black.id, silver.id],
      quantity: 12,
      images: [{ public_id: 'abc', url: 'https://cdn.example.in/a.jpg' }],
    };
    const created = await inject('POST', '/api/product/', body);
    expect(created.statusCode, created.body).toBe(200);
    const { newProduct } = created.json();
    expect(newProduct).toMatchObject({
      slug: 'legacy-camera',
      title: 'Legacy Camera',
      price: 12999,
      brand: 'Canon',
      category: 'Cameras',
      tags: 'special',
      quantity: 12,
      sold: 0,
      totalrating: 0,
      ratings: [],
    });
    expect(newProduct.color.map((c: { _id: string }) => c._id)).toEqual([black.id, silver.id]);
    expect((await inject('POST', '/api/product', body)).json().newProduct.slug).toBe('legacy-camera-2');

    for (const [field, value] of [
      ['brand', 'Nobody'],
      ['category', 'Nothing'],
      ['color', [UNKNOWN]],
      ['color', []],
      ['price', ''],
      ['tags', 'sale'],
    ] as const) {
      const refused = await inject('POST', '/api/product', { ...body, [field]: value });
      expect(refused.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
    }
    const ledger = await inject('GET', `/api/admin/products/${newProduct._id}/stock-movements`);
    expect(ledger.json().movements).toMatchObject([{ delta: 12, reason: 'created' }]);
  });

  it('updates only what it sends (a new quantity through the ledger), 404 for unknown ids', async () => {
    const { black } = await references();
    const created = (
      await inject('POST', '/api/product', {
        title: 'Legacy Edit',
        price: 500,
        brand: 'Canon',
        category: 'Cameras',
        color: [black.id],
        quantity: 2,
      })
    ).json().newProduct;
    const updated = await inject('PUT', `/api/product/${created._id}`, { price: 450, quantity: 5 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Legacy Edit', price: 450, quantity: 5 });
    const ledger = (await inject('GET', `/api/admin/products/${created._id}/stock-movements`)).json();
    expect(ledger.movements[0]).toMatchObject({ delta: 3, reason: 'correction' });
    expect((await inject('PUT', `/api/product/${UNKNOWN}`, { price: 1 })).statusCode).toBe(404);
    expect((await inject('PUT', '/api/product/nope', { price: 1 })).statusCode).toBe(400);
  });

  it('deletes, or archives a product that has orders', async () => {
    const db = ctx.database.db;
    const plain = await createProduct(db, { title: 'Legacy delete me' });
    const gone = await inject('DELETE', `/api/product/${plain.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().title).toBe('Legacy delete me');
    expect(await db.select().from(products).where(eq(products.id, plain.id))).toEqual([]);

    const ordered = await createProduct(db, { title: 'Legacy ordered', colors: ['#222222'] });
    const colour = await ensureColor(db, '#222222');
    const customer = await insertCustomer(db);
    await insertOrder(db, {
      userId: customer.id,
      lines: [{ productId: ordered.id, colorId: colour.id, pricePaise: 100 }],
    });
    const archived = await inject('DELETE', `/api/product/${ordered.id}`);
    expect(archived.statusCode).toBe(200);
    const [row] = await db.select().from(products).where(eq(products.id, ordered.id));
    expect(row!.archivedAt).not.toBeNull();
    expect((await auditFor(ordered.id)).map((e) => e.action)).toEqual(['product.archive']);
    expect((await inject('DELETE', `/api/product/${UNKNOWN}`)).statusCode).toBe(404);
  });

  it('needs a staff token with the catalogue permission', async () => {
    const shopper = await signUp(ctx.app);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: shopper.headers,
      payload: {},
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/product/${UNKNOWN}` })).statusCode).toBe(401);
    const support = await signInStaff(ctx.app, 'support');
    const asSupport = await ctx.app.inject({
      method: 'PUT',
      url: `/api/product/${UNKNOWN}`,
      headers: support.headers,
      payload: {},
    });
    expect(asSupport.statusCode).toBe(403);
  });
});
