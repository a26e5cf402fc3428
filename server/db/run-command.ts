import { ConfigError } from '../config.js';
import { DatabaseUnavailableError } from './client.js';
import { UsageError } from './seed/seed-arguments.js';

/**
 * Runs a database command-line tool (seed, backup, restore): usage goes to the terminal with its
 * exit code; a failure the operator can act on (bad settings, no database, or one of `known`) as
 * one line, after `prefix` when given, and exit 1; anything else is a bug and keeps its stack trace.
 */
export async function runCommand(
  main: () => Promise<void>,
  options: { prefix?: string; known?: (new (...args: never[]) => Error)[] } = {},
): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof UsageError) {
      (error.exitCode === 0 ? console.log : console.error)(error.message);
      process.exit(error.exitCode);
    }
    const known = [ConfigError, DatabaseUnavailableError, ...(options.known ?? [])];
    if (known.some((kind) => error instanceof kind)) {
      console.error(
        options.prefix ? `${options.prefix}: ${(error as Error).message}` : (error as Error).message,
      );
      process.exit(1);
    }
    throw error;
  }
}
