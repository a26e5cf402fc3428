import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { DatabaseUnavailableError, openDatabase } from '../server/db/client.js';
import { AppError } from '../server/lib/errors.js';
import { createPincodesService } from '../server/modules/pincodes/pincodes.service.js';

/**
 * `npm run pincodes:import -- --file path.csv [--dry-run]`: loads serviceable pincodes from a CSV
 * into the shop's database, as the console's import does (every row checked, all or nothing,
 * audited), without a 50 MB upload. The file is the console export's layout, or the All India
 * Pincode Directory as data.gov.in publishes it (docs/deploy.md, "Delivery pincodes").
 */
const usage = 'Usage: npm run pincodes:import -- --file path.csv [--dry-run]';
const { values } = parseArgs({
  options: { file: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
});
if (!values.file) {
  console.error(`--file is required.\n${usage}`);
  process.exit(2);
}
const file = await readFile(values.file).catch((error: NodeJS.ErrnoException) => {
  console.error(`Cannot read ${values.file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  process.exit(2);
});

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir },
).catch((error: unknown) => {
  // e.g. the running shop holds the embedded database: one line that says what to do.
  console.error(error instanceof DatabaseUnavailableError ? error.message : error);
  process.exit(1);
});
let code = 0;
try {
  await database.migrate();
  const pincodes = createPincodesService({ db: database.db });
  const started = performance.now();
  const report = await pincodes.importCsv(
    { id: null, email: 'npm run pincodes:import' },
    file,
    values['dry-run'] ?? false,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const n = (count: number) => count.toLocaleString('en-IN');
  if (report.rejectedRows > 0) {
    console.error(`${n(report.rejectedRows)} of ${n(report.rows)} rows have problems; nothing was imported:`);
    for (const problem of report.rejected.slice(0, 50)) {
      console.error(`  row ${problem.row}, ${problem.field}: ${problem.message}`);
    }
    if (report.rejected.length > 50) console.error(`  … and ${n(report.rejected.length - 50)} more`);
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
