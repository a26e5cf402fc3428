/**
 * The product page's read (catalog-search/shelf-rows.repository.ts shelfProducts: one statement for the pages asked
 * for together) timed in-process, for one page and for 50, next to `select 1`: what the database
 * costs a product page without the HTTP server around it, and steadier than a load test on a noisy
 * machine. Against a seeded database, e.g. on PGlite
 * `DATA_DIR=/work/bench-data/pglite-100k DATABASE_URL= npx tsx bench/product-page-reads.ts`
 * or on PostgreSQL `DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_100000 npx tsx ...`.
 * Run it on two commits to compare them.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.js';
import { shelfProducts } from '../server/modules/catalog-search/shelf-rows.repository.js';
import { median } from './lib/shop.js';

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { pgliteDir: path.join(process.env.DATA_DIR ?? '.data', 'pglite') },
);
try {
  const { db } = database;
  const ids = (
    await queryRows<{ id: string }>(db, sql`select id from products order by sold desc, id desc limit 200`)
  ).map((row) => row.id);
  const time = async (label: string, read: (i: number) => Promise<unknown>) => {
    const rounds: number[] = [];
    // Five rounds of 200 reads; the first warms caches and plans and is left out.
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      for (let i = 0; i < 200; i++) await read(i);
      if (round > 0) rounds.push(((performance.now() - started) / 200) * 1000);
    }
    console.log(`${label.padEnd(22)} median of rounds ${median(rounds).toFixed(0)} µs a read`);
  };
  await time('select 1', () => queryRows(db, sql`select 1`));
  await time('product page, 1', (i) => shelfProducts(db, [ids[i % ids.length]!]));
  await time('product pages, 50', (i) => shelfProducts(db, ids.slice(i % 150, (i % 150) + 50)));
} finally {
  await database.close();
}
