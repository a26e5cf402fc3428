import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  type DatabaseHandle,
  loadPgliteArtifacts,
  openDatabase,
  type PgliteArtifacts,
} from '../db/client.js';
import {
  databaseUrlNamed,
  onServer,
  pgliteTemplateVariable,
  postgresTemplateVariable,
  scratchDatabasePrefix,
} from './template-database.js';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The test database's own URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
};

/**
 * Kept for the life of the test process, which runs many test files one after another (vitest
 * config: isolate false): PGlite's compiled WebAssembly and the template's bytes, loaded once.
 */
let pgliteArtifacts: Promise<PgliteArtifacts> | undefined;
const templateBytes = new Map<string, Blob>();

function pgliteTemplate(file: string | undefined): Blob | undefined {
  if (!file || !existsSync(file)) return undefined;
  let blob = templateBytes.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    templateBytes.set(file, blob);
  }
  return blob;
}

/**
 * For a new PGlite in a test: the loaded artifacts, and under Vitest the migrated template to start
 * from (a new data directory otherwise runs initdb, seconds of work).
 */
export async function pgliteTestOptions(): Promise<{ artifacts: PgliteArtifacts; loadDataDir?: Blob }> {
  pgliteArtifacts ??= loadPgliteArtifacts().catch((error: unknown) => {
    // Not kept: the next test file tries again, and this one fails with the reason.
    pgliteArtifacts = undefined;
    throw error;
  });
  const template = pgliteTemplate(process.env[pgliteTemplateVariable]);
  return { artifacts: await pgliteArtifacts, ...(template ? { loadDataDir: template } : {}) };
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a scratch database
 * on the PostgreSQL server named by DATABASE_URL (created here, dropped on close). Under Vitest it
 * is a copy of the run's migrated template (template-database.ts); elsewhere it is migrated here.
 */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  drop(): Promise<void>;
  /** The test database's own URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ pgliteDir: undefined, ...(await pgliteTestOptions()) });
    // A no-op on a copy of the template; the whole schema when there is none.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const name = `${scratchDatabasePrefix(serverUrl)}_${randomBytes(6).toString('hex')}`;
  const template = process.env[postgresTemplateVariable];
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const databaseUrl = databaseUrlNamed(serverUrl, name);
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  await database.migrate();
  return {
    database,
    databaseUrl,
    async drop() {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** `web`: the storefront's routes too (pages, /media), for tests that need them; `warmUp`: as a server taking traffic. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { web?: boolean; warmUp?: boolean } = {},
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
  const app = await buildApp({
    config,
    database,
    logger: false,
    web: options.web ?? false,
    warmUp: options.warmUp ?? false,
  });
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
