import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, products, stockMovements } from '../../db/schema.js';
import { createProduct, ensureBrand, ensureCategory, ensureColor } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let manager: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: 'https://shop.example.in' });
  manager = await signInStaff(ctx.app, 'catalogue');
  const db = ctx.database.db;
  await Promise.all([
    ensureCategory(db, 'Csv Watches'),
    ensureCategory(db, 'Csv Audio'),
    ensureBrand(db, 'Csv Titan'),
    ensureBrand(db, 'Csv boAt'),
    ensureColor(db, '#101010', 'Jet'),
    ensureColor(db, '#f0f0f0', 'Snow'),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

/** A multipart body with the CSV in a `file` part, as a browser's FormData sends it. */
function upload(csv: string, extra: Record<string, string> = {}) {
  const boundary = `----csvtest${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(extra).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const importCsv = (csv: string, query = '', extra: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/products/import${query}`, ...upload(csv, extra) });

const exportCsv = (query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/products/export${query}`, headers: manager.headers });

const rows = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];

const productCount = async () =>
  Number((await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n);

describe('CSV export', () => {
  it('writes every product (or the filtered ones) with the documented columns', async () => {
    const db = ctx.database.db;
    const watch = await createProduct(db, {
      title: 'Csv Export Watch',
      category: 'Csv Watches',
      brand: 'Csv Titan',
      pricePaise: 1_234_50,
      quantity: 8,
      tags: ['featured', 'popular'],
      colors: ['#101010', '#f0f0f0'],
    });
    await createProduct(db, { title: '=HYPERLINK("evil")', category: 'Csv Audio', brand: 'Csv boAt' });
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')[0] ?? response.body.split('\n')[0]).toMatch(
      /^slug,title,description,price,mrp,category,brand,colors,tags,quantity,images/,
    );
    const all = rows(response.body);
    const row = all.find((r) => r.slug === watch.slug)!;
    expect(row).toMatchObject({
      title: 'Csv Export Watch',
      price: '1234.50',
      mrp: '',
      category: 'Csv Watches',
      brand: 'Csv Titan',
      colors: '#101010|#f0f0f0',
      tags: 'featured|popular',
      quantity: '8',
    });
    expect(row.images).toMatch(/^https:\/\/shop\.example\.in\/media\/products\//);
    // A spreadsheet must not run a title as a formula.
    expect(all.find((r) => r.title?.includes('HYPERLINK'))!.title).toBe(`'=HYPERLINK("evil")`);

    const audio = await ensureCategory(db, 'Csv Audio');
    const filtered = rows((await exportCsv(`?category=${audio.id}`)).body);
    expect(filtered.map((r) => r.category)).toEqual(['Csv Audio']);
  });
});

describe('CSV import', () => {
  const header = 'slug,title,description,price,mrp,category,brand,colors,tags,quantity,images';

  it('checks a dry run without writing, then creates and updates, with import movements and one audit event', async () => {
    const db = ctx.database.db;
    const existing = await createProduct(db, {
      title: 'Csv Existing',
      slug: 'csv-existing',
      category: 'Csv Watches',
      brand: 'Csv Titan',
      pricePaise: 500_00,
      quantity: 4,
      colors: ['#101010'],
    });
    const untouched = await createProduct(db, {
      title: 'Csv Untouched',
      slug: 'csv-untouched',
      category: 'Csv Watches',
      brand: 'Csv Titan',
      pricePaise: 100_00,
      quantity: 2,
      colors: ['#101010'],
      description: '<p>Same</p>',
    });
    const csv = [
      header,
      'csv-new-one,Csv New One,<p>Fresh <script>x</script></p>,999,1299,Csv Audio,Csv boAt,Snow|#101010,special,15,https://cdn.example.in/a.jpg',
      ',Csv No Slug,,49.50,,csv audio,CSV BOAT,jet,,,',
      `csv-existing,Csv Existing Renamed,,450,,Csv Watches,Csv Titan,#101010,,10,`,
      `csv-untouched,Csv Untouched,<p>Same</p>,100,,Csv Watches,Csv Titan,#101010,,,${'https://shop.example.in/media/products/'}${untouched.images[0]!.url.split('/').pop()}`,
    ].join('\n');
    const before = await productCount();

    const dry = await importCsv(csv, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({
      dryRun: true,
      written: false,
      rows: 4,
      created: 2,
      updated: 1,
      unchanged: 1,
      rejectedRows: 0,
      rejected: [],
    });
    expect(await productCount()).toBe(before);

    const real = await importCsv(csv);
    expect(real.json()).toMatchObject({ dryRun: false, written: true, created: 2, updated: 1, unchanged: 1 });
    expect(await productCount()).toBe(before + 2);

    const [created] = await db.select().from(products).where(eq(products.slug, 'csv-new-one'));
    expect(created).toMatchObject({
      title: 'Csv New One',
      pricePaise: 999_00,
      mrpPaise: 1299_00,
      quantity: 15,
      tags: ['special'],
    });
    expect(created!.description).toBe('<p>Fresh </p>');
    expect(created!.images).toEqual([{ url: 'https://cdn.example.in/a.jpg' }]);
    const [noSlug] = await db.select().from(products).where(eq(products.title, 'Csv No Slug'));
    expect(noSlug).toMatchObject({ slug: 'csv-no-slug', pricePaise: 49_50, quantity: 0 });

    const [renamed] = await db.select().from(products).where(eq(products.id, existing.id));
    expect(renamed).toMatchObject({ title: 'Csv Existing Renamed', pricePaise: 450_00, quantity: 10 });
    const movements = await db
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.productId, [existing.id, created!.id, untouched.id]));
    expect(movements.map((m) => [m.productId, m.delta, m.quantityAfter, m.reason]).sort()).toEqual(
      [
        [existing.id, 6, 10, 'import'],
        [created!.id, 15, 15, 'import'],
      ].sort(),
    );
    const events = await db.select().from(auditEvents).where(eq(auditEvents.action, 'product.import'));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toMatch(/2 created, 1 updated, 1 unchanged/);
    expect(events[0]!.before).toMatchObject({ 'csv-existing': { title: 'Csv Existing', quantity: 4 } });
  });

  it('rejects bad rows with their row numbers and writes nothing at all', async () => {
    const before = await productCount();
    const csv = [
      header,
      'csv-good,Csv Good,,100,,Csv Audio,Csv boAt,#101010,,1,',
      'csv-bad-category,Csv Bad,,100,,Nowhere,Csv boAt,#101010,,1,',
      '',
      'csv-bad-price,Csv Bad Price,,abc,,Csv Audio,Csv boAt,#101010,,1,',
      'csv-good,Csv Twice,,100,,Csv Audio,Csv boAt,#101010,,1,',
      'csv-bad-colour,Csv Colour,,100,,Csv Audio,Csv boAt,#123123|Purple,,1,',
      'csv-bad-mrp,Csv Mrp,,100,50,Csv Audio,Csv Nobody,#101010,sale,-1,ftp://x',
      'Not A Slug!,Csv Slug,,100,,Csv Audio,Csv boAt,#101010,,1,',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ written: false, rows: 7, rejectedRows: 6 });
    const byRow = (row: number) =>
      report.rejected.filter((r: { row: number }) => r.row === row).map((r: { field: string }) => r.field);
    expect(byRow(3)).toEqual(['category']);
    expect(byRow(5)).toEqual(['price']);
    expect(report.rejected.find((r: { row: number }) => r.row === 6).message).toBe(
      '"csv-good" is also on row 2',
    );
    expect(byRow(7)).toEqual(['colors', 'colors']);
    expect(byRow(8)).toEqual(['brand', 'tags', 'images', 'quantity']);
    expect(byRow(9)).toEqual(['slug']);
    expect(report.rejected.find((r: { row: number; field: string }) => r.row === 3).message).toMatch(
      /Unknown category "Nowhere"/,
    );
    expect(await productCount()).toBe(before);
  });

  it('leaves out columns that are not in the file, and needs the full set for a new product', async () => {
    const db = ctx.database.db;
    const product = await createProduct(db, {
      title: 'Csv Partial',
      slug: 'csv-partial',
      quantity: 3,
      pricePaise: 700_00,
    });
    const stockOnly = await importCsv('slug,quantity\ncsv-partial,9\n');
    expect(stockOnly.json()).toMatchObject({ written: true, updated: 1 });
    const [row] = await db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ title: 'Csv Partial', pricePaise: 700_00, quantity: 9 });

    const missing = await importCsv('slug,quantity\ncsv-not-there,9\n');
    expect(missing.json().rejected.map((r: { field: string }) => r.field)).toEqual([
      'title',
      'price',
      'category',
      'brand',
      'colors',
    ]);
    expect(missing.json().rejected[0].message).toBe('A new product needs a title (add a "title" column)');
    expect(missing.json().rejected[4].message).toBe(
      'A new product needs at least one colour (add a "colors" column)',
    );
  });

  it('refuses a file it cannot read as a whole, with a 400 that says why', async () => {
    const unknownColumn = await importCsv('slug,colour\nx,#101010\n');
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().message).toMatch(/Unknown column "colour"/);
    expect((await importCsv('')).statusCode).toBe(400);
    expect((await importCsv('slug,title\n')).json().message).toMatch(/no products/);
    expect((await importCsv('slug,title\n"a,b\n')).json().message).toMatch(/could not be read as CSV/);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: manager.headers,
      payload: { file: 'slug\n' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
    expect((await importCsv('slug\nx\n', '?dryRun=maybe')).statusCode).toBe(400);
  });

  it('takes dryRun as a form field too', async () => {
    const before = await productCount();
    const report = await importCsv(`${header}\ncsv-field,Csv Field,,1,,Csv Audio,Csv boAt,#101010,,,\n`, '', {
      dryRun: 'true',
    });
    expect(report.json()).toMatchObject({ dryRun: true, written: false, created: 1 });
    expect(await productCount()).toBe(before);
  });

  it('imports an exported file back without changing anything', async () => {
    const exported = (await exportCsv()).body;
    const report = (await importCsv(exported)).json();
    expect(report.rejected).toEqual([]);
    expect(report).toMatchObject({ rejectedRows: 0, created: 0, updated: 0 });
    expect(report.unchanged).toBe(report.rows);
  });

  it('creates 2,000 products in batches', async () => {
    const before = await productCount();
    const lines = Array.from(
      { length: 2000 },
      (_, i) =>
        `csv-bulk-${i},Csv Bulk ${i},<p>Bulk</p>,${100 + i},,Csv Audio,Csv boAt,#101010|#f0f0f0,popular,${i % 7},`,
    );
    const started = Date.now();
    const report = await importCsv([header, ...lines].join('\n'));
    expect(report.json()).toMatchObject({ written: true, created: 2000 });
    expect(await productCount()).toBe(before + 2000);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
