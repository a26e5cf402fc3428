import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, categories, products } from '../../db/schema.js';
import { signUp } from '../../test/customers.js';
import { ensureBrand, ensureCategory, ensureColor } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Content in Hindi (decision 050) through the API: the console writes a product's, category's,
 * brand's and colour's translations, and every public answer carrying them shows the ones set.
 */
let ctx: TestContext;
let manager: SignedInStaff;
let n = 0;
const unique = (word: string) => `${word} ${process.pid}-${n++}`;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });
const publicGet = async (url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function productBody(overrides: Record<string, unknown> = {}) {
  const db = ctx.database.db;
  const [category, brand, color] = await Promise.all([
    ensureCategory(db, 'Footwear'),
    ensureBrand(db, 'Bata'),
    ensureColor(db, '#7c2d12', 'Tan'),
  ]);
  return {
    title: unique('Bata Leather Formal Shoes'),
    description: '<p>Polished leather shoes for office days.</p>',
    price: 1999,
    categoryId: category.id,
    brandId: brand.id,
    colorIds: [color.id],
    quantity: 5,
    ...overrides,
  };
}

describe('a product in Hindi', () => {
  it('is written by the console (trimmed, the description sanitised) and shown by every public answer', async () => {
    const dirty =
      '<p>दफ़्तर के लिए <strong>चमकदार</strong> जूते।</p><script>alert(1)</script><img src="https://cdn.example.in/a.jpg" onerror="alert(2)">';
    const created = await inject(
      'POST',
      '/api/admin/products',
      await productBody({
        // The same markup in English and in Hindi: one sanitiser cleans both alike.
        description: dirty,
        translations: { hi: { title: '  बाटा चमड़े के फ़ॉर्मल जूते  ', description: dirty } },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    const hindi = { title: 'बाटा चमड़े के फ़ॉर्मल जूते', description: product.description };
    expect(product.description).toBe(
      '<p>दफ़्तर के लिए <strong>चमकदार</strong> जूते।</p><img src="https://cdn.example.in/a.jpg" loading="lazy" />',
    );
    expect(product.translations).toEqual({ hi: hindi });
    const [stored] = await ctx.database.db.select().from(products).where(eq(products.id, product._id));
    expect(stored!.translations).toEqual({ hi: hindi });
    expect(JSON.stringify(stored!.translations)).not.toMatch(/<script|onerror|alert/);

    const page = await publicGet(`/api/product/${product.slug}`);
    expect(page.translations).toEqual({ hi: hindi });
    expect(page.brandTranslations).toEqual({});
    expect(page.sizeChartTranslations).toEqual({});
    // The English fields keep their shape.
    expect(page.title).toBe(product.title);
    expect(page.description).toBe(product.description);

    // A list's card (held as JSON by the server) and a search's.
    const listed = await publicGet(`/api/product?brand=Bata&limit=100`);
    expect(listed.find((p: { _id: string }) => p._id === product._id).translations).toEqual({ hi: hindi });
    const searched = await publicGet(`/api/product?q=${encodeURIComponent('formal shoes')}`);
    expect(searched.find((p: { _id: string }) => p._id === product._id)?.translations).toEqual({ hi: hindi });
    const suggested = await publicGet(`/api/product/suggestions?q=${encodeURIComponent('bata leather')}`);
    expect(suggested.find((s: { _id: string }) => s._id === product._id)?.translations).toEqual({
      hi: { title: hindi.title },
    });
  });

  it('keeps what a write leaves out, removes an emptied field, and null removes the language', async () => {
    const body = await productBody({
      translations: { hi: { title: 'चप्पल', description: '<p>आरामदायक</p>' } },
    });
    const created = (await inject('POST', '/api/admin/products', body)).json();
    const { quantity: _, ...edit } = body;
    const url = `/api/admin/products/${created._id}`;

    // The form without translations (and the original admin client, which knows none) keeps them.
    const untouched = await inject('PUT', url, { ...edit, translations: undefined });
    expect(untouched.json().translations).toEqual({ hi: { title: 'चप्पल', description: '<p>आरामदायक</p>' } });
    const legacy = await inject('PUT', `/api/product/${created._id}`, { price: 1899 });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json().translations).toEqual({ hi: { title: 'चप्पल', description: '<p>आरामदायक</p>' } });

    const emptied = await inject('PUT', url, { ...edit, translations: { hi: { title: '   ' } } });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().translations).toEqual({ hi: { description: '<p>आरामदायक</p>' } });
    // A description that is nothing once cleaned is no description.
    const scriptOnly = await inject('PUT', url, {
      ...edit,
      translations: { hi: { title: 'चप्पल', description: '<script>alert(1)</script>' } },
    });
    expect(scriptOnly.json().translations).toEqual({ hi: { title: 'चप्पल' } });
    const removed = await inject('PUT', url, { ...edit, translations: { hi: null } });
    expect(removed.json().translations).toEqual({});
    expect((await publicGet(`/api/product/${created._id}`)).translations).toEqual({});

    const events = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created._id))
      .orderBy(auditEvents.createdAt);
    const edited = events.filter((e) => e.action === 'product.update');
    expect(edited.at(-1)).toMatchObject({
      staffId: manager.id,
      summary: expect.stringContaining('translations'),
      before: { translations: { hi: { title: 'चप्पल' } } },
      after: { translations: {} },
    });
  });

  it('refuses other languages, other fields and text too long (400, naming the field)', async () => {
    const body = await productBody();
    const refused = async (translations: unknown) => {
      const response = await inject('POST', '/api/admin/products', { ...body, translations });
      expect(response.statusCode, response.body).toBe(400);
      return response.json() as { message: string; errors: Record<string, string> };
    };
    expect((await refused({ fr: { title: 'Chaussures' } })).message).toBe(
      'Translations are only for Hindi (hi), not "fr"',
    );
    expect((await refused({ hi: { title: 'जूते', colour: 'लाल' } })).message).toBe(
      'Hindi text has no "colour": it takes title, description',
    );
    const long = await refused({ hi: { title: 'ज'.repeat(201) } });
    expect(long.errors['translations.hi.title']).toBe('Please keep the Hindi title under 200 characters');
    expect((await refused({ hi: { title: 42 } })).errors['translations.hi.title']).toBe(
      'The Hindi title must be text',
    );
    expect((await refused('hindi')).message).toMatch(/^Translations must be an object of languages/);
  });

  it('needs a catalogue staff token to write them: 401 without, 403 for a shopper or another role', async () => {
    const body = await productBody({ translations: { hi: { title: 'जूते' } } });
    const noToken = await ctx.app.inject({ method: 'POST', url: '/api/admin/products', payload: body });
    expect(noToken.statusCode).toBe(401);
    const shopper = await signUp(ctx.app);
    const asShopper = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: shopper.headers,
      payload: body,
    });
    expect(asShopper.statusCode).toBe(403);
    const support = await signInStaff(ctx.app, 'support');
    const asSupport = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: support.headers,
      payload: body,
    });
    expect(asSupport.statusCode).toBe(403);
    const brand = await ensureBrand(ctx.database.db, 'Bata');
    const brandWrite = await ctx.app.inject({
      method: 'PUT',
      url: `/api/brand/${brand.id}`,
      headers: support.headers,
      payload: { title: 'Bata', translations: { hi: { title: 'बाटा' } } },
    });
    expect(brandWrite.statusCode).toBe(403);
  });
});

describe('the console list of products missing Hindi', () => {
  it('filters them on the server and marks each row, archived ones left out as in the table', async () => {
    const title = unique('Missing Hindi Kurta');
    const body = await productBody({ title });
    const bare = (await inject('POST', '/api/admin/products', body)).json();
    const titled = (
      await inject('POST', '/api/admin/products', {
        ...body,
        title: `${title} titled`,
        translations: { hi: { title: 'कुर्ता' } },
      })
    ).json();
    const whole = (
      await inject('POST', '/api/admin/products', {
        ...body,
        title: `${title} whole`,
        translations: { hi: { title: 'कुर्ता', description: '<p>सूती कुर्ता</p>' } },
      })
    ).json();
    const noDescription = (
      await inject('POST', '/api/admin/products', {
        ...body,
        title: `${title} plain`,
        description: '',
        translations: { hi: { title: 'सादा कुर्ता' } },
      })
    ).json();

    const list = await inject(
      'GET',
      `/api/admin/products?q=${encodeURIComponent(title)}&missingTranslation=hi`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().products.map((p: { _id: string }) => p._id);
    // No title, or a description in English only; a product without a description needs none.
    expect(ids.sort()).toEqual([bare._id, titled._id].sort());
    const all = (await inject('GET', `/api/admin/products?q=${encodeURIComponent(title)}`)).json();
    const missing = Object.fromEntries(
      all.products.map((p: { _id: string; missingTranslations: string[] }) => [p._id, p.missingTranslations]),
    );
    expect(missing).toEqual({
      [bare._id]: ['hi'],
      [titled._id]: ['hi'],
      [whole._id]: [],
      [noDescription._id]: [],
    });
    // Without a search (the table's default path) too.
    const unsearched = (await inject('GET', '/api/admin/products?missingTranslation=hi&limit=100')).json();
    expect(
      unsearched.products.every((p: { missingTranslations: string[] }) =>
        p.missingTranslations.includes('hi'),
      ),
    ).toBe(true);

    const bad = await inject('GET', '/api/admin/products?missingTranslation=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('missingTranslation must be one of hi');

    const owner = await signInStaff(ctx.app, 'owner');
    const countOf = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: owner.headers })).json()
        .productsMissingTranslation.hi as number;
    const before = await countOf();
    await inject('PUT', `/api/admin/products/${bare._id}`, {
      ...body,
      quantity: undefined,
      translations: { hi: { title: 'कुर्ता', description: '<p>सूती</p>' } },
    });
    expect(await countOf()).toBe(before - 1);
    await inject('POST', `/api/admin/products/${titled._id}/archive`);
    expect(await countOf()).toBe(before - 2);
  });
});

describe('categories, brands and colours in Hindi', () => {
  const chart = {
    columns: ['Size', 'Foot (cm)'],
    rows: [
      ['UK 7', '25.4'],
      ['UK 8', '26.2'],
    ],
  };
  const hindiChart = {
    columns: ['साइज़', 'पैर (सेमी)'],
    rows: [
      ['UK 7', '25.4'],
      ['UK 8', '26.2'],
    ],
  };

  it('a category takes its name and a size chart the shape of the English one, which product pages show', async () => {
    const title = unique('Shoes');
    const created = await inject('POST', '/api/category', {
      title,
      sizeChart: chart,
      translations: { hi: { title: 'जूते', sizeChart: hindiChart } },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().translations).toEqual({ hi: { title: 'जूते', sizeChart: hindiChart } });
    const category = created.json();
    const listed = (await publicGet('/api/category')).find((c: { _id: string }) => c._id === category._id);
    expect(listed.translations).toEqual({ hi: { title: 'जूते', sizeChart: hindiChart } });

    const product = (
      await inject('POST', '/api/admin/products', await productBody({ categoryId: category._id }))
    ).json();
    const page = await publicGet(`/api/product/${product._id}`);
    expect(page.sizeChart).toEqual(chart);
    expect(page.sizeChartTranslations).toEqual({ hi: hindiChart });
    expect(page.categoryTranslations).toEqual({ hi: { title: 'जूते' } });

    // A chart of another shape is refused, with a message the console shows under the chart.
    const misshapen = await inject('PUT', `/api/category/${category._id}`, {
      title,
      translations: { hi: { sizeChart: { columns: ['साइज़'], rows: [['UK 7'], ['UK 8']] } } },
    });
    expect(misshapen.statusCode).toBe(400);
    expect(misshapen.json().message).toBe(
      "The Hindi size chart must have the English chart's 2 columns and 2 rows, cell for cell.",
    );
    expect(misshapen.json().errors).toHaveProperty(['translations.hi.sizeChart']);

    // The English chart reshaped: the Hindi one no longer fits and goes; the name stays.
    const reshaped = await inject('PUT', `/api/category/${category._id}`, {
      title,
      sizeChart: { columns: chart.columns, rows: [...chart.rows, ['UK 9', '27.1']] },
    });
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    expect(reshaped.json().translations).toEqual({ hi: { title: 'जूते' } });
    expect((await publicGet(`/api/product/${product._id}`)).sizeChartTranslations).toEqual({});
  });

  it('refuses a Hindi size chart for a category without an English one', async () => {
    const response = await inject('POST', '/api/category', {
      title: unique('No Chart'),
      translations: { hi: { sizeChart: hindiChart } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This category has no size chart in English, so it cannot have a Hindi one: add the English chart first.',
    );
  });

  it('keeps a size chart stored out of shape (written in SQL) out of answers', async () => {
    const category = (
      await inject('POST', '/api/category', { title: unique('Sandals'), sizeChart: chart })
    ).json();
    await ctx.database.db
      .update(categories)
      .set({ translations: { hi: { title: 'सैंडल', sizeChart: { columns: ['साइज़'], rows: [['7']] } } } })
      .where(eq(categories.id, category._id));
    const read = await publicGet(`/api/category/${category._id}`);
    expect(read.translations).toEqual({ hi: { title: 'सैंडल' } });
  });

  it('brands and colours take their names, shown on products, colours and cart lines', async () => {
    const brandTitle = unique('Relaxo');
    const brand = (
      await inject('POST', '/api/brand', { title: brandTitle, translations: { hi: { title: 'रिलैक्सो' } } })
    ).json();
    expect(brand.translations).toEqual({ hi: { title: 'रिलैक्सो' } });
    const color = (
      await inject('POST', '/api/color', {
        title: '#14532d',
        name: 'Bottle Green',
        translations: { hi: { name: 'हरा' } },
      })
    ).json();
    expect(color.translations).toEqual({ hi: { name: 'हरा' } });
    // A colour's translations translate its name: a "title" (its CSS value) is not one of them.
    const wrong = await inject('PUT', `/api/color/${color._id}`, {
      title: '#14532d',
      translations: { hi: { title: 'हरा' } },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Hindi text has no "title": it takes name');

    const product = (
      await inject(
        'POST',
        '/api/admin/products',
        await productBody({ brandId: brand._id, colorIds: [color._id] }),
      )
    ).json();
    const page = await publicGet(`/api/product/${product._id}`);
    expect(page.brandTranslations).toEqual({ hi: { title: 'रिलैक्सो' } });
    expect(page.color).toEqual([
      expect.objectContaining({ _id: color._id, translations: { hi: { name: 'हरा' } } }),
    ]);
    expect(
      (await publicGet('/api/brand')).find((b: { _id: string }) => b._id === brand._id).translations,
    ).toEqual({
      hi: { title: 'रिलैक्सो' },
    });

    const shopper = await signUp(ctx.app);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/cart',
      headers: shopper.headers,
      payload: { productId: product._id, color: color._id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [line] = (
      await ctx.app.inject({ method: 'GET', url: '/api/user/cart', headers: shopper.headers })
    ).json();
    expect(line.color.translations).toEqual({ hi: { name: 'हरा' } });
    expect(line.productId.brandTranslations).toEqual({ hi: { title: 'रिलैक्सो' } });

    // Renamed in Hindi only: the audit trail says so.
    const renamed = await inject('PUT', `/api/brand/${brand._id}`, {
      title: brandTitle,
      translations: { hi: { title: 'रिलैक्सो इंडिया' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const events = (
      await ctx.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, brand._id))
        .orderBy(auditEvents.createdAt)
    ).filter((e) => e.action === 'brand.update');
    expect(events.at(-1)).toMatchObject({
      summary: `Changed the translations of the brand ${brandTitle}`,
      before: { translations: { hi: { title: 'रिलैक्सो' } } },
      after: { translations: { hi: { title: 'रिलैक्सो इंडिया' } } },
    });
  });
});
