import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { PoolStats } from '../lib/metrics.js';
import {
  type ChannelHandlers,
  type ChannelSubscription,
  createPostgresListener,
} from './channel-listener.js';
import { lockDataDir } from './pglite-lock.js';
import { withNamedStatements } from './pglite-statements.js';
import { createReadReplicas, type ReadRoutingStats, type ReplicaChange } from './read-replicas.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either, so a service can run several of them in one transaction. */
export type Executor = Database | Transaction;

/**
 * Where read-only storefront queries go (catalogue, blog, sitemap): the read replicas of
 * DATABASE_READ_URLS, or simply `db` without them (and on PGlite). Never for a write, nor for a
 * read that must see a write just made (carts, checkout, orders, accounts, the console).
 */
export type ReadHandle = {
  db: Database;
  /**
   * A change was committed that the next reads must show (call it before emptying what was read
   * from the replicas): reads go to the primary until a replica has replayed it.
   */
  fence(): void;
  /** Each replica's state and reads (for /readyz and /metrics); absent without replicas. */
  stats?(): ReadRoutingStats;
  /** Hears a replica start or stop taking reads (for the log); absent without replicas. */
  onReplicaChange?(listener: (change: ReplicaChange) => void): void;
};

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The read-only storefront queries' database (read-replicas.ts). */
  reads: ReadHandle;
  /** Throws when the database cannot answer; used by /readyz. */
  ping(): Promise<void>;
  /**
   * Gives the planner fresh statistics where nothing else does: PGlite runs no autovacuum, and a
   * catalogue never analysed is planned blind (lists at 100,000 products answered a
   * fifth as fast). PostgreSQL's autovacuum does this itself, so there it does nothing.
   */
  refreshStatistics(): Promise<void>;
  /** The connection pool's state for /metrics (PostgreSQL; PGlite is one in-process connection). */
  poolStats?(): PoolStats;
  migrate(): Promise<void>;
  /**
   * PGlite only: its whole data directory as one gzipped tarball, after a checkpoint so the files
   * hold every committed row (`npm run db:backup`; `loadDataDir` of openDatabase reads it back).
   * Uncompressed (`'none'`) loads faster, for a copy that stays on this machine (the tests' template).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * Hears every NOTIFY on `channel` (app servers telling each other what changed) until the
   * subscription is closed; close it before the database. Channel names are lower case.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription>;
  close(): Promise<void>;
};

export class DatabaseUnavailableError extends Error {}

/** Per PGlite database: how to have a statement text run as a named statement (pglite-statements.ts). */
const namedStatements = new WeakMap<Database, (text: string) => void>();

/**
 * Whether `db` is an embedded PGlite, whose answers are parsed in this thread's JavaScript column
 * by column: the hot reads then ask for a row as one JSON text (catalog-search/shelf-rows.repository.ts `jsonRow`).
 */
export function isEmbedded(db: Database): boolean {
  return namedStatements.has(db);
}

/**
 * `query.prepare(name)`, named on PGlite as on PostgreSQL: parsed and planned once, not on every
 * execution (for the hot reads of product pages and list cards; see pglite-statements.ts).
 */
export function prepareNamed<P>(
  db: Database,
  query: { toSQL(): { sql: string }; prepare(name: string): P },
  name: string,
): P {
  namedStatements.get(db)?.(query.toSQL().sql);
  return query.prepare(name);
}

/**
 * Per-connection settings. A word-similarity threshold of 0.5 (default 0.6) lets a shopper's
 * typo such as "lapptop" still match "laptop" through the trigram index.
 */
const TRIGRAM_THRESHOLD_SETTING = 'pg_trgm.word_similarity_threshold=0.5';
const SESSION_SETTINGS = `set ${TRIGRAM_THRESHOLD_SETTING}`;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type ReplicaSettings = {
  /** DATABASE_READ_URLS: streaming replicas of `databaseUrl`. */
  urls: string[];
  /** DATABASE_READ_MAX_LAG_SECONDS: a replica further behind the primary is skipped. */
  maxLagSeconds: number;
  /** How often replicas are checked (tests go faster than the default second). */
  checkEveryMs?: number;
};

export type OpenDatabaseOptions =
  | { databaseUrl: string; poolSize?: number; readReplicas?: ReplicaSettings | undefined }
  /** A directory for a persistent PGlite, or undefined for an in-memory one (tests). */
  | { pgliteDir: string | undefined; loadDataDir?: Blob; artifacts?: PgliteArtifacts };

/**
 * PGlite's compiled WebAssembly and its file bundle, which every new PGlite otherwise reads and
 * compiles again: a process that opens many (the tests) loads them once (loadPgliteArtifacts).
 */
export type PgliteArtifacts = { wasmModule: WebAssembly.Module; fsBundle: Blob };

export async function loadPgliteArtifacts(): Promise<PgliteArtifacts> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [wasm, bundle] = await Promise.all([
    readFile(path.join(dist, 'pglite.wasm')),
    readFile(path.join(dist, 'pglite.data')),
  ]);
  return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([bundle]) };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return 'databaseUrl' in options
    ? openPostgres(options.databaseUrl, options.poolSize, options.readReplicas)
    : openPglite(options);
}

async function openPglite(options: {
  pgliteDir: string | undefined;
  loadDataDir?: Blob;
  artifacts?: PgliteArtifacts;
}): Promise<DatabaseHandle> {
  if (options.pgliteDir && !existsSync(options.pgliteDir)) mkdirSync(options.pgliteDir, { recursive: true });
  const lock = options.pgliteDir ? lockDataDir(options.pgliteDir) : { release() {} };
  if ('heldBy' in lock) {
    throw new DatabaseUnavailableError(
      `The embedded database in ${options.pgliteDir} is in use by another process (pid ${lock.heldBy}), probably the running shop. Stop it first (staff can also be invited from the console), or use PostgreSQL (DATABASE_URL), which many processes can share.`,
    );
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.artifacts
        ? { pgliteWasmModule: options.artifacts.wasmModule, fsBundle: options.artifacts.fsBundle }
        : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  await client.exec(SESSION_SETTINGS);
  // Named statements write their parameters as literals with quotes doubled and backslashes as
  // they are, which is right only while this is on (PostgreSQL's default since 9.1): said, not assumed.
  await client.exec('set standard_conforming_strings = on');
  const named = withNamedStatements(client);
  const db = drizzlePglite(named.client, { schema }) as unknown as Database;
  namedStatements.set(db, named.register);
  let closed = false;
  return {
    db,
    kind: 'pglite',
    reads: { db, fence() {} },
    async refreshStatistics() {
      await client.exec('analyze');
    },
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async dumpDataDir(compression = 'gzip') {
      await client.exec('checkpoint');
      return client.dumpDataDir(compression);
    },
    // One PGlite is one session in this process: a NOTIFY sent through it reaches every callback
    // registered here (two app instances sharing it in tests included), with no connection to lose.
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, (payload) => handlers.onNotification(payload));
      handlers.onListening?.();
      return {
        async close() {
          if (!closed) await unlisten();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      // Closing flushes PGlite's files; skipping it is how an embedded database gets corrupted.
      try {
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

async function openPostgres(
  databaseUrl: string,
  poolSize = 10,
  replicaSettings?: ReplicaSettings,
): Promise<DatabaseHandle> {
  // Set at connection start-up, so even a connection's first query has it (a query sent on
  // 'connect' raced the first one).
  const connectionOptions = `-c ${TRIGRAM_THRESHOLD_SETTING}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    options: connectionOptions,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const host = safeHost(databaseUrl);
    throw new DatabaseUnavailableError(
      `Cannot connect to the database at ${host}: ${(error as Error).message || 'connection refused'}`,
    );
  }
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  const replicas = replicaSettings?.urls.length
    ? createReadReplicas({
        primary: pool,
        primaryUrl: databaseUrl,
        urls: replicaSettings.urls,
        maxLagSeconds: replicaSettings.maxLagSeconds,
        poolSize,
        connectionOptions,
        ...(replicaSettings.checkEveryMs ? { checkEveryMs: replicaSettings.checkEveryMs } : {}),
      })
    : undefined;
  // Replicas take reads from their first check on; until it answers, the primary does.
  await replicas?.checkNow();
  const reads: ReadHandle = replicas
    ? {
        db: drizzlePostgres(replicas.pool, { schema }) as unknown as Database,
        fence: replicas.fence,
        stats: replicas.stats,
        onReplicaChange: replicas.onChange,
      }
    : { db, fence() {} };
  let closed = false;
  // One listening connection for the whole app server, whatever number of channels it hears.
  const listener = createPostgresListener({ connectionString: databaseUrl });
  return {
    db,
    kind: 'postgres',
    reads,
    async refreshStatistics() {},
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async ping() {
      await pool.query('select 1');
    },
    async migrate() {
      // Several app servers may start at once; one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7243061)');
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7243061)').catch(() => {});
        client.release();
      }
      // New tables and columns are read from a replica only once it has them.
      reads.fence();
    },
    listen: (channel, handlers) => listener.listen(channel, handlers),
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await replicas?.close();
      await pool.end();
    },
  };
}

function safeHost(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'the configured URL';
  }
}

/**
 * Runs raw SQL and returns its rows. Both drivers (PGlite and node-postgres) answer `{rows}`,
 * but the shared PgDatabase type cannot know that, hence the one cast here.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Whether the catalogue has been seeded; cheap enough to run on every start. */
export async function countRows(db: Executor, table: 'products' | 'blogs' | 'users'): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(rows[0]?.n ?? 0);
}
