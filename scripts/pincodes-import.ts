import { loadConfig } from '../server/config.js';
import { AppError } from '../server/lib/errors.js';
import { createPincodesService } from '../server/modules/pincodes/pincodes.service.js';
import { listProblems, count as n, openShopDatabase, readImportArguments } from './cli.js';

/**
 * `npm run pincodes:import -- --file path.csv [--dry-run]`: loads serviceable pincodes from a CSV
 * into the shop's database, as the console's import does (every row checked, all or nothing,
 * audited), without a 50 MB upload. The file is the console export's layout, or the All India
 * Pincode Directory as data.gov.in publishes it (docs/deploy.md, "Delivery pincodes").
 */
const usage = 'Usage: npm run pincodes:import -- --file path.csv [--dry-run]';
const { file, dryRun } = await readImportArguments(usage);
const config = loadConfig();
const database = await openShopDatabase(config);
let code = 0;
try {
  await database.migrate();
  const pincodes = createPincodesService({ db: database.db });
  const started = performance.now();
  const report = await pincodes.importCsv({ id: null, email: 'npm run pincodes:import' }, file, dryRun);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (report.rejectedRows > 0) {
    console.error(`${n(report.rejectedRows)} of ${n(report.rows)} rows have problems; nothing was imported:`);
    listProblems(report.rejected);
    code = 1;
  } else {
    const verb = report.written
      ? 'Imported'
      : report.dryRun
        ? 'Checked (dry run, nothing written)'
        : 'Nothing to change in';
    console.log(
      `${verb} ${n(report.rows)} rows in ${seconds} s: ${n(report.created)} pincodes added, ${n(report.updated)} changed, ${n(report.unchanged)} unchanged.`,
    );
  }
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  code = 1;
} finally {
  // PGlite only flushes its files on close; never skip it, even after an error.
  await database.close();
}
process.exit(code);
