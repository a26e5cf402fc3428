import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, categories, products } from '../../db/schema.js';
import { ensureBrand, ensureColor } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * GST classification in the console: categories carry an HSN code and rate that
 * their products take unless a product sets its own; the form, the original admin client's
 * product writes and the CSV import all accept them, optionally, and every change is audited.
 */
let ctx: TestContext;
let manager: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => {
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: manager.headers, ...(payload ? { payload } : {}) });

let n = 0;
const unique = (word: string) => `${word} ${process.pid}-${n++}`;

async function lastAudit(entityId: string) {
  const rows = await ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.entityId, entityId))
    .orderBy(auditEvents.createdAt);
  return rows.at(-1)!;
}

async function category(body: object) {
  const created = await inject('POST', '/api/category/', { title: unique('Phones'), ...body });
  expect(created.statusCode, created.body).toBe(200);
  return created.json() as { _id: string; title: string; hsnCode: string | null; gstRate: number | null };
}

async function productBody(categoryId: string, extra: object = {}) {
  const [brand, color] = await Promise.all([
    ensureBrand(ctx.database.db, 'Tax Brand'),
    ensureColor(ctx.database.db, '#222222', 'Ink'),
  ]);
  return {
    title: unique('Tax phone'),
    price: 24_999,
    categoryId,
    brandId: brand.id,
    colorIds: [color.id],
    quantity: 3,
    ...extra,
  };
}

describe('category GST defaults', () => {
  it('sets, reads, changes and clears them, each change audited', async () => {
    const phones = await category({ hsnCode: '8517 13 00', gstRate: '18%' });
    expect(phones).toMatchObject({ hsnCode: '85171300', gstRate: 18 });
    expect((await lastAudit(phones._id)).summary).toMatch(/\(GST: HSN 85171300, 18%\)/);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/category/${phones._id}` });
    expect(read.json()).toMatchObject({ hsnCode: '85171300', gstRate: 18 });

    // A rename alone (the original client sends only a title) keeps them.
    const renamed = await inject('PUT', `/api/category/${phones._id}`, { title: `${phones.title} (new)` });
    expect(renamed.json()).toMatchObject({ hsnCode: '85171300', gstRate: 18 });

    const changed = await inject('PUT', `/api/category/${phones._id}`, {
      title: phones.title,
      hsnCode: '8517',
      gstRate: 5,
    });
    expect(changed.json()).toMatchObject({ hsnCode: '8517', gstRate: 5 });
    expect((await lastAudit(phones._id)).summary).toMatch(
      /Changed the GST of the category .* from HSN 85171300, 18% to HSN 8517, 5%/,
    );

    const cleared = await inject('PUT', `/api/category/${phones._id}`, {
      title: phones.title,
      hsnCode: '',
      gstRate: null,
    });
    expect(cleared.json()).toMatchObject({ hsnCode: null, gstRate: null });

    const table = await inject('GET', `/api/admin/categories?q=${encodeURIComponent(phones.title)}`);
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().items).toEqual([
      expect.objectContaining({ _id: phones._id, hsnCode: null, gstRate: null }),
    ]);
  });

  it.each([
    [{ gstRate: 12 }, 'gstRate', /GST rate must be one of 0%, 0.25%, 3%, 5%, 18%, 40%/],
    [{ gstRate: '18.5' }, 'gstRate', /GST rate must be one of/],
    [{ gstRate: 'eighteen' }, 'gstRate', /GST rate must be one of/],
    [{ hsnCode: '851' }, 'hsnCode', /4, 6 or 8 digits/],
    [{ hsnCode: '85171' }, 'hsnCode', /4, 6 or 8 digits/],
    [{ hsnCode: 'ABCD' }, 'hsnCode', /4, 6 or 8 digits/],
  ])('refuses %o with a message under the field', async (body, field, message) => {
    const response = await inject('POST', '/api/category/', { title: unique('Bad'), ...body });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(message);
    expect(JSON.stringify(response.json())).toContain(field);
  });
});

describe('product GST fields', () => {
  it('a product takes its category’s until it sets its own; a save without them keeps them', async () => {
    const phones = await category({ hsnCode: '8517', gstRate: 18 });
    const created = await inject('POST', '/api/admin/products', await productBody(phones._id));
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      hsnCode: null,
      gstRate: null,
      categoryTax: { hsnCode: '8517', gstRate: 18 },
    });

    const body = await productBody(phones._id, { title: product.title, hsnCode: '85176290', gstRate: 40 });
    const own = await inject('PUT', `/api/admin/products/${product._id}`, body);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ hsnCode: '85176290', gstRate: 40 });
    const audit = await lastAudit(product._id);
    expect(audit.summary).toMatch(/hsnCode, gstRate/);
    expect(audit.before).toMatchObject({ hsnCode: null, gstRate: null });
    expect(audit.after).toMatchObject({ hsnCode: '85176290', gstRate: 40 });

    // A client that knows nothing of GST saves the product: its classification stays.
    const older = await productBody(phones._id, { title: product.title });
    const kept = await inject('PUT', `/api/admin/products/${product._id}`, { ...older, price: 23_999 });
    expect(kept.json()).toMatchObject({ price: 23_999, hsnCode: '85176290', gstRate: 40 });

    // Blank fields go back to the category's.
    const back = await inject('PUT', `/api/admin/products/${product._id}`, {
      ...body,
      hsnCode: '',
      gstRate: '',
    });
    expect(back.json()).toMatchObject({ hsnCode: null, gstRate: null });

    const bad = await inject('PUT', `/api/admin/products/${product._id}`, { ...body, gstRate: 28 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/GST rate must be one of/);
  });

  it('the original admin client may send them with POST and PUT /api/product, or not', async () => {
    const phones = await category({ hsnCode: '8517', gstRate: 18 });
    const [brand, color] = await Promise.all([
      ensureBrand(ctx.database.db, 'Tax Brand'),
      ensureColor(ctx.database.db, '#222222', 'Ink'),
    ]);
    const legacy = {
      title: unique('Legacy phone'),
      price: 9_999,
      brand: brand.title,
      category: phones.title,
      color: [color.id],
      quantity: 2,
    };
    const plain = await inject('POST', '/api/product/', legacy);
    expect(plain.statusCode, plain.body).toBe(200);
    const withTax = await inject('POST', '/api/product/', {
      ...legacy,
      title: unique('Legacy phone'),
      hsnCode: '85171300',
      gstRate: 18,
    });
    expect(withTax.statusCode, withTax.body).toBe(200);
    const id = withTax.json().newProduct._id as string;
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ hsnCode: '85171300', gstRateBp: 1800 });
    const [plainRow] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, plain.json().newProduct._id));
    expect(plainRow).toMatchObject({ hsnCode: null, gstRateBp: null });

    const updated = await inject('PUT', `/api/product/${id}`, { gstRate: 5 });
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    expect(after).toMatchObject({ hsnCode: '85171300', gstRateBp: 500 });
    expect((await inject('PUT', `/api/product/${id}`, { hsnCode: '12' })).statusCode).toBe(400);
  });
});

describe('CSV columns hsn_code and gst_rate', () => {
  const upload = (csv: string) => {
    const boundary = `----taxcsv${Math.random().toString(16).slice(2)}`;
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };

  it('exports them, imports them, and still imports files without them', async () => {
    const phones = await category({ hsnCode: '8517', gstRate: 18 });
    await ensureBrand(ctx.database.db, 'Tax Brand');
    await ensureColor(ctx.database.db, '#222222', 'Ink');
    const slug = `tax-csv-${process.pid}-${n++}`;
    const plain = `slug,title,price,category,brand,colors\n${slug},Tax CSV phone,1999,${phones.title},Tax Brand,#222222\n`;
    const first = await upload(plain);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ written: true, created: 1 });
    const [created] = await ctx.database.db.select().from(products).where(eq(products.slug, slug));
    expect(created).toMatchObject({ hsnCode: null, gstRateBp: null });

    const taxed = await upload(`slug,hsn_code,gst_rate\n${slug},8517 13 00,18%\n`);
    expect(taxed.json()).toMatchObject({ written: true, updated: 1 });
    const [updated] = await ctx.database.db.select().from(products).where(eq(products.slug, slug));
    expect(updated).toMatchObject({ hsnCode: '85171300', gstRateBp: 1800 });
    const imports = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'product.import'))
      .orderBy(auditEvents.createdAt);
    expect(imports.at(-1)!.after).toMatchObject({
      updated: { [slug]: { hsnCode: '85171300', gstRate: 18 } },
    });

    const again = await upload(`slug,hsn_code,gst_rate\n${slug},85171300,18\n`);
    expect(again.json()).toMatchObject({ unchanged: 1, updated: 0 });

    const bad = await upload(`slug,hsn_code,gst_rate\n${slug},851,12\n`);
    expect(bad.json()).toMatchObject({ written: false, rejectedRows: 1 });
    expect(bad.json().rejected).toEqual([
      { row: 2, field: 'hsn_code', message: expect.stringMatching(/4, 6 or 8 digits/) },
      { row: 2, field: 'gst_rate', message: expect.stringMatching(/GST rate must be one of/) },
    ]);

    const exported = await inject(
      'GET',
      `/api/admin/products/export?q=${encodeURIComponent('Tax CSV phone')}`,
    );
    expect(exported.statusCode).toBe(200);
    const rows = parse(exported.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.find((r) => r.slug === slug)).toMatchObject({ hsn_code: '85171300', gst_rate: '18' });

    // Blank cells go back to the category's.
    await upload(`slug,hsn_code,gst_rate\n${slug},,\n`);
    const [cleared] = await ctx.database.db.select().from(products).where(eq(products.slug, slug));
    expect(cleared).toMatchObject({ hsnCode: null, gstRateBp: null });
    const [cat] = await ctx.database.db.select().from(categories).where(eq(categories.id, phones._id));
    expect(cat).toMatchObject({ hsnCode: '8517', gstRateBp: 1800 });
  });
});
