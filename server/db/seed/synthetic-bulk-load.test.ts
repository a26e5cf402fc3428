import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCatalogSummaries } from '../../modules/catalog-search/search-vocabulary.js';
import { openTestDatabase } from '../../test/test-app.js';
import { type Database, queryRows } from '../client.js';
import { seedDemo } from './demo-seed.js';
import { bulkLoadSyntheticCatalogue, copyText } from './synthetic-bulk-load.js';
import { topUpSyntheticCatalogue } from './synthetic-catalogue.js';

type TestDatabase = Awaited<ReturnType<typeof openTestDatabase>>;

const dataDir = path.resolve('.data/test');
const now = Date.parse('2025-11-20T10:00:00Z');
const TARGET = 2000;

/**
 * The bulk load (COPY, indexes and triggers set aside) must leave a PostgreSQL database exactly as
 * the inserts with every trigger on do: same products, same search columns, same facet counts and
 * vocabulary, and the same indexes, constraints and triggers afterwards. It needs PostgreSQL
 * (DATABASE_URL); the insert path it is compared with runs on PGlite in demo-seed.test.ts too.
 */
describe.skipIf(!process.env.DATABASE_URL)('bulk load of the synthetic catalogue', () => {
  let slow: TestDatabase;
  let fast: TestDatabase;

  beforeAll(async () => {
    slow = await openTestDatabase();
    fast = await openTestDatabase();
    for (const { database } of [slow, fast]) {
      await seedDemo(database.db, { dataDir, log: () => {} });
      // A catalogue with a gap: synthetic product 3 deleted, so the next top-up starts at a
      // number whose slug exists, which both paths must skip alike.
      await topUpSyntheticCatalogue(database.db, { target: 82, now });
      await database.db.execute(sql`delete from products where title like '%(Model %-10003)'`);
    }
  }, 180_000);
  afterAll(async () => {
    await slow?.drop();
    await fast?.drop();
  });

  it('ends in the same state as the inserts with their triggers', async () => {
    const schemaBefore = await schemaOf(fast.database.db);
    const inserted = await topUpSyntheticCatalogue(slow.database.db, { target: TARGET, now, batchSize: 500 });
    const phases: string[] = [];
    const loaded = await bulkLoadSyntheticCatalogue(fast.database.db, {
      target: TARGET,
      now,
      databaseUrl: fast.databaseUrl!,
      onPhase: (phase) => phases.push(phase),
    });
    expect(loaded).toEqual(inserted);
    expect(loaded.total).toBe(TARGET);
    expect(phases).toContain('create indexes');
    for (const { database } of [slow, fast]) await refreshCatalogSummaries(database.db);

    expect(await schemaOf(fast.database.db)).toEqual(schemaBefore);
    const [expected, actual] = [await stateOf(slow.database.db), await stateOf(fast.database.db)];
    expect(actual.products.length).toBe(TARGET);
    expect(actual.facetCounts.length).toBeGreaterThan(10);
    expect(actual).toEqual(expected);
  }, 120_000);

  it('escapes what COPY text would read as a delimiter or an escape', () => {
    expect(copyText('55" TV\\Stand\twith\r\nlegs')).toBe('55" TV\\\\Stand\\twith\\r\\nlegs');
  });
});

/** Everything the catalogue's reads depend on, keyed by what both databases share (slugs, titles). */
async function stateOf(db: Database) {
  const products = await queryRows(
    db,
    sql`select p.slug, p.title, p.description, p.price_paise, p.mrp_paise, c.title as category,
          b.title as brand, p.tags, p.quantity, p.sold, p.images, p.total_rating, p.rating_count, p.translations,
          p.search_text, p.search_vector::text as search_vector, p.archived_at,
          -- Demo products are stamped with the time of their seed, synthetic ones from "now".
          case when p.title like '%(Model %' then p.created_at end as created_at,
          case when p.title like '%(Model %' then p.updated_at end as updated_at,
          (select array_agg(co.title order by pc.position) from product_colors pc
             join colors co on co.id = pc.color_id where pc.product_id = p.id) as colors
        from products p join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
        order by p.slug`,
  );
  const facetCounts = await queryRows(
    db,
    sql`select c.title as category, b.title as brand, f.tags, f.in_stock, f.products
        from product_facet_counts f join categories c on c.id = f.category_id join brands b on b.id = f.brand_id
        order by 1, 2, 3, 4, 5`,
  );
  const phrases = await queryRows(
    db,
    sql`select s.phrase, s.folded, p.slug, s.products, s.sold
        from search_phrases s join products p on p.id = s.product_id order by s.phrase`,
  );
  const words = await queryRows(db, sql`select word, products from search_words order by word`);
  return { products, facetCounts, phrases, words };
}

/** The loaded tables' indexes, constraints and triggers, and whether each trigger is on. */
async function schemaOf(db: Database) {
  return {
    indexes: await queryRows(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes
          where tablename in ('products', 'product_colors') order by 1, 2`,
    ),
    constraints: await queryRows(
      db,
      sql`select conrelid::regclass::text as table, conname, pg_get_constraintdef(oid) as definition, convalidated
          from pg_constraint where conrelid in ('products'::regclass, 'product_colors'::regclass) order by 1, 2`,
    ),
    triggers: await queryRows(
      db,
      sql`select tgname, tgenabled from pg_trigger
          where tgrelid = 'products'::regclass and not tgisinternal order by 1`,
    ),
  };
}
