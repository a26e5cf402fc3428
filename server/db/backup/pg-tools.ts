import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.js';

/**
 * pg_dump and pg_restore, PostgreSQL's own tools: a custom-format dump is consistent (one
 * snapshot), restores in parallel and survives major-version upgrades, which no home-made SQL
 * export would. They are spawned from PATH with the password in the environment, never on the
 * command line where `ps` would show it.
 */

type Run = { code: number; stdout: string; stderr: string };

function run(tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found on PATH. Install PostgreSQL's client tools of the server's major version or newer (Debian/Ubuntu: apt install postgresql-client-<version>) and try again.`,
            )
          : error,
      );
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 15.20 (Debian ...)` -> 15). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const { stdout } = await run(tool, ['--version']);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new BackupError(`Could not read the version of ${tool} ("${stdout.trim()}").`);
  return Number(match[1]);
}

/** The URL without its password (for the command line) and the password (for PGPASSWORD). */
export function splitPassword(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** One line of a tool's error output that says what went wrong, for a message a person can act on. */
function firstError(stderr: string): string {
  const lines = stderr.split('\n').map((line) => line.trim());
  return lines.find((line) => /error/i.test(line)) ?? lines.find(Boolean) ?? 'no message';
}

/**
 * `pg_dump --format=custom` of the database into `file`, reading the exported `snapshot` so the
 * dump holds exactly the rows counted in that transaction.
 */
export async function pgDump(options: {
  databaseUrl: string;
  serverMajor: number;
  file: string;
  snapshot?: string;
}): Promise<{ toolMajor: number }> {
  const toolMajor = await toolMajorVersion('pg_dump');
  if (toolMajor < options.serverMajor) {
    throw new BackupError(
      `pg_dump ${toolMajor} cannot dump a PostgreSQL ${options.serverMajor} server. Install PostgreSQL ${options.serverMajor}'s client tools (Debian/Ubuntu: apt install postgresql-client-${options.serverMajor}) and put them first on PATH.`,
    );
  }
  const { url, env } = splitPassword(options.databaseUrl);
  const args = ['--format=custom', `--file=${options.file}`, '--no-password'];
  if (options.snapshot) args.push(`--snapshot=${options.snapshot}`);
  const result = await run('pg_dump', [...args, `--dbname=${url}`], env);
  if (result.code !== 0) throw new BackupError(`pg_dump failed: ${firstError(result.stderr)}`);
  return { toolMajor };
}

/**
 * `pg_restore` of a custom-format dump in ONE transaction: a restore that fails half-way leaves the
 * database as it was. `clean` (the operator's --force) drops what the dump is about to create.
 * Owners and grants are left out: the roles of the server that was dumped need not exist here.
 */
export async function pgRestore(options: {
  databaseUrl: string;
  file: string;
  dumpMajor: number;
  clean: boolean;
}): Promise<void> {
  const toolMajor = await toolMajorVersion('pg_restore');
  if (toolMajor < options.dumpMajor) {
    throw new BackupError(
      `pg_restore ${toolMajor} cannot read a dump made by pg_dump ${options.dumpMajor}. Install PostgreSQL ${options.dumpMajor}'s client tools (or newer) and put them first on PATH.`,
    );
  }
  const { url, env } = splitPassword(options.databaseUrl);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password'];
  if (options.clean) args.push('--clean', '--if-exists');
  const result = await run('pg_restore', [...args, `--dbname=${url}`, options.file], env);
  if (result.code !== 0) {
    throw new BackupError(
      `pg_restore failed, and the database was left as it was: ${firstError(result.stderr)}`,
    );
  }
}
