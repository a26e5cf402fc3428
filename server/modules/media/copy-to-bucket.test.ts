import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type S3TestServer, startS3Server } from '../../test/s3-server.js';
import { createBucketStorage } from './bucket-storage.js';
import { copyFolderToBucket } from './copy-to-bucket.js';
import { type BucketMediaStorage, MediaStoreError } from './media-storage.js';

/** `npm run media:migrate`: a local media folder into the bucket, resumable, never deleting. */

let s3: S3TestServer;
let bucket: BucketMediaStorage;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server();
  const config = loadConfig({ NODE_ENV: 'test', ...s3.env() });
  if (config.mediaStorage.kind !== 's3') throw new Error('expected a bucket');
  bucket = createBucketStorage(config.mediaStorage);
  work = await mkdtemp(path.join(os.tmpdir(), 'media-migrate-'));
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  await rm(work, { recursive: true, force: true });
});

/** A media folder with `n` product pictures of distinct content, plus a stray editor backup. */
async function mediaFolder(name: string, n: number): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(path.join(dir, 'products'), { recursive: true });
  await mkdir(path.join(dir, 'uploads'), { recursive: true });
  for (let i = 0; i < n; i++) {
    await writeFile(path.join(dir, 'products', `${name}-${i}.webp`), `picture ${name} ${i} `.repeat(i + 1));
  }
  await writeFile(path.join(dir, 'uploads', `${name}-logo.png`), 'a logo');
  await writeFile(path.join(dir, 'uploads', 'notes.txt~'), 'not a picture');
  await writeFile(path.join(dir, 'uploads', 'half.webp.123.tmp'), 'half-written');
  return dir;
}

/** The CLI in a child process (asynchronously: the bucket runs in this process's event loop). */
function migrate(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/media-migrate.ts', ...args],
      { env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const bucketKeys = async (name: string) => (await s3.keys()).filter((key) => key.includes(`/${name}-`));

describe('copying a media folder into the bucket', () => {
  it('copies every picture under the same keys, and a second run copies nothing', async () => {
    const dir = await mediaFolder('first', 5);
    const report = await copyFolderToBucket(dir, bucket);
    expect(report).toMatchObject({ files: 6, copied: 6, alreadyThere: 0, ignored: ['uploads/notes.txt~'] });
    expect(await bucketKeys('first')).toEqual([
      ...[0, 1, 2, 3, 4].map((i) => `media/products/first-${i}.webp`),
      'media/uploads/first-logo.png',
    ]);
    expect((await s3.object('media/products/first-2.webp'))!.toString()).toBe('picture first 2 '.repeat(3));
    const read = await bucket.read('uploads/first-logo.png');
    expect(read !== null && read !== 'not-modified' && read.contentType).toBe('image/png');

    const again = await copyFolderToBucket(dir, bucket);
    expect(again).toMatchObject({ files: 6, copied: 0, alreadyThere: 6 });

    // A file changed since (same name, other content) is copied again.
    await writeFile(path.join(dir, 'products', 'first-0.webp'), 'a retouched picture');
    expect(await copyFolderToBucket(dir, bucket)).toMatchObject({ copied: 1, alreadyThere: 5 });
    expect((await s3.object('media/products/first-0.webp'))!.toString()).toBe('a retouched picture');
  });

  it('stops when the bucket fails, and the same command resumes where it stopped', async () => {
    const dir = await mediaFolder('resume', 12);
    let puts = 0;
    s3.failWhen((method) => method === 'PUT' && ++puts > 4);
    const stopped = await copyFolderToBucket(dir, bucket, { concurrency: 2 }).catch(
      (error: unknown) => error,
    );
    s3.failWhen(undefined);
    expect(stopped).toBeInstanceOf(MediaStoreError);
    const copiedBefore = (await bucketKeys('resume')).length;
    expect(copiedBefore).toBeGreaterThan(0);
    expect(copiedBefore).toBeLessThan(13);

    const resumed = await copyFolderToBucket(dir, bucket);
    expect(resumed).toMatchObject({ files: 13, alreadyThere: copiedBefore, copied: 13 - copiedBefore });
    expect(await bucketKeys('resume')).toHaveLength(13);
  });

  it('npm run media:migrate shows what it did, and says how to carry on when the bucket is down', async () => {
    const dir = await mediaFolder('cli', 3);
    const run = () => migrate(['--from', dir], s3.env());
    const first = await run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`Copying ${dir} to the bucket shop-media at ${s3.endpoint()} ...`);
    expect(first.stdout).toContain('4 files, 0 of them already in the bucket.');
    expect(first.stdout).toMatch(/Done in [\d.]+ s: 4 files copied \(0\.0 MB\), 0 already there, 4 in all\./);
    expect(first.stdout).toContain('Left alone (not names the shop writes): uploads/notes.txt~.');

    await writeFile(path.join(dir, 'products', 'cli-9.webp'), 'one more');
    await s3.down();
    try {
      const down = await run();
      expect(down.status).toBe(1);
      expect(down.stderr).toMatch(
        /^Copy stopped: the bucket shop-media at http:\/\/127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\).*run the same command again to carry on from there/m,
      );
    } finally {
      await s3.up();
    }
    const resumed = await run();
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(/1 file copied .*, 4 already there, 5 in all\./);

    const nowhere = await migrate(['--from', path.join(work, 'no-such-folder')], s3.env());
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toMatch(/^There is no folder .*no-such-folder to copy\./);

    const local = await migrate([], { MEDIA_STORAGE: 'local' });
    expect(local.status).toBe(1);
    expect(local.stderr).toMatch(/^MEDIA_STORAGE is not s3: set MEDIA_STORAGE=s3 and S3_BUCKET/);
  }, 120_000);
});
