import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The test database's own URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
};

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a scratch database
 * on the PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  drop(): Promise<void>;
  /** The test database's own URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: undefined });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  // Named after the database in DATABASE_URL (seedb_test -> seedb_test_1a2b...), so scratch
  // databases carry the prefix of whoever runs the tests on a shared server.
  const base = /^[a-z_][a-z0-9_]*$/.test(new URL(serverUrl).pathname.slice(1))
    ? new URL(serverUrl).pathname.slice(1)
    : 'shop_test';
  const name = `${base}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    databaseUrl: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** `web`: the storefront's routes too (pages, /media), for tests that need them. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { web?: boolean } = {},
): Promise<TestContext> {
  const { database, drop, databaseUrl } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data/test',
    // Tests drive webhooks and reconciliation themselves.
    RECONCILE_INTERVAL_SECONDS: '0',
    TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000',
    // Tests write products straight to the database; the micro-cache has its own test.
    CATALOG_CACHE_SECONDS: '0',
    // Without Razorpay keys the test gateway takes payments even when a test sets a public
    // PUBLIC_URL for its links (as PAYMENT_PROVIDER=test allows a real server to).
    ...(env.RAZORPAY_KEY_ID ? {} : { PAYMENT_PROVIDER: 'test' }),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, web: options.web ?? false });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    async close() {
      await app.close();
      await drop();
    },
  };
}
