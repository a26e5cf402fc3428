import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { createProduct, ensureBrand, ensureCategory, ensureColor } from '../../test/factories.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** The CSV's `title_hi` and `description_hi` (decision 050): exported, imported, and back again. */
let ctx: TestContext;
let manager: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
  const db = ctx.database.db;
  await Promise.all([
    ensureCategory(db, 'Csv Hi Footwear'),
    ensureBrand(db, 'Csv Hi Bata'),
    ensureColor(db, '#3b2f2f', 'Coffee'),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

function importCsv(csv: string) {
  const boundary = `----csvtest${Math.random().toString(16).slice(2)}`;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const exportRows = async () => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/products/export',
    headers: manager.headers,
  });
  expect(response.statusCode).toBe(200);
  return parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
};

const stored = async (slugs: string[]) =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ slug: products.slug, translations: products.translations })
        .from(products)
        .where(inArray(products.slug, slugs))
    ).map((row) => [row.slug, row.translations]),
  );

describe('the product CSV in Hindi', () => {
  it('exports title_hi and description_hi, and imports them back: set, changed, cleared', async () => {
    const db = ctx.database.db;
    const spec = { category: 'Csv Hi Footwear', brand: 'Csv Hi Bata', colors: ['#3b2f2f'] };
    const sandals = await createProduct(db, { ...spec, title: 'Csv Hi Sandals', slug: 'csv-hi-sandals' });
    const boots = await createProduct(db, { ...spec, title: 'Csv Hi Boots', slug: 'csv-hi-boots' });
    await db
      .update(products)
      .set({ translations: { hi: { title: 'सैंडल', description: '<p>हल्की सैंडल</p>' } } })
      .where(eq(products.id, sandals.id));

    const exported = await exportRows();
    const header = Object.keys(exported[0]!);
    expect(header.slice(-2)).toEqual(['title_hi', 'description_hi']);
    const sandalsRow = exported.find((row) => row.slug === 'csv-hi-sandals')!;
    expect(sandalsRow).toMatchObject({ title_hi: 'सैंडल', description_hi: '<p>हल्की सैंडल</p>' });
    expect(exported.find((row) => row.slug === 'csv-hi-boots')).toMatchObject({
      title_hi: '',
      description_hi: '',
    });

    // The file as exported imports as "unchanged"; then edited in a spreadsheet.
    const ours = exported.filter((row) => row.slug?.startsWith('csv-hi-'));
    const unchanged = await importCsv(stringify(ours, { header: true, columns: header }));
    expect(unchanged.json()).toMatchObject({ written: false, unchanged: 2, rejectedRows: 0 });
    const edited = ours.map((row) =>
      row.slug === 'csv-hi-sandals'
        ? { ...row, title_hi: 'चमड़े की सैंडल', description_hi: '' }
        : { ...row, title_hi: 'बूट', description_hi: '<p>मज़बूत <b>बूट</b></p><script>alert(1)</script>' },
    );
    const imported = await importCsv(stringify(edited, { header: true, columns: header }));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, updated: 2, rejectedRows: 0 });
    expect(await stored(['csv-hi-sandals', 'csv-hi-boots'])).toEqual({
      'csv-hi-sandals': { hi: { title: 'चमड़े की सैंडल' } },
      // Sanitised as the console's form and the English column are.
      'csv-hi-boots': { hi: { title: 'बूट', description: '<p>मज़बूत <b>बूट</b></p>' } },
    });

    // Exported again, the same text comes back: the round trip holds.
    const again = (await exportRows()).filter((row) => row.slug?.startsWith('csv-hi-'));
    expect(Object.fromEntries(again.map((row) => [row.slug, [row.title_hi, row.description_hi]]))).toEqual({
      'csv-hi-sandals': ['चमड़े की सैंडल', ''],
      'csv-hi-boots': ['बूट', '<p>मज़बूत <b>बूट</b></p>'],
    });
    expect(boots.id).toBeDefined();
  });

  it('creates products with them, leaves them alone without the columns, and rejects a title too long', async () => {
    const created = await importCsv(
      [
        'slug,title,price,category,brand,colors,title_hi',
        'csv-hi-chappal,Csv Hi Chappal,299,Csv Hi Footwear,Csv Hi Bata,Coffee,रबर की चप्पल',
      ].join('\n'),
    );
    expect(created.json()).toMatchObject({ written: true, created: 1 });
    expect(await stored(['csv-hi-chappal'])).toEqual({ 'csv-hi-chappal': { hi: { title: 'रबर की चप्पल' } } });

    const priceOnly = await importCsv(['slug,price', 'csv-hi-chappal,349'].join('\n'));
    expect(priceOnly.json()).toMatchObject({ written: true, updated: 1 });
    expect(await stored(['csv-hi-chappal'])).toEqual({ 'csv-hi-chappal': { hi: { title: 'रबर की चप्पल' } } });

    const tooLong = await importCsv(['slug,title_hi', `csv-hi-chappal,${'च'.repeat(201)}`].join('\n'));
    expect(tooLong.json()).toMatchObject({
      written: false,
      rejected: [{ row: 2, field: 'title_hi', message: 'Title must be at most 200 characters' }],
    });
  });
});
