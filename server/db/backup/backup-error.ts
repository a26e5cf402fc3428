import { MediaStoreError } from '../../modules/media/media-storage.js';
import { runCommand } from '../run-command.js';

/**
 * A backup or restore that cannot go on, with a message that says what to do about it; the CLIs
 * print it as one line and exit 1, never with a stack trace.
 */
export class BackupError extends Error {}

/** A backup or restore run as a command (run-command.ts), its known failures after "Backup failed: …". */
export function runBackupCommand(main: () => Promise<void>, failed: string): Promise<void> {
  return runCommand(main, { prefix: failed, known: [BackupError, MediaStoreError] });
}
