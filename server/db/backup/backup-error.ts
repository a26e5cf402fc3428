import { ConfigError } from '../../config.js';
import { DatabaseUnavailableError } from '../client.js';
import { UsageError } from '../seed/seed-arguments.js';

/**
 * A backup or restore that cannot go on, with a message that says what to do about it; the CLIs
 * print it as one line and exit 1, never with a stack trace.
 */
export class BackupError extends Error {}

/**
 * Runs a backup or restore command: usage goes to the terminal with its exit code, a known failure
 * as one line ("Backup failed: …") and exit 1; anything else is a bug and keeps its stack trace.
 */
export async function runBackupCommand(main: () => Promise<void>, failed: string): Promise<void> {
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
      console.error(`${failed}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
