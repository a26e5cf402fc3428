import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { ensureBrand, ensureCategory, ensureColor } from './factories.js';
import { type S3TestServer, startS3Server } from './s3-server.js';
import { type SignedInStaff, signInStaff } from './staff.js';
import { openTestDatabase } from './test-app.js';

/**
 * Two app servers on one database and one bucket (MEDIA_STORAGE=s3), each with a DATA_DIR of its
 * own as on two machines: a picture uploaded through one and put on a product in the console is
 * shown to a shopper through the other, and deleted through the other it is gone from both. On
 * PostgreSQL (DATABASE_URL) the second server has its own pool, as another process would.
 */
describe('a picture uploaded through one app server, shown through the other', () => {
  let s3: S3TestServer;
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let secondDatabase: DatabaseHandle | undefined;
  let uploader: FastifyInstance;
  let other: FastifyInstance;
  let staff: SignedInStaff;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    shared = await openTestDatabase();
    if (shared.databaseUrl)
      secondDatabase = await openDatabase({ databaseUrl: shared.databaseUrl, poolSize: 3 });
    const server = async (database: DatabaseHandle) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'media-two-servers-'));
      dataDirs.push(dataDir);
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RECONCILE_INTERVAL_SECONDS: '0',
        PAYMENT_PROVIDER: 'test',
        CATALOG_CACHE_SECONDS: '0',
        PUBLIC_URL: 'https://shop.example.in',
        DATA_DIR: dataDir,
        ...s3.env(),
      });
      return buildApp({ config, database, logger: false, web: true });
    };
    uploader = await server(shared.database);
    other = await server(secondDatabase ?? shared.database);
    await Promise.all([uploader.ready(), other.ready()]);
    staff = await signInStaff(uploader, 'catalogue');
  }, 120_000);

  afterAll(async () => {
    await uploader?.close();
    await other?.close();
    await secondDatabase?.close();
    await shared?.drop();
    await s3?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  function multipart(data: Buffer) {
    const boundary = '----twoservers';
    return {
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="watch.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('serves the picture and the product that shows it through the other server', async () => {
    const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const uploaded = await uploader.inject({ method: 'POST', url: '/api/upload', ...multipart(png) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [image] = uploaded.json();

    const [category, brand, color] = await Promise.all([
      ensureCategory(shared.database.db, 'Watches'),
      ensureBrand(shared.database.db, 'Titan'),
      ensureColor(shared.database.db, '#222222', 'Charcoal'),
    ]);
    const created = await uploader.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: staff.headers,
      payload: {
        title: 'Titan Edge Ceramic',
        description: '<p>A thin watch.</p>',
        price: 14_995,
        mrp: '',
        categoryId: category.id,
        brandId: brand.id,
        colorIds: [color.id],
        tags: [],
        images: [{ url: image.url, public_id: image.public_id, width: image.width, height: image.height }],
        quantity: 5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    // A shopper on the other server: the product points at the picture, which that server serves.
    const page = await other.inject({ method: 'GET', url: `/api/product/${created.json()._id}` });
    expect(page.statusCode, page.body).toBe(200);
    const shownUrl: string = page.json().images[0].url;
    expect(shownUrl).toBe(`https://shop.example.in/media/uploads/${image.public_id}.webp`);
    for (const suffix of ['', '-400', '-600']) {
      const picture = await other.inject({
        method: 'GET',
        url: `/media/uploads/${image.public_id}${suffix}.webp`,
      });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect((await sharp(picture.rawPayload).metadata()).format).toBe('webp');
    }

    // Taken off the product and deleted through the other server: gone on both.
    const otherStaff = await signInStaff(other, 'catalogue');
    const { images: _images, ...rest } = created.json();
    const cleared = await other.inject({
      method: 'PUT',
      url: `/api/admin/products/${created.json()._id}`,
      headers: otherStaff.headers,
      payload: {
        title: rest.title,
        description: '<p>A thin watch.</p>',
        price: 14_995,
        mrp: '',
        categoryId: category.id,
        brandId: brand.id,
        colorIds: [color.id],
        tags: [],
        images: [],
        quantity: 5,
      },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const deleted = await other.inject({
      method: 'DELETE',
      url: `/api/upload/delete-img/${image.public_id}`,
      headers: otherStaff.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const server of [uploader, other]) {
      const gone = await server.inject({ method: 'GET', url: `/media/uploads/${image.public_id}.webp` });
      expect(gone.statusCode).toBe(404);
    }
  }, 60_000);
});
