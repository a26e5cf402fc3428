import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { readForeignCatalogue } from './csv-formats/foreign-catalogue.js';
import type { ImportedProduct } from './csv-formats/imported-product.js';

/**
 * A merchant moving from Shopify: its product export (54 products, 292 variants, made from
 * Shopify's documented columns) imports through the console in one go, and the shop's Shopify
 * export gives the same products and variants back.
 */
const fixture = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'csv-formats/fixtures/shopify-products.csv'),
  'utf8',
);
let ctx: TestContext;
let manager: SignedInStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  manager = await signInStaff(ctx.app, 'catalogue');
});
afterAll(async () => ctx?.close());

function importCsv(csv: string, query = '') {
  const boundary = `----shopify${Math.random().toString(16).slice(2)}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products_export.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${query}`,
    payload,
    headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** What a product's variants come to, comparable across files: SKU, values, price, MRP, stock. */
const shapeOf = (product: ImportedProduct) => ({
  title: product.title,
  options: product.options,
  variants: product.variants.map((v) => [v.sku, v.optionValues, v.pricePaise, v.mrpPaise, v.quantity]),
});

describe('importing a Shopify product export', () => {
  it('checks it in a dry run, imports it in one go, and exports it back with the same variants', async () => {
    const dry = await importCsv(fixture, '?dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      written: false,
      rows: 292,
      created: 54,
      rejectedRows: 0,
    });
    // Shopify's CDN is not this shop's: the storefront would not load those pictures.
    expect(dry.json().warnings).toEqual([
      expect.stringMatching(/^\d+ pictures are at another shop's address/),
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/product/levi-s-crew-neck-t-shirt' })).statusCode,
    ).toBe(404);

    const done = await importCsv(fixture);
    expect(done.json()).toMatchObject({ written: true, rows: 292, created: 54, updated: 0 });
    const tee = (
      await ctx.app.inject({ method: 'GET', url: '/api/product/levi-s-crew-neck-t-shirt' })
    ).json();
    expect(tee.options.map((o: { name: string; kind: string }) => [o.name, o.kind])).toEqual([
      ['Color', 'color'],
      ['Size', 'text'],
    ]);
    expect(tee.variants[0]).toMatchObject({
      sku: 'LEVI-S-CREW--1-1',
      options: { Color: 'Navy', Size: 'S' },
    });
    expect(tee.brand).toBe("Levi's");
    expect(tee.images).toEqual([]);
    expect(tee.category).toBe('T-Shirts');

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/products/export?format=shopify',
      headers: manager.headers,
    });
    expect(exported.statusCode).toBe(200);
    const original = readForeignCatalogue(fixture)!;
    const back = readForeignCatalogue(exported.body)!;
    expect(back.format).toBe('shopify');
    expect(back.rejections).toEqual([]);
    const bySlug = new Map(back.products.map((p) => [p.slug, p]));
    for (const product of original.products) {
      expect(shapeOf(bySlug.get(product.slug)!), product.slug).toEqual(shapeOf(product));
    }

    // The same file again changes nothing it did not say, and adds no product.
    const again = await importCsv(fixture);
    expect(again.json()).toMatchObject({ written: true, created: 0, updated: 54 });
  }, 120_000);

  it('refuses a file with a problem, naming its row, and writes nothing', async () => {
    const broken = fixture.replace(
      'LEVI-S-CREW--1-1,180,shopify,5,deny,manual,699.00',
      'LEVI-S-CREW--1-1,180,shopify,5,deny,manual,lots',
    );
    const answer = await importCsv(broken.replaceAll('levi-s-crew-neck-t-shirt', 'levis-crew-broken'));
    expect(answer.json()).toMatchObject({ written: false, rejectedRows: 1 });
    expect(answer.json().rejected[0]).toMatchObject({ row: 2 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/product/levis-crew-broken' })).statusCode).toBe(
      404,
    );
  });
});
