/**
 * Each of the load test's 15 searches (bench/api-load.ts) answered in-process by the product
 * search (decision 040), ROUNDS (30) rounds over pages 1-5, and its filter panel: its matches, median and slowest time. Run against a
 * seeded database, e.g. `DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_1000000 npx tsx
 * bench/search-times.ts`: where a search's time goes, without the HTTP server around it.
 */
import { openDatabase } from '../server/db/client.js';
import { createImageUrls } from '../server/lib/image-urls.js';
import { createCatalogService } from '../server/modules/catalog/catalog.service.js';
import {
  parseProductFilters,
  parseProductListQuery,
} from '../server/modules/catalog-search/product-query.js';
import { median } from './lib/shop.js';
import { shopperSearches } from './shopper-searches.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const catalog = createCatalogService(database.db, {
  imageUrls: createImageUrls({ publicUrl: '', mediaUrl: '/media' }),
});
await catalog.warmUp();
try {
  // Round the 15 in turn, as the load test does: each search follows another.
  const rows = shopperSearches.map((q) => ({ q, total: 0, page: [] as number[], panel: [] as number[] }));
  for (let r = 0; r < Number(process.env.ROUNDS ?? 30); r++) {
    for (const row of rows) {
      let t = performance.now();
      const res = await catalog.listProducts(
        parseProductListQuery({ q: row.q, limit: '24', page: String(1 + (r % 5)) }),
      );
      row.page.push(performance.now() - t);
      row.total = res.total;
      t = performance.now();
      await catalog.facets(parseProductFilters({ q: row.q }));
      row.panel.push(performance.now() - t);
    }
  }
  const max = (times: number[]) => Math.max(...times);
  for (const row of rows) {
    console.log(
      `${row.q.padEnd(20)} total ${String(row.total).padStart(7)}  page median ${median(row.page).toFixed(2)} ms max ${max(row.page).toFixed(2)}  panel median ${median(row.panel).toFixed(2)} ms max ${max(row.panel).toFixed(2)}`,
    );
  }
  const sum = (pick: (row: (typeof rows)[number]) => number[]) =>
    rows.reduce((total, row) => total + median(pick(row)), 0) / rows.length;
  console.log(
    `mean of medians: page ${sum((row) => row.page).toFixed(2)} ms, panel ${sum((row) => row.panel).toFixed(2)} ms`,
  );
} finally {
  await catalog.close();
  await database.close();
}
