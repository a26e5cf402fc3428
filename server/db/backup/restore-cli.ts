import { loadConfig } from '../../config.js';
import { createBucketStorage } from '../../modules/media/bucket-storage.js';
import { parseRestoreArguments } from './backup-arguments.js';
import { runBackupCommand } from './backup-error.js';
import { describeRestore } from './backup-report.js';
import { restoreBackup } from './restore.js';

/** `npm run db:restore -- --from FILE [--force]`: a backup back into the configured database and media. */

async function main(): Promise<void> {
  const args = parseRestoreArguments(process.argv.slice(2));
  const config = loadConfig();
  const bucket = config.mediaStorage.kind === 's3' ? createBucketStorage(config.mediaStorage) : undefined;
  try {
    const summary = await restoreBackup(
      {
        databaseUrl: config.databaseUrl,
        pgliteDir: config.pgliteDir,
        dataDir: config.dataDir,
        mediaDir: config.mediaDir,
        bucket,
      },
      { from: args.from, force: args.force },
    );
    console.log(describeRestore(summary, args.from));
  } finally {
    bucket?.close();
  }
}

await runBackupCommand(main, 'Restore failed');
