/**
 * The storefront's catalogue queries, each shape run through the real service on a seeded
 * PostgreSQL database and explained with EXPLAIN (ANALYZE, BUFFERS): one file per shape in
 * bench/plans/, so a plan that stops using its index shows in review.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_bench_100k npx tsx bench/query-plans.ts [--out bench/plans/100k]
 *
 * Every SQL statement the service sends is recorded (a pool that passes queries through) and then
 * explained with the same parameters. Loopback only; nothing is written to the database.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../server/db/client.js';
import * as schema from '../server/db/schema.js';
import { createImageUrls } from '../server/lib/image-urls.js';
import { createCatalogService } from '../server/modules/catalog/catalog.service.js';
import {
  parseProductFilters,
  parseProductListQuery,
} from '../server/modules/catalog-search/product-query.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a seeded PostgreSQL database.');
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? process.argv[outIndex + 1]! : 'bench/plans';

type Recorded = { text: string; values: unknown[] };
let recording: Recorded[] = [];

class RecordingPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : config.text;
    const params =
      (typeof config === 'string' ? undefined : config.values) ?? (Array.isArray(values) ? values : []);
    if (!/^\s*(set|begin|commit|rollback|explain)/i.test(text)) recording.push({ text, values: params });
    return super.query(config, values, callback);
  }
}

const pool = new RecordingPool({ connectionString: databaseUrl, max: 4 });
pool.on('connect', (client) => void client.query('set pg_trgm.word_similarity_threshold=0.5'));
const db = drizzle(pool, { schema }) as unknown as Database;
const catalog = createCatalogService(db, {
  cacheSeconds: 0,
  imageUrls: createImageUrls({ publicUrl: '', mediaUrl: '/media' }),
});
const explainer = new pg.Client({ connectionString: databaseUrl });
await explainer.connect();
await explainer.query('set pg_trgm.word_similarity_threshold=0.5');

const [sample] = (
  await explainer.query<{ id: string; slug: string }>(
    'select id, slug from products where archived_at is null order by sold desc limit 1',
  )
).rows;
const [category] = (
  await explainer.query<{ title: string }>('select title from categories order by title limit 1')
).rows;
const [brand] = (await explainer.query<{ title: string }>("select title from brands where title = 'Samsung'"))
  .rows;

const list = (query: string) => () =>
  catalog.listProducts(parseProductListQuery(Object.fromEntries(new URLSearchParams(query))));
const shapes: Record<string, () => Promise<unknown>> = {
  'list-newest-page1': list('limit=24'),
  'list-newest-page5': list('limit=24&page=5'),
  'list-price-asc': list('limit=24&sort=price'),
  'list-title-desc-page5': list('limit=24&sort=-title&page=5'),
  'list-best-sellers': list('limit=24&sort=-sold'),
  'list-rating': list('limit=24&sort=-totalrating'),
  'list-category-price': list(`limit=24&sort=price&category=${category!.title}`),
  'list-category-newest-page5': list(`limit=24&page=5&category=${category!.title}`),
  'list-brand-title': list(`limit=24&sort=title&brand=${brand?.title ?? 'Samsung'}`),
  'list-tag-popular-newest': list('limit=24&tags=popular'),
  'list-price-range-sold': list('limit=24&sort=-sold&price[gte]=1000&price[lte]=50000'),
  'list-in-stock-title': list('limit=24&sort=title&availability=in-stock'),
  'list-category-brand-tag-price': list(
    `limit=24&sort=-price&category=${category!.title}&brand=${brand?.title ?? 'Samsung'}&tags=special&price[lte]=20000`,
  ),
  'search-samsung-tv-55': list('limit=24&q=samsung tv 55'),
  'search-typo-lapptop': list('limit=24&q=lapptop'),
  'search-broad-samsung': list('limit=24&q=samsung'),
  // Suggestions are ranked in memory (decision 023): only the suggested products' rows are read.
  'suggest-sam': () => catalog.suggest('sam'),
  'suggest-typo-samsng': () => catalog.suggest('samsng'),
  'facets-all': () => catalog.facets(parseProductFilters({})),
  'facets-category': () => catalog.facets(parseProductFilters({ category: category!.title })),
  'facets-search': () => catalog.facets(parseProductFilters({ q: 'samsung tv' })),
  'facets-price-range': () =>
    catalog.facets(parseProductFilters({ 'price[gte]': '1000', 'price[lte]': '50000' })),
  'detail-by-slug': () => catalog.getProduct(sample!.slug),
};

/**
 * With the shelf index read (decision 023): its one read, and what a list, a panel and the search
 * box then send. The shapes above are the SQL that answers while the index is being read, and
 * searches.
 */
const indexedShapes: Record<string, () => Promise<unknown>> = {
  'shelf-index-read': () => catalog.warmShelfIndex(),
  'indexed-list-brand-tag-price': list(
    `limit=24&sort=-price&brand=${brand?.title ?? 'Samsung'}&tags=popular&price[lte]=200000`,
  ),
  'indexed-list-newest-page5': list('limit=24&page=5'),
  'indexed-facets-price-range': () =>
    catalog.facets(parseProductFilters({ 'price[gte]': '1000', 'price[lte]': '50000' })),
};

mkdirSync(outDir, { recursive: true });
await catalog.refreshSearchVocabulary();
// The SQL shapes first, with the shelf index standing aside as it does while it cannot hear changes.
catalog.setHearingChanges(false);
for (const [name, run] of [
  ...Object.entries(shapes),
  ['-', async () => {}] as const,
  ...Object.entries(indexedShapes),
]) {
  if (name === '-') {
    catalog.setHearingChanges(true);
    continue;
  }
  recording = [];
  const started = performance.now();
  await run();
  const took = performance.now() - started;
  const sections: string[] = [
    `-- ${name}: ${recording.length} statements, ${took.toFixed(1)} ms through the service`,
  ];
  for (const { text, values } of recording) {
    const plan = await explainer.query(`explain (analyze, buffers) ${text}`, values);
    sections.push(
      `\n-- SQL\n${text}\n-- parameters: ${JSON.stringify(values).slice(0, 500)}\n`,
      plan.rows.map((row) => row['QUERY PLAN']).join('\n'),
    );
  }
  writeFileSync(path.join(outDir, `${name}.txt`), `${sections.join('\n')}\n`);
  console.log(`${name.padEnd(32)} ${recording.length} statements  ${took.toFixed(1)} ms`);
}
await catalog.close();
await explainer.end();
await pool.end();
