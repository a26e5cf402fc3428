import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { mediaAssets } from '../../db/schema.js';
import { type S3TestServer, startS3Server } from '../../test/s3-server.js';
import { type SignedInStaff, signInStaff } from '../../test/staff.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * MEDIA_STORAGE=s3 against a local S3-compatible server: uploads, their smaller copies and deletes
 * go to the bucket (under media/), shoppers get the pictures through the shop's /media/ or the
 * CDN of MEDIA_URL, and a bucket that is down or fails half-way leaves nothing half-written.
 */

let s3: S3TestServer;
let ctx: TestContext;
let manager: SignedInStaff;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-bucket-'));
  ctx = await createTestApp(
    { ...s3.env(), DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example.in' },
    { web: true },
  );
  manager = await signInStaff(ctx.app, 'catalogue');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const picture = (colour: string, width = 900) =>
  sharp({ create: { width, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

function multipart(files: { filename: string; data: Buffer }[]) {
  const boundary = `----buckettest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...manager.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = async (...files: { filename: string; data: Buffer }[]) =>
  ctx.app.inject({ method: 'POST', url: '/api/upload', ...multipart(files) });
const remove = (publicId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/upload/delete-img/${publicId}`, headers: manager.headers });
const rowsOf = (publicId: string) =>
  ctx.database.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
const objectsOf = (publicId: string) => [
  `media/uploads/${publicId}.webp`,
  `media/uploads/${publicId}-400.webp`,
  `media/uploads/${publicId}-600.webp`,
];

describe('pictures in a bucket', () => {
  it('stores an upload and its smaller copies in the bucket under media/, not in DATA_DIR', async () => {
    const response = await upload({ filename: 'saree.png', data: await picture('#aa3355') });
    expect(response.statusCode, response.body).toBe(200);
    const [image] = response.json();
    expect(image.url).toBe(`https://shop.example.in/media/uploads/${image.public_id}.webp`);
    const keys = await s3.keys();
    for (const key of objectsOf(image.public_id)) expect(keys).toContain(key);
    const small = await s3.object(`media/uploads/${image.public_id}-400.webp`);
    expect((await sharp(small!).metadata()).width).toBe(400);
    expect(existsSync(path.join(dataDir, 'media', 'uploads'))).toBe(false);
    expect(await rowsOf(image.public_id)).toHaveLength(1);
  });

  it('serves a bucket picture to shoppers at /media/ through the shop, with ETags for revalidation', async () => {
    const [image] = (await upload({ filename: 'kurta.png', data: await picture('#3355aa') })).json();
    const url = `/media/uploads/${image.public_id}-600.webp`;
    const shown = await ctx.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('public, max-age=604800');
    expect(shown.rawPayload.equals((await s3.object(`media/uploads/${image.public_id}-600.webp`))!)).toBe(
      true,
    );
    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(head.body).toBe('');
    const etag = shown.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect((await ctx.app.inject({ method: 'GET', url: '/media/uploads/img_none.webp' })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/media/..%2F..%2Fetc/passwd' })).statusCode).toBe(
      404,
    );

    await s3.down();
    try {
      const down = await ctx.app.inject({ method: 'GET', url: `/media/uploads/${image.public_id}.webp` });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe('Pictures are briefly unavailable. Please try again in a moment.');
      expect(down.headers['cache-control']).toBe('no-store');
    } finally {
      await s3.up();
    }
  });

  it('deletes every file of a picture from the bucket, then its record', async () => {
    const [image] = (await upload({ filename: 'lamp.png', data: await picture('#55aa33') })).json();
    const deleted = await remove(image.public_id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const keys = await s3.keys();
    for (const key of objectsOf(image.public_id)) expect(keys).not.toContain(key);
    expect(await rowsOf(image.public_id)).toHaveLength(0);
  });

  it('answers staff 503 naming the bucket when it is down, and writes no record and no file', async () => {
    const [kept] = (await upload({ filename: 'kept.png', data: await picture('#123456') })).json();
    const keysBefore = await s3.keys();
    const rowsBefore = await ctx.database.db.select().from(mediaAssets);
    await s3.down();
    try {
      const refused = await upload({ filename: 'mobile.png', data: await picture('#654321') });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(
        /^Nothing was uploaded: the bucket shop-media at http:\/\/127\.0\.0\.1:\d+ could not be reached \(ECONNREFUSED\): check that the service is up and that S3_ENDPOINT and S3_REGION are right\. Try again in a few minutes/,
      );
      expect(await ctx.database.db.select().from(mediaAssets)).toHaveLength(rowsBefore.length);

      // A delete while the bucket is down keeps the record, so a later delete finishes the job.
      const notDeleted = await remove(kept.public_id);
      expect(notDeleted.statusCode).toBe(503);
      expect(notDeleted.json().message).toMatch(/^The picture was not deleted: the bucket shop-media/);
      expect(await rowsOf(kept.public_id)).toHaveLength(1);
    } finally {
      await s3.up();
    }
    expect(await s3.keys()).toEqual(keysBefore);
    expect((await remove(kept.public_id)).statusCode).toBe(200);
    for (const key of objectsOf(kept.public_id)) expect(await s3.keys()).not.toContain(key);
  });

  it('removes the sizes already stored when the bucket fails half-way through an upload', async () => {
    const keysBefore = await s3.keys();
    const rowsBefore = await ctx.database.db.select().from(mediaAssets);
    // The second picture's 600 px copy is refused (after the first picture was stored whole).
    let puts = 0;
    s3.failWhen((method, url) => method === 'PUT' && url.includes('-600.webp') && ++puts > 1);
    try {
      const refused = await upload(
        { filename: 'first.png', data: await picture('#111111') },
        { filename: 'second.png', data: await picture('#222222') },
      );
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toMatch(
        /^Nothing was uploaded: the bucket shop-media .* \(SlowDown, HTTP 503\)/,
      );
    } finally {
      s3.failWhen(undefined);
    }
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await ctx.database.db.select().from(mediaAssets)).toHaveLength(rowsBefore.length);
  });

  it('the hourly clean-up deletes old uploaded files that no record names, and nothing else', async () => {
    const [kept] = (await upload({ filename: 'kept.png', data: await picture('#0a0a0a') })).json();
    // What an upload leaves when the bucket fails between storing a size and removing it again.
    const storage = ctx.app.services.media.storage;
    await storage.put('uploads/img_0123456789abcdef01234567-400.webp', Buffer.from('orphan'), 'image/webp');
    await storage.put('products/seeded-9.webp', Buffer.from('a seeded picture'), 'image/webp');
    const before = await s3.keys();

    // Younger than an hour: it may be an upload still in progress, so it stays.
    expect(await ctx.app.services.media.sweepOrphans()).toBe(0);
    expect(await s3.keys()).toEqual(before);

    expect(await ctx.app.services.media.sweepOrphans(0)).toBe(1);
    const after = await s3.keys();
    expect(after).not.toContain('media/uploads/img_0123456789abcdef01234567-400.webp');
    expect(after).toContain('media/products/seeded-9.webp');
    for (const key of objectsOf(kept.public_id)) expect(after).toContain(key);
  });

  it('points API answers at MEDIA_URL when a CDN is in front of the bucket', async () => {
    // A second app server on the same database, as another process with these settings would be.
    const cdn = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RECONCILE_INTERVAL_SECONDS: '0',
        PAYMENT_PROVIDER: 'test',
        ...s3.env(),
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://shop.example.in',
        MEDIA_URL: 'https://cdn.example.in/media',
      }),
      database: ctx.database,
      logger: false,
    });
    try {
      const body = multipart([{ filename: 'tv.png', data: await picture('#777777') }]);
      const response = await cdn.inject({ method: 'POST', url: '/api/upload', ...body });
      expect(response.statusCode, response.body).toBe(200);
      const [image] = response.json();
      expect(image.url).toBe(`https://cdn.example.in/media/uploads/${image.public_id}.webp`);
      expect(await s3.keys()).toContain(`media/uploads/${image.public_id}.webp`);
    } finally {
      await cdn.close();
    }
  });
});

describe('object storage settings', () => {
  const base = { NODE_ENV: 'test' } as const;
  it('starts on the local folder by default and on a bucket with MEDIA_STORAGE=s3', () => {
    expect(loadConfig(base).mediaStorage.kind).toBe('local');
    const config = loadConfig({ ...base, ...s3.env() });
    expect(config.mediaStorage).toMatchObject({
      kind: 's3',
      bucket: 'shop-media',
      region: 'ap-south-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(config.mediaFromBucketThroughShop).toBe(true);
    const aws = loadConfig({
      ...base,
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'shop-media',
      S3_REGION: 'ap-south-1',
    });
    expect(aws.mediaStorage).toMatchObject({
      forcePathStyle: false,
      credentials: undefined,
      endpoint: undefined,
    });
  });

  it('refuses to start with half an S3 setting, saying what is missing', () => {
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3' })).toThrow(
      'Invalid configuration: S3_BUCKET: MEDIA_STORAGE=s3 needs S3_BUCKET, the bucket the pictures go to',
    );
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'shop-media' })).toThrow(
      /S3_REGION: MEDIA_STORAGE=s3 needs S3_REGION/,
    );
    expect(() =>
      loadConfig({
        ...base,
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'shop-media',
        S3_REGION: 'x',
        S3_ACCESS_KEY_ID: 'a',
      }),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 'bucket' })).toThrow(
      /MEDIA_STORAGE must be 'local' or 's3'/,
    );
    expect(() =>
      loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'Shop_Media', S3_REGION: 'x' }),
    ).toThrow(/S3_BUCKET must be a bucket name/);
  });
});
