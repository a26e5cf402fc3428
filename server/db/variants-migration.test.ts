import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Migration 0025 on a shop that already sells: every product becomes one variant holding its
 * price, MRP, stock and sales, and carts, holds, the ledger, checkouts and orders point at it.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
let client: PGlite;
let before: string;

async function rows<T>(query: string): Promise<T[]> {
  return (await client.query<T>(query)).rows;
}

beforeAll(async () => {
  // The migrations up to 0024: the shop as it was.
  before = mkdtempSync(path.join(tmpdir(), 'before-variants-'));
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 25);
  writeFileSync(journalFile, JSON.stringify(journal));
  client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder: before });
  await client.exec(`
    insert into categories (id, title, slug) values ('00000000-0000-4000-8000-00000000c001', 'Shirts', 'shirts');
    insert into brands (id, title, slug) values ('00000000-0000-4000-8000-00000000b001', 'Levis', 'levis');
    insert into colors (id, title, name) values
      ('00000000-0000-4000-8000-0000000c0001', '#000080', 'Navy'),
      ('00000000-0000-4000-8000-0000000c0002', '#ffffff', 'White');
    insert into products (id, slug, title, price_paise, mrp_paise, category_id, brand_id, quantity, sold) values
      ('00000000-0000-4000-8000-00000000a001', 'crew-tee', 'Crew Tee', 69900, 99900,
       '00000000-0000-4000-8000-00000000c001', '00000000-0000-4000-8000-00000000b001', 7, 3);
    insert into product_colors (product_id, color_id, position) values
      ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000c0001', 0),
      ('00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000c0002', 1);
    insert into users (id, firstname, lastname, email, mobile, password_hash) values
      ('00000000-0000-4000-8000-00000000d001', 'Asha', 'Rao', 'asha@example.in', '9876500000', 'x');
    insert into cart_lines (user_id, product_id, color_id, quantity, price_paise) values
      ('00000000-0000-4000-8000-00000000d001', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000c0001', 1, 69900),
      ('00000000-0000-4000-8000-00000000d001', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000c0002', 2, 69900);
    insert into checkouts (id, user_id, provider, provider_order_id, amount_paise, lines) values
      ('00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000d001', 'test', 'order_1', 69900,
       '[{"productId":"00000000-0000-4000-8000-00000000a001","colorId":"00000000-0000-4000-8000-0000000c0002","title":"Crew Tee","quantity":1,"pricePaise":69900}]');
    insert into stock_holds (checkout_id, product_id, user_id, quantity, expires_at) values
      ('00000000-0000-4000-8000-00000000e001', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-00000000d001', 1, now() + interval '10 minutes');
    insert into stock_movements (product_id, delta, quantity_after, reason) values
      ('00000000-0000-4000-8000-00000000a001', 10, 10, 'received');
    insert into orders (id, order_number, user_id, checkout_id, shipping_info, total_price_paise,
      total_price_after_discount_paise, payment_info, paid_at) values
      ('00000000-0000-4000-8000-00000000f001', 'BB1', '00000000-0000-4000-8000-00000000d001',
       '00000000-0000-4000-8000-00000000e001', '{}', 69900, 69900, '{}', now());
    insert into order_lines (order_id, product_id, color_id, title, quantity, price_paise) values
      ('00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000a001', '00000000-0000-4000-8000-0000000c0002', 'Crew Tee', 1, 69900);
  `);
  await migrate(drizzle(client), { migrationsFolder: migrations });
}, 60_000);

afterAll(async () => {
  await client?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

describe('migration 0025: products become variants', () => {
  it('gives each product one variant with its price, MRP, stock and sales, and the product row keeps them', async () => {
    const variants = await rows<Record<string, unknown>>(
      'select id, sku, option_values, color_id, price_paise, mrp_paise, quantity, sold from product_variants',
    );
    expect(variants).toEqual([
      expect.objectContaining({
        sku: 'CREW-TEE',
        option_values: [],
        color_id: null,
        price_paise: 69900,
        mrp_paise: 99900,
        quantity: 7,
        sold: 3,
      }),
    ]);
    const [product] = await rows<Record<string, unknown>>(
      'select price_paise, mrp_paise, price_max_paise, quantity, sold, options from products',
    );
    expect(product).toEqual({
      price_paise: 69900,
      mrp_paise: 99900,
      price_max_paise: 69900,
      quantity: 7,
      sold: 3,
      options: [],
    });
  });

  it('points carts (both colours kept apart), holds, the ledger, checkouts and orders at it', async () => {
    const [variant] = await rows<{ id: string }>('select id from product_variants');
    const id = variant!.id;
    const lines = await rows<{ variant_id: string; quantity: number }>(
      'select variant_id, quantity from cart_lines order by quantity',
    );
    expect(lines).toEqual([
      { variant_id: id, quantity: 1 },
      { variant_id: id, quantity: 2 },
    ]);
    expect(await rows('select variant_id from stock_holds')).toEqual([{ variant_id: id }]);
    expect(await rows('select variant_id from stock_movements')).toEqual([{ variant_id: id }]);
    expect(await rows('select variant_id, sku, variant_title from order_lines')).toEqual([
      { variant_id: id, sku: null, variant_title: null },
    ]);
    const [checkout] = await rows<{ lines: Record<string, unknown>[] }>('select lines from checkouts');
    expect(checkout!.lines).toEqual([
      expect.objectContaining({
        variantId: id,
        sku: '',
        variantTitle: '',
        colorId: '00000000-0000-4000-8000-0000000c0002',
      }),
    ]);
  });

  it('keeps the product row in step with its variants from then on', async () => {
    const [variant] = await rows<{ id: string }>('select id from product_variants');
    await client.exec(`
      insert into product_variants (product_id, sku, option_values, price_paise, quantity)
        values ('00000000-0000-4000-8000-00000000a001', 'CREW-TEE-XL', '{XL}', 79900, 4);
      update product_variants set quantity = quantity - 2, sold = sold + 2 where id = '${variant!.id}';
    `);
    const [product] = await rows<Record<string, unknown>>(
      'select price_paise, mrp_paise, price_max_paise, quantity, sold from products',
    );
    expect(product).toEqual({
      price_paise: 69900,
      mrp_paise: 99900,
      price_max_paise: 79900,
      quantity: 9,
      sold: 5,
    });
    await client.exec(`update product_variants set archived_at = now() where id = '${variant!.id}'`);
    const [after] = await rows<Record<string, unknown>>(
      'select price_paise, mrp_paise, quantity from products',
    );
    expect(after).toEqual({ price_paise: 79900, mrp_paise: null, quantity: 4 });
  });
});
