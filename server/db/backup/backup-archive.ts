import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import { type Executor, queryRows } from '../client.js';
import { BackupError } from './backup-error.js';

/**
 * The backup file: one gzipped tar holding
 *   manifest.json             what is inside and the numbers a restore must find again (below)
 *   database/postgres.dump    pg_dump --format=custom (PostgreSQL), or
 *   database/pglite.tar.gz    PGlite's data directory as dumpDataDir() writes it
 *   media/...                 the uploaded and generated pictures (DATA_DIR/media), as they are, or
 *   bucket-index.tsv          when they are in a bucket: its list of them (bucket-media.ts)
 * A tar.gz because every machine can list and unpack it with no shop code at all.
 */

export const BACKUP_FORMAT = 'bharat-bazaar-backup';
/** The newest format this code reads. 2: pictures in a bucket, listed in bucket-index.tsv, not copied. */
export const BACKUP_FORMAT_VERSION = 2;
export const DATABASE_FILES = {
  postgres: 'database/postgres.dump',
  pglite: 'database/pglite.tar.gz',
} as const;

const fingerprintSchema = z.object({ rows: z.number().int().min(0), checksum: z.string() });
const migrationSchema = z.object({ tag: z.string(), createdAt: z.number() }).nullable();

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  shop: z.object({ version: z.string(), lastMigration: migrationSchema }),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    file: z.string(),
    bytes: z.number().int(),
    sha256: z.string(),
    /** `server_version` of the database that was dumped (PGlite: its PostgreSQL inside). */
    serverVersion: z.string(),
    /** PostgreSQL: the major version of the pg_dump that wrote the dump (pg_restore must be as new). */
    dumpToolMajor: z.number().int().optional(),
  }),
  tables: z.record(z.string(), fingerprintSchema),
  media: z.object({
    files: z.number().int(),
    bytes: z.number().int(),
    /** Of the files under media/, or (in a bucket) of bucket-index.tsv. */
    sha256: z.string(),
    /** Absent in format 1: the folder. */
    storage: z.enum(['local', 's3']).optional(),
    /** In a bucket: which one ("the bucket shop-media at https://..."), for people and messages. */
    bucket: z.string().optional(),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type MediaSummary = Pick<Manifest['media'], 'files' | 'bytes' | 'sha256'>;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The shop's version, from package.json. */
export function shopVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(here, '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** The migrations this code knows, oldest first (drizzle's journal: tag and `when`, its timestamp). */
export function codeMigrations(): { tag: string; createdAt: number }[] {
  const journal = JSON.parse(
    readFileSync(path.join(here, '..', 'migrations', 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => ({ tag: entry.tag, createdAt: entry.when }));
}

/**
 * The last migration applied to a database. Drizzle records each one by its journal timestamp, so
 * the tag comes from this code's journal; a timestamp it does not know is a newer shop's migration.
 */
export async function lastAppliedMigration(db: Executor): Promise<Manifest['shop']['lastMigration']> {
  // Asked first rather than caught: a failed query would abort the backup's transaction.
  const [table] = await queryRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return null;
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (rows.length === 0) return null;
  const createdAt = Number(rows[0]!.created_at);
  const known = codeMigrations().find((migration) => migration.createdAt === createdAt);
  return { tag: known?.tag ?? `unknown (applied by a newer version of the shop, ${createdAt})`, createdAt };
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Files under `dir`, relative, sorted; half-written pictures (`*.tmp`, see media-storage) left out. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * One checksum over the whole media tree: sha256 of every file's path and sha256, in path order.
 * If `copyTo` is given, each file is also placed there (hard-linked when on the same disk, else
 * copied) before it is hashed, so what the archive holds is exactly what was summed even while
 * the shop keeps uploading.
 */
export async function summariseMedia(dir: string, copyTo?: string): Promise<MediaSummary> {
  const files = await listFiles(dir);
  const tree = createHash('sha256');
  let bytes = 0;
  let count = 0;
  for (const relative of files) {
    let source = path.join(dir, relative);
    if (copyTo) {
      const target = path.join(copyTo, relative);
      await mkdir(path.dirname(target), { recursive: true });
      // A picture deleted since it was listed is simply not in the backup.
      if (!(await linkOrCopy(source, target))) continue;
      source = target;
    }
    bytes += (await stat(source)).size;
    count += 1;
    tree.update(`${relative}\0${await sha256File(source)}\n`);
  }
  return { files: count, bytes, sha256: tree.digest('hex') };
}

/** False when the source has gone. */
async function linkOrCopy(source: string, target: string): Promise<boolean> {
  const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if (gone(error)) return false;
  }
  try {
    // Another disk (EXDEV) or a file system without hard links.
    await copyFile(source, target);
    return true;
  } catch (error) {
    if (gone(error)) return false;
    throw error;
  }
}

/** Packs the staged directory into `file` (gzipped tar). */
export async function packArchive(stagingDir: string, file: string): Promise<void> {
  const entries = (await readdir(stagingDir)).sort((a, b) =>
    // The manifest first, so `tar -xzf FILE manifest.json` stops early and people can read it.
    a === 'manifest.json' ? -1 : b === 'manifest.json' ? 1 : a.localeCompare(b),
  );
  await tar.c({ gzip: true, file, cwd: stagingDir, portable: true }, entries);
}

/**
 * Unpacks a backup into `dir` and reads its manifest. Anything wrong with the file (not gzip,
 * truncated, no manifest, another program's archive) is a BackupError saying so.
 */
export async function unpackArchive(file: string, dir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const unreadable = (detail: string) =>
    new BackupError(
      `${file} is not a complete backup (${detail}). It may have been cut short while copying: take the backup again or restore an earlier one. Nothing was changed.`,
    );
  // Read to the end once without writing anything: a truncated or damaged file fails here, before
  // a single file lands on disk (an extraction that fails half-way keeps writing after it throws).
  const entries = new Set<string>();
  try {
    await tar.t({ file, strict: true, onReadEntry: (entry) => entries.add(entry.path) });
  } catch (error) {
    throw unreadable((error as Error).message.replace(/^TAR_BAD_ARCHIVE: /, ''));
  }
  if (!entries.has('manifest.json')) throw unreadable('no manifest.json in it');
  try {
    await tar.x({
      file,
      cwd: dir,
      strict: true,
      // Only what a backup holds; never links, which could point a later write outside `dir`.
      filter: (entryPath, entry) =>
        (entryPath === 'manifest.json' ||
          entryPath === 'bucket-index.tsv' ||
          /^(database|media)(\/|$)/.test(entryPath)) &&
        ('type' in entry ? entry.type === 'File' || entry.type === 'Directory' : true),
    });
  } catch (error) {
    throw unreadable((error as Error).message.replace(/^TAR_BAD_ARCHIVE: /, ''));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw unreadable('no readable manifest.json');
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const format = (raw as { format?: unknown; formatVersion?: unknown } | null)?.format;
    if (format !== BACKUP_FORMAT) throw unreadable('not a Bharat Bazaar backup');
    throw unreadable(`its manifest is not one this version reads: ${parsed.error.issues[0]?.message}`);
  }
  if (parsed.data.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `${file} was written by a newer version of the shop (backup format ${parsed.data.formatVersion}); restore it with that version.`,
    );
  }
  return parsed.data;
}
