import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { BucketMediaStorage } from '../../modules/media/media-storage.js';
import { type DatabaseHandle, type Executor, queryRows } from '../client.js';
import { lockDataDir } from '../pglite-lock.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_FILES,
  lastAppliedMigration,
  type Manifest,
  packArchive,
  sha256File,
  shopVersion,
  summariseMedia,
} from './backup-archive.js';
import { BackupError } from './backup-error.js';
import { BUCKET_INDEX_FILE, writeBucketIndex } from './bucket-media.js';
import { pgDump } from './pg-tools.js';
import { type TableFingerprints, tableFingerprints } from './table-fingerprints.js';

export type BackupSource = {
  database: DatabaseHandle;
  /** PostgreSQL: the URL pg_dump connects to (the one the handle was opened with). */
  databaseUrl?: string | undefined;
  mediaDir: string;
  /** MEDIA_STORAGE=s3: the pictures are listed, not copied (bucket-media.ts). */
  bucket?: BucketMediaStorage | undefined;
};

/**
 * Writes one backup file of the database and the media (`npm run db:backup`; the file's layout is
 * in backup-archive.ts). Everything is staged beside `out` and packed into a temporary name that
 * is renamed at the very end: a backup that fails half-way never leaves a truncated `out`, and an
 * earlier backup of that name survives until the new one is whole.
 */
export async function createBackup(
  source: BackupSource,
  options: { out: string; force?: boolean },
): Promise<Manifest> {
  const out = path.resolve(options.out);
  checkOutput(out, options.force ?? false);
  const staging = await mkdtemp(path.join(path.dirname(out), `.${path.basename(out)}.staging-`));
  const partial = `${staging}.partial`;
  try {
    await mkdir(path.join(staging, 'database'));
    const kind = source.database.kind;
    const dumpFile = path.join(staging, DATABASE_FILES[kind]);
    const database =
      kind === 'postgres'
        ? await dumpPostgres(source, dumpFile)
        : await dumpPglite(source.database, dumpFile);
    // After the database, so every picture a restored product points at is in the backup too (or,
    // in a bucket, in its list).
    const media: Manifest['media'] = source.bucket
      ? {
          ...(await writeBucketIndex(source.bucket, path.join(staging, BUCKET_INDEX_FILE))),
          storage: 's3',
          bucket: source.bucket.describe(),
        }
      : await summariseMedia(source.mediaDir, path.join(staging, 'media'));
    await mkdir(path.join(staging, 'media'), { recursive: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      // Format 1 where it suffices, so that a shop a version behind still restores these.
      formatVersion: source.bucket ? BACKUP_FORMAT_VERSION : 1,
      createdAt: new Date().toISOString(),
      shop: { version: shopVersion(), lastMigration: database.lastMigration },
      database: {
        kind,
        file: DATABASE_FILES[kind],
        bytes: (await stat(dumpFile)).size,
        sha256: await sha256File(dumpFile),
        serverVersion: database.serverVersion,
        ...(database.dumpToolMajor ? { dumpToolMajor: database.dumpToolMajor } : {}),
      },
      tables: database.tables,
      media,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await packArchive(staging, partial);
    // Customers' names, addresses and orders: readable by the shop's own user only.
    await chmod(partial, 0o600);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

function checkOutput(out: string, force: boolean): void {
  const folder = path.dirname(out);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    throw new BackupError(`The folder ${folder} does not exist: create it, or choose another --out.`);
  }
  if (!existsSync(out)) return;
  if (statSync(out).isDirectory()) throw new BackupError(`${out} is a folder: --out needs a file name.`);
  if (!force) {
    throw new BackupError(`${out} already exists. Choose another name, or add --force to replace it.`);
  }
}

type DumpedDatabase = {
  tables: TableFingerprints;
  lastMigration: Manifest['shop']['lastMigration'];
  serverVersion: string;
  dumpToolMajor?: number;
};

async function serverVersion(tx: Executor): Promise<string> {
  const [row] = await queryRows<{ server_version: string }>(tx, sql`show server_version`);
  return row!.server_version;
}

/**
 * PostgreSQL, live: the rows are counted in a repeatable-read transaction whose snapshot pg_dump
 * then reads (--snapshot), so the manifest's numbers describe exactly what the dump holds even
 * while customers keep ordering.
 */
async function dumpPostgres(source: BackupSource, file: string): Promise<DumpedDatabase> {
  if (!source.databaseUrl) throw new Error('a PostgreSQL backup needs the database URL for pg_dump');
  const databaseUrl = source.databaseUrl;
  return source.database.db.transaction(
    async (tx) => {
      const version = await serverVersion(tx);
      const [snapshot] = await queryRows<{ id: string }>(tx, sql`select pg_export_snapshot() as id`);
      const tables = await tableFingerprints(tx);
      const lastMigration = await lastAppliedMigration(tx);
      const [num] = await queryRows<{ n: string }>(
        tx,
        sql`select current_setting('server_version_num') as n`,
      );
      const { toolMajor } = await pgDump({
        databaseUrl,
        serverMajor: Math.floor(Number(num!.n) / 10_000),
        file,
        snapshot: snapshot!.id,
      });
      return { tables, lastMigration, serverVersion: version, dumpToolMajor: toolMajor };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** PGlite: this process holds the data directory's lock, so nothing writes while it is dumped. */
async function dumpPglite(database: DatabaseHandle, file: string): Promise<DumpedDatabase> {
  const described = await database.db.transaction(async (tx) => ({
    tables: await tableFingerprints(tx),
    lastMigration: await lastAppliedMigration(tx),
    serverVersion: await serverVersion(tx),
  }));
  if (!database.dumpDataDir) throw new Error('this PGlite handle cannot dump its data directory');
  const tarball = await database.dumpDataDir();
  await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  return described;
}

/**
 * Before a PGlite backup: the data directory exists, and no other process (the running shop) has
 * it open. PGlite allows one process at a time, and a copy taken under a running shop could hold
 * half a transaction; so the backup refuses, saying how to take it.
 */
export function checkPgliteBackupPossible(pgliteDir: string): void {
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${pgliteDir} to back up. Check DATA_DIR (or set DATABASE_URL for PostgreSQL).`,
    );
  }
  const lock = lockDataDir(pgliteDir);
  if ('heldBy' in lock) {
    throw new BackupError(
      `The shop (pid ${lock.heldBy}) is running on the embedded database in ${pgliteDir}, which one process at a time may open. Stop the shop, run the backup (seconds for a small shop), then start it again; or run the shop on PostgreSQL (DATABASE_URL), which is backed up while it runs.`,
    );
  }
  lock.release();
}
