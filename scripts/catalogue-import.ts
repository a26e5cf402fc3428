import { loadConfig } from '../server/config.js';
import { AppError } from '../server/lib/errors.js';
import { createImageUrls } from '../server/lib/image-urls.js';
import { createCatalogService } from '../server/modules/catalog/index.js';
import { createCatalogCsvService, readForeignCatalogue } from '../server/modules/catalog-csv/index.js';
import { listProblems, count as n, openShopDatabase, readImportArguments } from './cli.js';

/**
 * `npm run catalogue:import -- --file products.csv [--dry-run]`: the console's product import from
 * the command line (every row checked, all or nothing, audited), for a file too big to upload or a
 * shop being set up. The kind of file is told by its header: the shop's own export, or a Shopify or
 * WooCommerce product export (with its options and variants, decision 038), as the console reads it.
 * With PGlite, stop the shop first: the embedded database has one user at a time.
 */
const usage = 'Usage: npm run catalogue:import -- --file products.csv [--dry-run]';
const { file, dryRun } = await readImportArguments(usage);

let foreign: ReturnType<typeof readForeignCatalogue>;
try {
  foreign = readForeignCatalogue(file);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exit(1);
}
if (foreign) {
  const { format, products, rejections } = foreign;
  const name = format === 'shopify' ? 'Shopify' : 'WooCommerce';
  const variants = products.reduce((sum, p) => sum + p.variants.length, 0);
  if (rejections.length) {
    console.error(
      `A ${name} export: ${n(rejections.length)} problems in ${n(products.length)} products; nothing was imported:`,
    );
    listProblems(rejections);
    process.exit(1);
  }
  console.log(`A ${name} export: ${n(products.length)} products and ${n(variants)} variants read.`);
}

const config = loadConfig();
const database = await openShopDatabase(config);
const imageUrls = createImageUrls({ publicUrl: config.publicUrl, mediaUrl: config.mediaUrl });
// Its announcements tell running servers (on PostgreSQL) to read the catalogue again.
const catalog = createCatalogService(database.db, { imageUrls });
let code = 0;
try {
  await database.migrate();
  const products = createCatalogCsvService({ db: database.db, catalog, imageUrls, config });
  const started = performance.now();
  const report = await products.importCsv({ id: null, email: 'npm run catalogue:import' }, file, dryRun);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.rejectedRows > 0) {
    console.error(`${n(report.rejectedRows)} of ${n(report.rows)} rows have problems; nothing was imported:`);
    listProblems(report.rejected);
    code = 1;
  } else {
    const verb = report.dryRun ? 'Checked (dry run, nothing written)' : 'Imported';
    console.log(
      `${verb} ${n(report.rows)} rows in ${seconds} s: ${n(report.created)} products added, ${n(report.updated)} changed, ${n(report.unchanged)} unchanged.`,
    );
  }
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  code = 1;
} finally {
  await catalog.flushAnnouncements();
  await catalog.close();
  // PGlite only flushes its files on close; never skip it, even after an error.
  await database.close();
}
process.exit(code);
