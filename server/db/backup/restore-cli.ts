import { ConfigError, loadConfig } from '../../config.js';
import { DatabaseUnavailableError } from '../client.js';
import { UsageError } from '../seed/seed-arguments.js';
import { parseRestoreArguments } from './backup-arguments.js';
import { BackupError } from './backup-error.js';
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

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) {
    (error.exitCode === 0 ? console.log : console.error)(error.message);
    process.exit(error.exitCode);
  }
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError ||
    error instanceof BackupError
  ) {
    console.error(`Restore failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
