import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createBucketStorage } from '../../modules/media/bucket-storage.js';
import type { BucketMediaStorage } from '../../modules/media/media-storage.js';
import { type S3TestServer, startS3Server } from '../../test/s3-server.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createBackup } from './backup.js';
import { describeBackup, describeRestore } from './backup-report.js';
import { type RestoreTarget, restoreBackup } from './restore.js';

/**
 * db:backup and db:restore of a shop whose pictures are in a bucket: the file lists the bucket's
 * pictures rather than copying them (the bucket is backed up by its own means), says so, and a
 * restore checks the bucket still holds each one. A backup of a shop on the local folder restored
 * into a shop on a bucket puts its pictures in the bucket.
 */

let s3: S3TestServer;
let bucket: BucketMediaStorage;
let ctx: TestContext;
let work: string;
const serverUrl = process.env.DATABASE_URL;
const scratchDatabases: string[] = [];

async function scratchDatabase(): Promise<string> {
  const base = new URL(serverUrl!).pathname.slice(1).replace(/[^a-z0-9_]/g, '') || 'shop_test';
  const name = `${base}_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  scratchDatabases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function emptyTarget(name: string, withBucket: boolean): Promise<RestoreTarget> {
  const dataDir = path.join(work, name);
  return {
    databaseUrl: serverUrl ? await scratchDatabase() : undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
    bucket: withBucket ? bucket : undefined,
  };
}

beforeAll(async () => {
  s3 = await startS3Server();
  work = await mkdtemp(path.join(os.tmpdir(), 'backup-bucket-'));
  ctx = await createTestApp({ ...s3.env(), DATA_DIR: path.join(work, 'shop') });
  const config = loadConfig({ NODE_ENV: 'test', ...s3.env() });
  if (config.mediaStorage.kind !== 's3') throw new Error('expected a bucket');
  bucket = createBucketStorage(config.mediaStorage);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await ctx.app.services.media.upload({ id: null, email: 'owner@shop.example.in' }, [
    { filename: 'camera.png', data: png },
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  bucket?.close();
  await s3?.close();
  if (serverUrl && scratchDatabases.length > 0) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of scratchDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (work) await rm(work, { recursive: true, force: true });
});

const backupOf = (out: string, withBucket = true) =>
  createBackup(
    {
      database: ctx.database,
      databaseUrl: ctx.databaseUrl,
      mediaDir: path.join(work, 'shop', 'media'),
      bucket: withBucket ? bucket : undefined,
    },
    { out },
  );

describe('backups of a shop whose pictures are in a bucket', () => {
  let backupFile: string;

  it('lists the bucket in the file instead of copying it, and says the bucket is backed up by its own means', async () => {
    backupFile = path.join(work, 'bucket-shop.tar.gz');
    const manifest = await backupOf(backupFile);
    expect(manifest.formatVersion).toBe(2);
    expect(manifest.media).toMatchObject({
      storage: 's3',
      files: 3,
      bucket: `the bucket shop-media at ${s3.endpoint()}`,
    });
    const entries: string[] = [];
    await tar.t({ file: backupFile, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toContain('bucket-index.tsv');
    expect(entries.filter((entry) => /^media\/./.test(entry))).toEqual([]);
    const index = await readFile(path.join(await unpacked(backupFile), 'bucket-index.tsv'), 'utf8');
    expect(index.trim().split('\n')).toHaveLength(3);
    expect(index).toMatch(/^uploads\/img_[0-9a-f]+\.webp\t\d+\t[0-9a-f]{32}$/m);

    const said = describeBackup(manifest, backupFile, 1000);
    expect(said).toContain(
      `Media: NOT in this file. 3 files (${(manifest.media.bytes / 1024).toFixed(1)} KB) are in the bucket shop-media at ${s3.endpoint()}, which is backed up by its own means`,
    );
  }, 60_000);

  it('a restore checks the bucket still holds every picture the backup listed, and names the missing ones', async () => {
    const whole = await restoreBackup(await emptyTarget('whole', true), { from: backupFile });
    expect(whole.media).toMatchObject({ kind: 'checked-in-bucket', listed: 3, present: 3, missing: [] });
    expect(describeRestore(whole, backupFile)).toContain(
      `Media: not in the file (kept in the bucket); the bucket shop-media at ${s3.endpoint()} holds all 3 pictures the backup listed.`,
    );

    const [lost] = (await s3.keys()).filter((key) => key.endsWith('-400.webp'));
    await bucket.delete(lost!.slice('media/'.length));
    const partial = await restoreBackup(await emptyTarget('partial', true), { from: backupFile });
    expect(partial.media).toMatchObject({ listed: 3, present: 2, missing: [lost!.slice('media/'.length)] });
    expect(describeRestore(partial, backupFile)).toMatch(
      /Media: WARNING: the bucket shop-media .* is missing 1 of the 3 pictures the backup listed \(uploads\/img_\w+-400\.webp\)/,
    );
  }, 120_000);

  it('refuses to restore a bucket backup where MEDIA_STORAGE is not s3, before changing anything', async () => {
    const target = await emptyTarget('no-bucket', false);
    await expect(restoreBackup(target, { from: backupFile })).rejects.toThrow(
      `This backup's pictures are in the bucket shop-media at ${s3.endpoint()}, not in the file, and MEDIA_STORAGE is not s3. Set MEDIA_STORAGE=s3`,
    );
  });

  it('restoring a backup of the local folder into a shop on a bucket puts its pictures in the bucket', async () => {
    const mediaDir = path.join(work, 'shop', 'media');
    await mkdir(path.join(mediaDir, 'products'), { recursive: true });
    await writeFile(path.join(mediaDir, 'products', 'from-folder-1.webp'), 'a picture from the folder');
    const localFile = path.join(work, 'folder-shop.tar.gz');
    const manifest = await backupOf(localFile, false);
    expect(manifest.formatVersion).toBe(1);
    expect(manifest.media.storage).toBeUndefined();

    const target = await emptyTarget('to-bucket', true);
    const summary = await restoreBackup(target, { from: localFile });
    expect(summary.media).toMatchObject({ kind: 'copied-to-bucket', copied: 1, alreadyThere: 0 });
    expect((await s3.object('media/products/from-folder-1.webp'))?.toString()).toBe(
      'a picture from the folder',
    );
  }, 120_000);
});

async function unpacked(file: string): Promise<string> {
  const dir = await mkdtemp(path.join(work, 'unpacked-'));
  await tar.x({ file, cwd: dir });
  return dir;
}
