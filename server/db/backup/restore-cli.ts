import { loadConfig } from '../../config.js';
import { parseRestoreArguments } from './backup-arguments.js';
import { runBackupCommand } from './backup-error.js';
import { describeRestore } from './backup-report.js';
import { restoreBackup } from './restore.js';

/** `npm run db:restore -- --from FILE [--force]`: a backup back into the configured database and media. */

async function main(): Promise<void> {
  const args = parseRestoreArguments(process.argv.slice(2));
  const config = loadConfig();
  const summary = await restoreBackup(
    {
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      dataDir: config.dataDir,
      mediaDir: config.mediaDir,
    },
    { from: args.from, force: args.force },
  );
  console.log(describeRestore(summary, args.from));
}

await runBackupCommand(main, 'Restore failed');
