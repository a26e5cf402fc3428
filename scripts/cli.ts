import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../server/config.js';
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase } from '../server/db/client.js';

/**
 * What the operators' commands share (pincodes:import, catalogue:import, staff:create): their
 * arguments read with a usage line on a mistake, the shop's database opened with one line that
 * says what to do when it cannot be (e.g. the running shop holds the embedded database), and an
 * import's rejected rows listed.
 */

/** `--file F [--dry-run]`, and the file's bytes; exits 2 with `usage` when either is wrong. */
export async function readImportArguments(usage: string): Promise<{ file: Buffer; dryRun: boolean }> {
  const { values } = parseArgs({
    options: { file: { type: 'string' }, 'dry-run': { type: 'boolean', default: false } },
  });
  if (!values.file) {
    console.error(`--file is required.\n${usage}`);
    process.exit(2);
  }
  const path = values.file;
  const file = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    console.error(`Cannot read ${path}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    return process.exit(2);
  });
  return { file, dryRun: values['dry-run'] ?? false };
}

/** The shop's database as the server opens it (not migrated yet); exits 1 with the reason. */
export function openShopDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: config.pgliteDir },
  ).catch((error: unknown) => {
    console.error(error instanceof DatabaseUnavailableError ? error.message : error);
    return process.exit(1);
  });
}

export const count = (n: number) => n.toLocaleString('en-IN');

/** An import's rejected rows on stderr, the first 50 of them. */
export function listProblems(list: { row: number; field: string; message: string }[]) {
  for (const problem of list.slice(0, 50))
    console.error(`  row ${problem.row}, ${problem.field}: ${problem.message}`);
  if (list.length > 50) console.error(`  … and ${count(list.length - 50)} more`);
}
