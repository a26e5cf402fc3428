import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { createProduct } from './factories.js';
import { startTcpProxy } from './tcp-proxy.js';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  console.warn('database outage tests need PostgreSQL (DATABASE_URL); they run in the CI PostgreSQL pass');

/**
 * PostgreSQL away for a few seconds: requests fail fast with 503 JSON, /readyz says so,
 * and the server serves again by itself when the database returns, with no restart.
 */
describe.skipIf(!serverUrl)('database outage', () => {
  const name = `shop_outage_${randomBytes(5).toString('hex')}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(serverUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 4 });
    await database.migrate();
    await createProduct(database.db, { title: 'Outage-proof kettle' });
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        RECONCILE_INTERVAL_SECONDS: '0',
        // Every request must reach the database here.
        CATALOG_CACHE_SECONDS: '0',
      }),
      database,
      logger: false,
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers 503 JSON while the database is away and recovers by itself', async () => {
    expect((await app.inject('/api/product')).statusCode).toBe(200);

    await proxy.cut();
    const started = Date.now();
    const during = await Promise.all([
      app.inject('/api/product'),
      app.inject('/api/product?sort=-price'),
      app.inject('/api/blog'),
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'a@example.in', password: 'whatever1' },
      }),
    ]);
    for (const response of during) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().message).toMatch(/briefly unavailable/);
    }
    // Fails fast (the pool's 5 s connect timeout at worst), so shoppers are not left hanging.
    expect(Date.now() - started).toBeLessThan(6_000);
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await proxy.restore();
    const after = await app.inject('/api/product');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toEqual([expect.objectContaining({ title: 'Outage-proof kettle' })]);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  }, 30_000);
});
