import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { announceCatalogChange } from '../../modules/catalog/catalog-changes.js';
import { refreshCatalogSummaries } from '../../modules/catalog-search/search-vocabulary.js';
import { createBucketStorage } from '../../modules/media/bucket-storage.js';
import { MediaStoreError } from '../../modules/media/media-storage.js';
import { countRows, type Database, openDatabase } from '../client.js';
import { runCommand } from '../run-command.js';
import { describeSeedSummary, seedDemo } from './demo-seed.js';
import { parseSeedArguments } from './seed-arguments.js';
import { BULK_LOAD_MIN_PRODUCTS, bulkLoadSyntheticCatalogue } from './synthetic-bulk-load.js';
import { type TopUpOptions, topUpSyntheticCatalogue } from './synthetic-catalogue.js';

/**
 * `npm run db:seed [-- --products N]`: migrates, writes the demo catalogue (idempotent) and
 * optionally tops the catalogue up to N products with synthetic ones for benchmarks.
 */

async function main(): Promise<void> {
  const args = parseSeedArguments(process.argv.slice(2));
  const config = loadConfig();
  const bucket = config.mediaStorage.kind === 's3' ? createBucketStorage(config.mediaStorage) : undefined;
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    const summary = await seedDemo(database.db, {
      dataDir: config.dataDir,
      log: (line) => console.log(line),
      bucket,
    });
    console.log(describeSeedSummary(summary));
    const bulkUrl = database.kind === 'postgres' ? config.databaseUrl : undefined;
    if (args.products) await topUpWithProgress(database.db, args.products, bulkUrl);
    // The search box's vocabulary and the facet counts' summary, from the products now there.
    const summarising = performance.now();
    await refreshCatalogSummaries(database.db);
    console.log(
      `Search vocabulary and facet counts refreshed in ${((performance.now() - summarising) / 1000).toFixed(1)} s.`,
    );
    // Statistics for the planner, and the visibility map that lets the storefront's sorted lists
    // be read from their indexes alone (decision 016): after a load, neither is there. PGlite too:
    // it has no autovacuum at all, and unanalysed it answered lists a fifth as fast.
    const vacuuming = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    console.log(`Vacuumed and analysed in ${((performance.now() - vacuuming) / 1000).toFixed(1)} s.`);
    // App servers already running on this database forget their cached catalogue reads.
    await announceCatalogChange(database.db, 'all');
  } finally {
    bucket?.close();
    // PGlite only flushes its files on close; never skip it, even after an error.
    await database.close();
  }
}

/**
 * Synthetic products up to `target`. On PostgreSQL a large top-up goes through the bulk load
 * (COPY, indexes rebuilt once); the same products either way.
 */
async function topUpWithProgress(db: Database, target: number, databaseUrl: string | undefined) {
  const started = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      format: 'Synthetic products [{bar}] {percentage}% | {value}/{total} | {eta_formatted} left',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let barStarted = false;
  const phases: string[] = [];
  const options: TopUpOptions = {
    target,
    batchSize: 2000,
    onProgress: (added, needed) => {
      if (!barStarted) {
        bar.start(needed, 0);
        barStarted = true;
      }
      bar.update(added);
    },
  };
  const bulk = databaseUrl && target - (await countRows(db, 'products')) >= BULK_LOAD_MIN_PRODUCTS;
  const result = bulk
    ? await bulkLoadSyntheticCatalogue(db, {
        ...options,
        databaseUrl,
        onPhase: (phase, seconds) => phases.push(`${phase} ${seconds.toFixed(1)} s`),
      })
    : await topUpSyntheticCatalogue(db, options);
  if (barStarted) bar.stop();
  const seconds = (performance.now() - started) / 1000;
  const rate =
    result.added > 0 ? `, ${Math.round(result.added / seconds).toLocaleString('en-IN')} products/s` : '';
  console.log(
    `Synthetic catalogue: ${result.added.toLocaleString('en-IN')} products added, ${result.total.toLocaleString('en-IN')} in total, in ${seconds.toFixed(1)} s${rate}.`,
  );
  if (phases.length > 0) console.log(`Bulk load (COPY): ${phases.join(', ')}.`);
}

await runCommand(main, { known: [MediaStoreError] });
