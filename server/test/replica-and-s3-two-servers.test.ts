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
import { findPostgresBinaries, type ReplicaCluster, startReplicaCluster } from './replica-cluster.js';
import { type S3TestServer, startS3Server } from './s3-server.js';
import { signInStaff } from './staff.js';

const binaries = findPostgresBinaries();
const runs = Boolean(process.env.DATABASE_URL && binaries);
if (!runs) {
  console.warn(
    'SKIPPED: the two servers with a replica and a bucket need DATABASE_URL and PostgreSQL server programs (initdb, pg_ctl, pg_basebackup)',
  );
}

// Ports of this test's own primary and replica: read-replicas.test.ts, which may run at the same
// time, uses others.
const PRIMARY_PORT = 4244;
const REPLICA_PORT = 5244;

type Server = { app?: FastifyInstance; database: DatabaseHandle; dataDir: string };
type Running = Required<Server>;
type ReadyReplica = { replica: number; status: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `probe` says yes (hooks cannot use expect.poll, which belongs to a test). */
async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * The shop scaled out as docs/deploy.md draws it: two app servers, each with a pool of its own on
 * one PostgreSQL primary, their storefront reads on a streaming replica of it (made here with
 * pg_basebackup -R), and pictures in one S3-compatible bucket, each server with a DATA_DIR of its
 * own as on two machines. A picture uploaded through one is served to a shopper through the other,
 * and a console edit made on one shows on both, read from the replica once it has replayed it.
 */
describe.skipIf(!runs)('two app servers on a primary, a replica and a bucket', () => {
  let cluster: ReplicaCluster;
  let s3: S3TestServer;
  const servers: Server[] = [];

  const startServer = async (options: { migrate: boolean }): Promise<Server> => {
    const database = await openDatabase({
      databaseUrl: cluster.primaryUrl,
      poolSize: 4,
      readReplicas: { urls: [cluster.replicaUrl], maxLagSeconds: 30, checkEveryMs: 100 },
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'replica-s3-two-servers-'));
    const server: Server = { database, dataDir };
    servers.push(server);
    // Migrated once, on the primary: the replica replays the schema as it does any write.
    if (options.migrate) await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RECONCILE_INTERVAL_SECONDS: '0',
      PAYMENT_PROVIDER: 'test',
      // Every read reaches a database, so each one can be counted where it went.
      CATALOG_CACHE_SECONDS: '0',
      LIST_CARD_SECONDS: '0',
      PUBLIC_URL: 'https://shop.example.in',
      DATA_DIR: dataDir,
      ...s3.env(),
    });
    server.app = await buildApp({ config, database, logger: false, web: true });
    await server.app.ready();
    return server;
  };

  const replicaInUse = (app: FastifyInstance) =>
    waitFor('the replica in use', async () => {
      const ready = await app.inject('/readyz');
      return (ready.json() as { replicas?: ReadyReplica[] }).replicas?.[0]?.status === 'in-use';
    });

  /** Until the replica has replayed everything the primary has written so far. */
  const replicaCaughtUp = async () => {
    const [primary] = await cluster.onPrimary<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await waitFor('the replica to catch up', async () => {
      const [row] = await cluster.onReplica<{ done: boolean }>(
        `select pg_last_wal_replay_lsn() >= '${primary!.lsn}'::pg_lsn as done`,
      );
      return row?.done === true;
    });
  };

  const readsOf = (server: Server) => {
    const stats = server.database.reads.stats!();
    return { replica: stats.replicas[0]!.reads, primary: stats.primaryReads };
  };

  beforeAll(async () => {
    [cluster, s3] = await Promise.all([
      startReplicaCluster({ binaries: binaries!, primaryPort: PRIMARY_PORT, replicaPort: REPLICA_PORT }),
      startS3Server(),
    ]);
    await startServer({ migrate: true });
    await startServer({ migrate: false });
    await replicaCaughtUp();
    await Promise.all(servers.map((server) => replicaInUse(server.app!)));
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) {
      await server.app?.close();
      await server.database.close();
      await rm(server.dataDir, { recursive: true, force: true });
    }
    await s3?.close();
    await cluster?.close();
  }, 30_000);

  it('serves a picture uploaded through one server to a shopper of the other, and shows an edit on both from the replica', async () => {
    const [uploader, other] = servers as [Running, Running];
    const staff = await signInStaff(uploader.app, 'catalogue');

    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#225588' } })
      .png()
      .toBuffer();
    const boundary = '----replicaandbucket';
    const uploaded = await uploader.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...staff.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="camera.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [image] = uploaded.json() as { url: string; public_id: string; width: number; height: number }[];
    // In the bucket, not in either server's folder.
    expect(await s3.keys()).toContain(`media/uploads/${image!.public_id}.webp`);

    const [category, brand, color] = await Promise.all([
      ensureCategory(uploader.database.db, 'Cameras'),
      ensureBrand(uploader.database.db, 'Nikon'),
      ensureColor(uploader.database.db, '#111111', 'Black'),
    ]);
    const product = (title: string, price: number) => ({
      title,
      description: '<p>A mirrorless camera.</p>',
      price,
      mrp: '',
      categoryId: category.id,
      brandId: brand.id,
      colorIds: [color.id],
      tags: [],
      images: [{ url: image!.url, public_id: image!.public_id, width: image!.width, height: image!.height }],
      quantity: 4,
    });
    const created = await uploader.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: staff.headers,
      payload: product('Nikon Z50 Body', 71_995),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json()._id;

    // A shopper of the other server, once the replica has the product, reads it there.
    await replicaCaughtUp();
    const before = readsOf(other);
    const page = await other.app.inject(`/api/product/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ title: 'Nikon Z50 Body', price: 71_995 });
    expect(readsOf(other).replica).toBeGreaterThan(before.replica);
    expect(cluster.replicaLog()).toContain(id);
    const shownUrl: string = page.json().images[0].url;
    expect(shownUrl).toBe(`https://shop.example.in/media/uploads/${image!.public_id}.webp`);
    for (const suffix of ['', '-400']) {
      const picture = await other.app.inject(`/media/uploads/${image!.public_id}${suffix}.webp`);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect((await sharp(picture.rawPayload).metadata()).format).toBe('webp');
    }

    // A console edit on the first server shows on both: at once on the server that made it and, on
    // the other, as soon as it hears of it (NOTIFY on the primary).
    const edited = await uploader.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${id}`,
      headers: staff.headers,
      payload: product('Nikon Z50 Mirrorless Body', 68_490),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const server of [uploader, other]) {
      await expect
        .poll(async () => (await server.app.inject(`/api/product/${id}`)).json(), { timeout: 5_000 })
        .toMatchObject({ title: 'Nikon Z50 Mirrorless Body', price: 68_490 });
    }

    // Once the replica has replayed the edit, both servers read it from there, lists included.
    await replicaCaughtUp();
    for (const server of [uploader, other]) {
      await expect
        .poll(
          async () => {
            const from = readsOf(server);
            const answer = await server.app.inject(`/api/product/${id}`);
            const to = readsOf(server);
            return {
              price: answer.json().price,
              onReplica: to.replica > from.replica,
              onPrimary: to.primary > from.primary,
            };
          },
          { timeout: 5_000, interval: 50 },
        )
        .toEqual({ price: 68_490, onReplica: true, onPrimary: false });
      const list = await server.app.inject('/api/product?limit=10');
      expect(list.statusCode).toBe(200);
      expect(JSON.stringify(list.json())).toContain('Nikon Z50 Mirrorless Body');
    }
  }, 60_000);
});
