/**
 * How long a server takes to read the shelf index (decision 023), and what it holds: run against a
 * seeded database, e.g. `DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_1000000 npx tsx
 * bench/shelf-index-read.ts` (or `DATA_DIR=DIR` for the PGlite in DIR/pglite). Reads them three
 * times; prints each read's wall time and the heap it added (run with `node --expose-gc` through
 * `NODE_OPTIONS=--expose-gc` for exact heap figures).
 */
import { openDatabase } from '../server/db/client.js';
import { createShelfIndex } from '../server/modules/catalog-search/shelf-index.js';

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { databaseUrl: process.env.DATABASE_URL }
    : { pgliteDir: `${process.env.DATA_DIR}/pglite` },
);
try {
  for (let run = 1; run <= 3; run++) {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const index = createShelfIndex(database.db);
    const started = performance.now();
    await index.ready();
    const seconds = (performance.now() - started) / 1000;
    global.gc?.();
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const { total } = index.page(
      { brands: [], categories: [], tags: [] },
      [{ field: 'title', direction: 'asc' }],
      1,
      1,
    )!;
    console.log(
      `read ${run}: ${seconds.toFixed(2)} s for ${total.toLocaleString('en-IN')} products, ` +
        `${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB held`,
    );
    await index.close();
  }
} finally {
  await database.close();
}
