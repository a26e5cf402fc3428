/**
 * Each of the load test's 15 searches (bench/api-load.ts) answered in-process from the text index
 * (decision 025), 30 times over pages 1-5: its matches and median and slowest time. Run against a
 * seeded database, e.g. `DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_1000000 npx tsx
 * bench/search-times.ts`: where a search's time goes, without the HTTP server around it.
 */
import { openDatabase } from '../server/db/client.js';
import { createImageUrls } from '../server/lib/image-urls.js';
import { createCatalogService } from '../server/modules/catalog/catalog.service.js';
import { parseProductListQuery } from '../server/modules/catalog/product-query.js';
import { shopperSearches } from './shopper-searches.js';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL! });
const catalog = createCatalogService(database.db, {
  imageUrls: createImageUrls({ publicUrl: '', mediaUrl: '/media' }),
});
await catalog.warmShelfIndex({ searches: true });
try {
  for (const q of shopperSearches) {
    const times: number[] = [];
    let total = 0;
    for (let r = 0; r < 30; r++) {
      const t = performance.now();
      const res = await catalog.listProducts(
        parseProductListQuery({ q, limit: '24', page: String(1 + (r % 5)) }),
      );
      times.push(performance.now() - t);
      total = res.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${q.padEnd(20)} total ${String(total).padStart(7)}  median ${times[15]!.toFixed(2)} ms  max ${times[29]!.toFixed(2)}`,
    );
  }
} finally {
  await catalog.close();
  await database.close();
}
