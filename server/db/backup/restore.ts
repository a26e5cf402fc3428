import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { copyFolderToBucket } from '../../modules/media/copy-to-bucket.js';
import { type BucketMediaStorage, MediaStoreError } from '../../modules/media/media-storage.js';
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase, queryRows } from '../client.js';
import { lockDataDir } from '../pglite-lock.js';
import {
  codeMigrations,
  type Manifest,
  sha256File,
  summariseMedia,
  unpackArchive,
} from './backup-archive.js';
import { BackupError } from './backup-error.js';
import { BUCKET_INDEX_FILE, type BucketCheck, checkBucketAgainstIndex } from './bucket-media.js';
import { pgRestore } from './pg-tools.js';
import { fingerprintDifferences, tableFingerprints } from './table-fingerprints.js';

export type RestoreTarget = {
  /** PostgreSQL when set; otherwise PGlite in `pgliteDir`. */
  databaseUrl?: string | undefined;
  pgliteDir: string;
  dataDir: string;
  mediaDir: string;
  /** MEDIA_STORAGE=s3: pictures go to (or are checked in) this bucket, not mediaDir. */
  bucket?: BucketMediaStorage | undefined;
};

export type RestoreSummary = {
  manifest: Manifest;
  tables: number;
  rows: number;
  /** Where --force moved what was there before (nothing is deleted). */
  movedAside: string[];
  /** PostgreSQL under --force: the database had tables, which pg_restore --clean replaced. */
  replacedDatabase: boolean;
  /** The backup predates this code's last migration: `npm run db:migrate` (or starting the shop) brings it up. */
  needsMigration: boolean;
  /** Where the pictures went: the folder; copied into the bucket; or left in it and checked. */
  media:
    | { kind: 'folder' }
    | { kind: 'copied-to-bucket'; bucket: string; copied: number; alreadyThere: number }
    | ({ kind: 'checked-in-bucket'; bucket: string } & BucketCheck)
    | { kind: 'bucket-not-checked'; bucket: string; reason: string };
};

/**
 * Restores a backup file into an empty target (`npm run db:restore`): checks everything it can
 * before changing anything (the file is whole, its kind matches, this code is new enough, the
 * target is empty or --force was given), restores the database and the media, then counts and
 * checksums every table again against the manifest.
 */
export async function restoreBackup(
  target: RestoreTarget,
  options: { from: string; force?: boolean },
): Promise<RestoreSummary> {
  const from = path.resolve(options.from);
  const force = options.force ?? false;
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  await mkdir(target.dataDir, { recursive: true });
  // Inside DATA_DIR, so the media folder is moved into place by a rename on the same disk.
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  const lock = kind === 'pglite' ? lockDataDir(target.pgliteDir) : { release() {} };
  let database: DatabaseHandle | undefined;
  try {
    if ('heldBy' in lock) {
      throw new BackupError(
        `The shop (pid ${lock.heldBy}) is running on ${target.pgliteDir}. Stop it first: a restore replaces the database under it.`,
      );
    }
    const manifest = await unpackArchive(from, staging);
    checkCompatible(manifest, kind);
    const inBucket = manifest.media.storage === 's3';
    if (inBucket && !target.bucket) {
      throw new BackupError(
        `This backup's pictures are in ${manifest.media.bucket ?? 'a bucket'}, not in the file, and MEDIA_STORAGE is not s3. Set MEDIA_STORAGE=s3 and the S3_* settings to that bucket (or a copy of it) and restore again. Nothing was changed.`,
      );
    }
    await checkContents(manifest, staging);

    let tablesBefore = 0;
    if (kind === 'postgres') {
      database = await openDatabase({ databaseUrl: target.databaseUrl!, poolSize: 2 });
      tablesBefore = await countTables(database);
      if (tablesBefore > 0 && !force) {
        throw new BackupError(
          `The database already has ${tablesBefore} tables. Restore into an empty database (createdb), or add --force to replace its contents (pg_restore --clean).`,
        );
      }
    } else if (isNonEmptyDir(target.pgliteDir) && !force) {
      throw new BackupError(
        `${target.pgliteDir} already holds a database. Restore into an empty DATA_DIR, or add --force to move it aside (nothing is deleted).`,
      );
    }
    if (!target.bucket && isNonEmptyDir(target.mediaDir) && !force) {
      throw new BackupError(
        `${target.mediaDir} already holds media files. Restore into an empty DATA_DIR, or add --force to move them aside (nothing is deleted).`,
      );
    }

    // A shop now on a bucket: the backup's pictures go there first. Only adds (a same picture is
    // skipped), so a bucket that fails here stops the restore before the database is touched.
    let media: RestoreSummary['media'] = { kind: 'folder' };
    if (!inBucket && target.bucket) {
      const copy = await copyFolderToBucket(path.join(staging, 'media'), target.bucket);
      media = {
        kind: 'copied-to-bucket',
        bucket: target.bucket.describe(),
        copied: copy.copied,
        alreadyThere: copy.alreadyThere,
      };
    }

    // From here on, things change.
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
    const movedAside: string[] = [];
    const dumpFile = path.join(staging, manifest.database.file);
    if (kind === 'postgres') {
      await pgRestore({
        databaseUrl: target.databaseUrl!,
        file: dumpFile,
        dumpMajor: manifest.database.dumpToolMajor ?? 0,
        clean: tablesBefore > 0,
      });
    } else {
      const aside = await clearFolder(target.pgliteDir, stamp);
      if (aside) movedAside.push(aside);
      const tarball = new Blob([await readFile(dumpFile)]);
      try {
        database = await openDatabase({ pgliteDir: target.pgliteDir, loadDataDir: tarball });
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) throw error;
        throw new BackupError(
          `The embedded database could not open the restored data (${(error as Error).message}). The backup was made with PostgreSQL ${manifest.database.serverVersion} inside PGlite (shop version ${manifest.shop.version}): restore it with that version of the shop.${movedAside.length > 0 ? ` What was there before is kept in ${movedAside.join(' and ')}.` : ''}`,
        );
      }
    }
    if (inBucket) {
      media = await checkBucket(target.bucket!, path.join(staging, BUCKET_INDEX_FILE));
    } else if (!target.bucket) {
      const mediaAside = await clearFolder(target.mediaDir, stamp);
      if (mediaAside) movedAside.push(mediaAside);
      await mkdir(path.dirname(target.mediaDir), { recursive: true });
      await rename(path.join(staging, 'media'), target.mediaDir);
    }

    const restored = await database!.db.transaction((tx) => tableFingerprints(tx));
    const problems = fingerprintDifferences(manifest.tables, restored);
    if (problems.length > 0) {
      throw new BackupError(
        `The restored database differs from the backup: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
      );
    }
    const lastKnown = codeMigrations().at(-1)?.createdAt ?? 0;
    return {
      manifest,
      tables: Object.keys(restored).length,
      rows: Object.values(restored).reduce((sum, table) => sum + table.rows, 0),
      movedAside,
      replacedDatabase: tablesBefore > 0,
      needsMigration: (manifest.shop.lastMigration?.createdAt ?? 0) < lastKnown,
      media,
    };
  } finally {
    await database?.close();
    if ('release' in lock) lock.release();
    await rm(staging, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** After the database is back: a bucket that cannot be listed now is said, not a failed restore. */
async function checkBucket(bucket: BucketMediaStorage, index: string): Promise<RestoreSummary['media']> {
  try {
    return {
      kind: 'checked-in-bucket',
      bucket: bucket.describe(),
      ...(await checkBucketAgainstIndex(bucket, index)),
    };
  } catch (error) {
    if (!(error instanceof MediaStoreError)) throw error;
    return { kind: 'bucket-not-checked', bucket: bucket.describe(), reason: error.reason };
  }
}

function checkCompatible(manifest: Manifest, kind: 'pglite' | 'postgres'): void {
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      manifest.database.kind === 'pglite'
        ? 'This is a backup of the embedded database (PGlite) and DATABASE_URL points at PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR/pglite; a PGlite backup does not restore into PostgreSQL.'
        : 'This is a backup of a PostgreSQL database and DATABASE_URL is not set. Set DATABASE_URL to an empty PostgreSQL database and run the restore again.',
    );
  }
  const backupMigration = manifest.shop.lastMigration;
  const lastKnown = codeMigrations().at(-1);
  if (backupMigration && lastKnown && backupMigration.createdAt > lastKnown.createdAt) {
    throw new BackupError(
      `This backup was made by a newer version of the shop (version ${manifest.shop.version}, migration ${backupMigration.tag}); this code knows migrations up to ${lastKnown.tag}. Restore it with that version of the shop.`,
    );
  }
}

/** The dump and the media are exactly what the manifest says, before anything is replaced. */
async function checkContents(manifest: Manifest, staging: string): Promise<void> {
  const dumpFile = path.join(staging, manifest.database.file);
  if (!existsSync(dumpFile) || (await sha256File(dumpFile)) !== manifest.database.sha256) {
    throw new BackupError(
      `The database dump in the backup is missing or damaged (its checksum does not match the manifest). Nothing was changed; restore an earlier backup.`,
    );
  }
  if (manifest.media.storage === 's3') {
    const index = path.join(staging, BUCKET_INDEX_FILE);
    if (!existsSync(index) || (await sha256File(index)) !== manifest.media.sha256) {
      throw new BackupError(
        `The list of the bucket's pictures in the backup is missing or damaged (its checksum does not match the manifest). Nothing was changed; restore an earlier backup.`,
      );
    }
    return;
  }
  await mkdir(path.join(staging, 'media'), { recursive: true });
  const media = await summariseMedia(path.join(staging, 'media'));
  if (media.files !== manifest.media.files || media.sha256 !== manifest.media.sha256) {
    throw new BackupError(
      `The media files in the backup do not match its manifest (${media.files} found, ${manifest.media.files} listed). Nothing was changed; restore an earlier backup.`,
    );
  }
}

async function countTables(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  return Number(row?.n ?? 0);
}

function isNonEmptyDir(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** Makes room for the restored folder: an empty one is removed, a full one renamed aside. */
async function clearFolder(dir: string, stamp: string): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  if (!isNonEmptyDir(dir)) {
    await rmdir(dir);
    return undefined;
  }
  const aside = `${dir}.before-restore-${stamp}`;
  await rename(dir, aside);
  return aside;
}
