import { UsageError } from '../seed/seed-arguments.js';

/** Command lines of `npm run db:backup` and `npm run db:restore`, kept apart from the CLIs to be tested. */

export const BACKUP_USAGE =
  'Usage: npm run db:backup -- --out FILE [--force]   (--force replaces an existing FILE)';
export const RESTORE_USAGE =
  'Usage: npm run db:restore -- --from FILE [--force]   (--force replaces a database that is not empty, moving PGlite and media folders aside)';

function parse(
  argv: string[],
  fileFlag: '--out' | '--from',
  usage: string,
): { file: string; force: boolean } {
  let file: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new UsageError(usage, 0);
    if (arg === '--force') {
      force = true;
      continue;
    }
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag !== fileFlag) throw new UsageError(`Unknown option "${arg}". ${usage}`);
    const value = inline ?? argv[++i];
    if (!value || value.startsWith('--')) throw new UsageError(`${fileFlag} needs a file name. ${usage}`);
    file = value;
  }
  if (!file) throw new UsageError(`${fileFlag} FILE is required. ${usage}`);
  return { file, force };
}

export function parseBackupArguments(argv: string[]): { out: string; force: boolean } {
  const { file, force } = parse(argv, '--out', BACKUP_USAGE);
  return { out: file, force };
}

export function parseRestoreArguments(argv: string[]): { from: string; force: boolean } {
  const { file, force } = parse(argv, '--from', RESTORE_USAGE);
  return { from: file, force };
}
