import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, queryRows } from '../../db/client.js';
import { seedDemo } from '../../db/seed/demo-seed.js';
import { topUpSyntheticCatalogue } from '../../db/seed/synthetic-catalogue.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createSuggestionIndex } from './suggestion-index.js';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  ctx = await createTestApp({ CATALOG_CACHE_SECONDS: '0' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'suggestion-index-'));
  await seedDemo(ctx.database.db, { dataDir, log: () => {} });
  await topUpSyntheticCatalogue(ctx.database.db, { target: 1_200 });
  await ctx.app.services.catalog.refreshSearchVocabulary();
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The suggestions as the database ranked them before decision 023 (pg_trgm's `<%` and
 * `word_similarity` over search_phrases): the oracle the in-memory suggestions must agree with.
 */
async function suggestInSql(db: Executor, text: string, limit: number): Promise<string[]> {
  const needle = text.toLowerCase();
  const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
  const prefixed = await queryRows<{ productId: string; phrase: string }>(
    db,
    sql`select product_id as "productId", phrase from search_phrases
        where folded like ${`${escaped}%`} or folded like ${`% ${escaped}%`}
        order by (folded like ${`${escaped}%`}) desc, sold desc, phrase limit ${limit}`,
  );
  if (prefixed.length >= limit) return prefixed.map((row) => row.productId);
  const close = await queryRows<{ productId: string }>(
    db,
    sql`select product_id as "productId" from search_phrases
        where (folded like ${`%${escaped}%`} or ${needle} <% folded)
          and not (phrase = any(${sql.param(prefixed.map((row) => row.phrase))}::text[]))
        order by (folded like ${`%${escaped}%`}) desc, word_similarity(${needle}, folded) desc, sold desc, phrase
        limit ${limit - prefixed.length}`,
  );
  return [...prefixed, ...close].map((row) => row.productId);
}

describe('suggestions from the vocabulary in memory (decision 023)', () => {
  it('suggest what pg_trgm would, prefixes, words, typos and all', async () => {
    const db = ctx.database.db;
    const index = createSuggestionIndex(db, {});
    const queries = [
      'sa',
      'sam',
      'samsung',
      'samsng',
      'samsung tv',
      'sumsung',
      'lapptop',
      'laptop',
      'camra',
      'camera',
      'iph',
      'iphone 15',
      'wat',
      'watch',
      'titan',
      'tv',
      'head',
      'headphnes',
      'boat',
      'sony',
      'dell',
      'kurta',
      'kurtaa',
      'shoe',
      'shoes men',
      'jeans',
      'levi',
      'mixer',
      'grinder',
      'smart',
      'wash',
      'washng machine',
      '4k',
      '55',
      'xz',
      '%%',
      '_a',
      'galaxy s2',
      'phone',
      'aple',
    ];
    let typosFound = 0;
    for (const query of queries) {
      for (const limit of [10, 3]) {
        const expected = await suggestInSql(db, query, limit);
        expect(await index.suggest(query, limit), `${query} (${limit})`).toEqual(expected);
      }
      if (['samsng', 'lapptop', 'camra', 'headphnes', 'kurtaa', 'washng machine', 'aple'].includes(query)) {
        if ((await suggestInSql(db, query, 10)).length > 0) typosFound++;
      }
    }
    // The typo path is only tested if typos find something.
    expect(typosFound).toBeGreaterThanOrEqual(5);
    index.close();
  });

  it('shows what the database holds, from memory, and a new price at once after a change', async () => {
    const catalog = ctx.app.services.catalog;
    const suggest = async (q: string) =>
      (await ctx.app.inject(`/api/product/suggestions?q=${encodeURIComponent(q)}`)).json() as {
        _id: string;
        price: number;
      }[];
    const queries = ['sam', 'lapptop', 'watch', 'titan', 'boat'];
    await suggest('warm');
    await expect.poll(async () => (await suggest('sam')).length).toBeGreaterThan(0);
    const fromMemory = await Promise.all(queries.map(suggest));
    // The same answers with the cards read from the database (as while changes cannot be heard).
    catalog.setHearingChanges(false);
    try {
      expect(await Promise.all(queries.map(suggest))).toEqual(fromMemory);
    } finally {
      catalog.setHearingChanges(true);
      catalog.forget('all');
    }

    const [first] = fromMemory[0]!;
    await ctx.database.db.execute(sql`update products set price_paise = 123456 where id = ${first!._id}`);
    catalog.invalidate();
    // At once (from the rows while the cards are read again), and still once they are.
    expect((await suggest('sam')).find((s) => s._id === first!._id)?.price).toBe(1234.56);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await suggest('sam')).find((s) => s._id === first!._id)?.price).toBe(1234.56);
  });

  it('reads the names again after the vocabulary is rebuilt', async () => {
    const db = ctx.database.db;
    const catalog = ctx.app.services.catalog;
    const titles = async (q: string) =>
      (
        (await ctx.app.inject(`/api/product/suggestions?q=${encodeURIComponent(q)}`)).json() as {
          title: string;
        }[]
      ).map((s) => s.title);
    expect(await titles('quokka')).toEqual([]);
    const [product] = await queryRows<{ id: string }>(db, sql`select id from products order by id limit 1`);
    await db.execute(sql`update products set title = 'Quokka Smart Kettle' where id = ${product!.id}`);
    catalog.invalidate();
    await catalog.refreshSearchVocabulary();
    expect(await titles('quokka')).toEqual(['Quokka Smart Kettle']);
    expect(await titles('qokka')).toEqual(['Quokka Smart Kettle']);
  });
});
