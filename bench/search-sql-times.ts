/**
 * Hindi and English searches' SQL time (decision 051), for a machine too busy for the load test:
 * each search's `shop_search_page` call (page 1, by relevance) under EXPLAIN ANALYZE on one
 * connection, its median and slowest execution time over ROUNDS (20) after a warm-up; then the
 * whole page and the search box's suggestions answered in-process by the catalogue service.
 * Run against a seeded database:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_100000 npx tsx bench/search-sql-times.ts
 * Copied into an older checkout it measures that code (it asks for no function that one lacks).
 */
import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import { createImageUrls } from '../server/lib/image-urls.js';
import { createCatalogService } from '../server/modules/catalog/catalog.service.js';
import { parseProductListQuery } from '../server/modules/catalog-search/product-query.js';
import * as terms from '../server/modules/catalog-search/search-terms.js';
import { lookUpWords } from '../server/modules/catalog-search/search-vocabulary.repository.js';
import { median } from './lib/shop.js';
import { hindiShopperSearches, shopperSearches } from './shopper-searches.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const WARM_UP = 7;
const url = process.env.DATABASE_URL!;
const database = await openDatabase({ databaseUrl: url });
const catalog = createCatalogService(database.db, {
  imageUrls: createImageUrls({ publicUrl: '', mediaUrl: '/media' }),
});
await catalog.warmUp();
const client = new pg.Client({ connectionString: url });
await client.connect();
const keep = (terms as { withoutFillers?: (words: string[]) => string[] }).withoutFillers ?? ((w) => w);

/** The to_tsquery texts the product search tries in order (product-search.ts, `queriesOf`). */
async function queriesOf(q: string): Promise<string[]> {
  const words = keep(terms.searchWords(q));
  const lookups = await lookUpWords(database.db, words);
  const built = [
    terms.buildTsQuery(lookups, { prefixLast: true }),
    words.length > 2 ? terms.buildTsQuery(lookups, { prefixLast: true, allButOne: true }) : undefined,
    words.length > 1 ? terms.buildTsQuery(lookups, { prefixLast: true, anyWord: true }) : undefined,
  ];
  return [...new Set(built.filter((text): text is string => text !== undefined))];
}

async function sqlTimes(queries: string[]): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const { rows } = await client.query(
      `explain (analyze, format json) select * from shop_search_page($1::text[], null, null, null,
         null, null, null, 120, 0, 24)`,
      [queries],
    );
    if (round >= WARM_UP) times.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
  }
  return times;
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const start = performance.now();
    last = await run();
    if (round >= WARM_UP) ms.push(performance.now() - start);
  }
  return { ms, last: last! };
}

const f = (n: number) => n.toFixed(2).padStart(6);
try {
  console.log('| query | SQL median ms | SQL max ms | page median ms | total |');
  console.log('|---|---|---|---|---|');
  for (const q of [...shopperSearches, ...hindiShopperSearches]) {
    const sqlMs = await sqlTimes(await queriesOf(q));
    const page = await timed(() => catalog.listProducts(parseProductListQuery({ q, limit: '24' })));
    console.log(
      `| ${q} | ${f(median(sqlMs))} | ${f(Math.max(...sqlMs))} | ${f(median(page.ms))} | ${page.last.total} |`,
    );
  }
  console.log('\n| suggestions for | median ms | max ms | found |');
  console.log('|---|---|---|---|');
  for (const q of ['sam', 'lap', 'wat', 'samsng', 'सैम', 'लैप', 'घड़', 'ghad', 'chap']) {
    const found = await timed(() => catalog.suggest(q));
    console.log(`| ${q} | ${f(median(found.ms))} | ${f(Math.max(...found.ms))} | ${found.last.length} |`);
  }
} finally {
  await client.end();
  await catalog.close();
  await database.close();
}
