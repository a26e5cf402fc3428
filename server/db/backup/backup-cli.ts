import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { createBucketStorage } from '../../modules/media/bucket-storage.js';
import { openDatabase } from '../client.js';
import { checkPgliteBackupPossible, createBackup } from './backup.js';
import { parseBackupArguments } from './backup-arguments.js';
import { runBackupCommand } from './backup-error.js';
import { describeBackup } from './backup-report.js';

/** `npm run db:backup -- --out FILE [--force]`: the database and the media in one file. */

async function main(): Promise<void> {
  const args = parseBackupArguments(process.argv.slice(2));
  const config = loadConfig();
  if (!config.databaseUrl) checkPgliteBackupPossible(config.pgliteDir);
  const bucket = config.mediaStorage.kind === 's3' ? createBucketStorage(config.mediaStorage) : undefined;
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir },
  );
  try {
    const manifest = await createBackup(
      { database, databaseUrl: config.databaseUrl, mediaDir: config.mediaDir, bucket },
      { out: args.out, force: args.force },
    );
    const file = path.resolve(args.out);
    console.log(describeBackup(manifest, file, statSync(file).size));
  } finally {
    bucket?.close();
    // PGlite only flushes its files on close; never skip it, even after an error.
    await database.close();
  }
}

await runBackupCommand(main, 'Backup failed');
