import pg from 'pg';

/**
 * Read-only storefront queries (lists, product pages, facets, suggestions, search, blog, sitemap)
 * spread over PostgreSQL streaming replicas (DATABASE_READ_URLS), with the primary as the place
 * every read can always go: a replica that is down, lags more than the bound, or has not yet
 * replayed a change this server must see is skipped, and a read it fails mid-way is asked again
 * elsewhere, so a shopper never sees a replica's trouble (decision 032).
 */

/** Why a replica takes no reads. */
export type SkipReason = 'unchecked' | 'unreachable' | 'lagging' | 'not-a-standby';

/** One replica as /readyz and /metrics tell it. */
export type ReplicaStatus = {
  /** 1 for the first of DATABASE_READ_URLS, and so on: /readyz is public, host names are not. */
  replica: number;
  /** host:port/database, for /metrics (which only operators read) and logs. */
  host: string;
  status: 'in-use' | 'skipped';
  reason?: SkipReason;
  /** How far behind the primary at the last check, when known. */
  lagSeconds: number | null;
  /** Reads it has answered. */
  reads: number;
};

export type ReadRoutingStats = {
  replicas: ReplicaStatus[];
  /** Reads the primary answered because no replica could (or none was in step with a change). */
  primaryReads: number;
  /** Reads a replica failed (connection lost, recovery conflict) that another server answered. */
  retried: number;
};

export type ReplicaChange = { replica: ReplicaStatus; detail: string };

export type ReadReplicas = {
  /** A drop-in `pg.Pool` for drizzle: queries go to a usable replica, else the primary. */
  pool: pg.Pool;
  /**
   * A change was committed that this server's next reads must show (it empties caches read from
   * the replicas): reads go to the primary until a replica has replayed everything the primary
   * had written when this was called.
   */
  fence(): void;
  stats(): ReadRoutingStats;
  /** Called when a replica starts or stops taking reads (for the log). */
  onChange(listener: (change: ReplicaChange) => void): void;
  /** Checks every replica now (tests; start-up). */
  checkNow(): Promise<void>;
  close(): Promise<void>;
};

/** A write-ahead-log position (`16/B374D848`) as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export type LsnSample = { lsn: bigint; at: number };

/**
 * How many seconds of the primary's writes a replica lacks, from the primary's positions sampled
 * at each check (oldest first): none when it has replayed the latest sample, else the age of the
 * first sample it has not reached (it lacks something written by then). Measured on this server's
 * clock alone, so neither clock skew between servers nor an idle primary (whose last transaction
 * is old however up to date the replica is) misleads it. When even the oldest sample kept is
 * ahead, it has lagged since before that, and the replica's own "time since the last replayed
 * transaction" may tell more.
 */
export function replicaLagSeconds(
  samples: readonly LsnSample[],
  replayed: bigint,
  sinceLastReplaySeconds: number | null,
  now: number,
): number {
  const latest = samples.at(-1);
  if (!latest || replayed >= latest.lsn) return 0;
  const firstAhead = samples.findIndex((sample) => sample.lsn > replayed);
  const behindFor = Math.max(0, (now - samples[firstAhead]!.at) / 1000);
  return firstAhead === 0 ? Math.max(behindFor, sinceLastReplaySeconds ?? 0) : behindFor;
}

// Errors that are the replica's, not the query's: the same read on another server can succeed.
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const REPLICA_SQLSTATE = new Set([
  '57P01', // admin_shutdown: the replica is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '40001', // a query cancelled by a conflict with recovery (a standby replaying a vacuum)
  '25006', // read_only_sql_transaction: a write sent here by mistake; the primary takes it
]);

/** Whether a read that failed on a replica should be asked again elsewhere. */
export function isReplicaFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (code && (CONNECTION_ERRNO.has(code) || REPLICA_SQLSTATE.has(code) || code.startsWith('08')))
    return true;
  if (code) return false;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|not queryable/i.test(
    message ?? '',
  );
}

/** Errors that say the replica itself is gone (not just that one query was unlucky). */
function isConnectionLost(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  if (code === '40001' || code === '25006' || code === '53300') return false;
  return isReplicaFailure(error);
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

type Replica = {
  status: ReplicaStatus;
  pool: pg.Pool;
  /** Its own single connection for checks, so a busy read pool cannot make it look dead. */
  monitor: pg.Pool;
  /** The primary's position it had replayed at the last check. */
  replayed: bigint;
};

export type ReadReplicaOptions = {
  primary: pg.Pool;
  /** The primary's URL, for the checks' own connection. */
  primaryUrl: string;
  urls: string[];
  maxLagSeconds: number;
  /** Connections per replica. */
  poolSize: number;
  /** Settings each connection starts with (the primary's, so queries behave alike). */
  connectionOptions?: string;
  /** How often replicas are checked; tests go faster. */
  checkEveryMs?: number;
  /** How long a check may take before the replica counts as unreachable. */
  checkTimeoutMs?: number;
};

/** What the checks and the router share. */
type Routing = {
  replicas: Replica[];
  /** The primary's position every replica must have replayed before it is read again. */
  floor: bigint;
  /** Fences whose position is still being asked: meanwhile every read goes to the primary. */
  fencing: number;
  primaryReads: number;
  retried: number;
  listeners: ((change: ReplicaChange) => void)[];
};

const CHECK_SQL = `select pg_is_in_recovery() as standby,
  pg_last_wal_replay_lsn()::text as replayed,
  extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp())::float8 as since_replay`;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timeout));
  });
}

function setStatus(
  routing: Routing,
  replica: Replica,
  next: { status: ReplicaStatus['status']; reason?: SkipReason },
  detail: string,
) {
  const was = replica.status;
  replica.status = { ...was, status: next.status };
  if (next.reason) replica.status.reason = next.reason;
  else delete replica.status.reason;
  if (was.status === next.status && was.reason === next.reason) return;
  for (const listener of routing.listeners) listener({ replica: { ...replica.status }, detail });
}

/** Whether it has replayed everything the primary had at the last fence. */
const inStep = (routing: Routing, replica: Replica) => replica.replayed >= routing.floor;

/**
 * Asks each replica how far it has replayed, against the primary's position sampled at the same
 * time, and sets it in use or skipped. Runs every `checkEveryMs`, at once when asked (a lost
 * connection, a fence), and after a fence every 20 ms (doubling) until the replicas have
 * replayed it, so that reads are back on them within milliseconds of a change.
 */
function createReplicaChecks(
  routing: Routing,
  options: {
    askPrimaryPosition(): Promise<bigint>;
    maxLagSeconds: number;
    checkEveryMs: number;
    checkTimeoutMs: number;
  },
) {
  const { maxLagSeconds, checkEveryMs, checkTimeoutMs } = options;
  const samples: LsnSample[] = [];
  // Samples older than this are not needed: a replica behind the oldest is lagging anyway.
  const keepSamplesMs = (maxLagSeconds + 5) * 1000 + 2 * checkEveryMs;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let checkAgain = false;
  let quickChecks = 0;

  const checkReplica = async (replica: Replica) => {
    let row: { standby: boolean; replayed: string | null; since_replay: number | null };
    try {
      const what = `replica ${replica.status.host}`;
      row = (await withTimeout(replica.monitor.query(CHECK_SQL), checkTimeoutMs, what)).rows[0];
    } catch (error) {
      replica.status.lagSeconds = null;
      setStatus(routing, replica, { status: 'skipped', reason: 'unreachable' }, (error as Error).message);
      return;
    }
    if (!row.standby) {
      replica.status.lagSeconds = null;
      const why =
        'it is not replaying from a primary (promoted, or no replica at all), so it would not see new writes';
      setStatus(routing, replica, { status: 'skipped', reason: 'not-a-standby' }, why);
      return;
    }
    replica.replayed = row.replayed ? parseLsn(row.replayed) : 0n;
    const lag = replicaLagSeconds(samples, replica.replayed, row.since_replay, Date.now());
    replica.status.lagSeconds = Math.round(lag * 1000) / 1000;
    const behind = `${lag.toFixed(1)} s behind the primary`;
    if (lag > maxLagSeconds) {
      const why = `it is ${behind}, more than DATABASE_READ_MAX_LAG_SECONDS (${maxLagSeconds})`;
      setStatus(routing, replica, { status: 'skipped', reason: 'lagging' }, why);
    } else {
      setStatus(routing, replica, { status: 'in-use' }, behind);
    }
  };

  const checkAll = async () => {
    try {
      const now = Date.now();
      const position = await withTimeout(options.askPrimaryPosition(), checkTimeoutMs, 'the primary');
      samples.push({ lsn: position, at: now });
      while (samples.length > 2 && now - samples[0]!.at > keepSamplesMs) samples.shift();
    } catch {
      // The primary cannot be asked: replicas are measured against what it last said, and keep
      // answering reads meanwhile (the primary's own outage is /readyz's business).
    }
    await Promise.all(routing.replicas.map(checkReplica));
  };

  const schedule = (delayMs: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void checkNow(), delayMs);
    timer.unref();
  };

  const checkNow = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (checking) {
      checkAgain = true;
      return checking;
    }
    clearTimeout(timer);
    checking = (async () => {
      do {
        checkAgain = false;
        await checkAll();
      } while (checkAgain && !closed);
    })().finally(() => {
      checking = undefined;
      const behind = routing.replicas.some((r) => r.status.status === 'in-use' && !inStep(routing, r));
      quickChecks = behind ? quickChecks + 1 : 0;
      schedule(behind ? Math.min(checkEveryMs, 10 * 2 ** Math.min(quickChecks, 10)) : checkEveryMs);
    });
    return checking;
  };

  return {
    checkNow,
    async close() {
      closed = true;
      clearTimeout(timer);
      await checking?.catch(() => {});
    },
  };
}

/**
 * What drizzle's node-postgres driver calls on its client: `query`, and `connect` for
 * transactions. Each goes to `pick()`'s replica, else the primary; a read the replica fails for
 * its own reasons is asked of the next one, and in the end of the primary.
 */
class ReplicaRoutingPool {
  constructor(
    private readonly primary: pg.Pool,
    private readonly routing: Routing,
    private readonly pick: (tried: Set<Replica>) => Replica | undefined,
    private readonly failed: (replica: Replica, error: unknown) => void,
  ) {}

  async query(config: unknown, values?: unknown) {
    const tried = new Set<Replica>();
    for (;;) {
      const replica = this.pick(tried);
      if (!replica) {
        this.routing.primaryReads += 1;
        return this.primary.query(config as pg.QueryConfig, values as unknown[]);
      }
      try {
        const result = await replica.pool.query(config as pg.QueryConfig, values as unknown[]);
        replica.status.reads += 1;
        return result;
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        tried.add(replica);
        this.failed(replica, error);
      }
    }
  }

  async connect() {
    const tried = new Set<Replica>();
    for (;;) {
      const replica = this.pick(tried);
      if (!replica) {
        this.routing.primaryReads += 1;
        return this.primary.connect();
      }
      try {
        const client = await replica.pool.connect();
        replica.status.reads += 1;
        return client;
      } catch (error) {
        tried.add(replica);
        this.failed(replica, error);
      }
    }
  }
}

function makePool(
  connectionString: string,
  options: {
    max: number;
    applicationName: string;
    connectTimeoutMs: number;
    connectionOptions?: string | undefined;
  },
) {
  const pool = new pg.Pool({
    connectionString,
    max: options.max,
    // A replica that does not answer quickly is skipped: the primary can take the read.
    connectionTimeoutMillis: options.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName,
    keepAlive: true,
    ...(options.connectionOptions ? { options: options.connectionOptions } : {}),
  });
  // An idle connection lost with its replica must not crash the process; the checks notice.
  pool.on('error', () => {});
  return pool;
}

export function createReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const checkEveryMs = options.checkEveryMs ?? 1_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
  const poolOptions = {
    connectTimeoutMs: Math.min(checkTimeoutMs, 5_000),
    connectionOptions: options.connectionOptions,
  };
  const checkConnection = { ...poolOptions, max: 1, applicationName: 'bharat-bazaar replica check' };
  const primaryMonitor = makePool(options.primaryUrl, checkConnection);
  const routing: Routing = {
    replicas: options.urls.map((url, i) => ({
      status: {
        replica: i + 1,
        host: hostOf(url),
        status: 'skipped',
        reason: 'unchecked',
        lagSeconds: null,
        reads: 0,
      },
      pool: makePool(url, { ...poolOptions, max: options.poolSize, applicationName: 'bharat-bazaar reads' }),
      monitor: makePool(url, checkConnection),
      replayed: 0n,
    })),
    floor: 0n,
    fencing: 0,
    primaryReads: 0,
    retried: 0,
    listeners: [],
  };
  const askPrimaryPosition = async (): Promise<bigint> => {
    const { rows } = await primaryMonitor.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return parseLsn(rows[0]!.lsn);
  };
  const checks = createReplicaChecks(routing, {
    askPrimaryPosition,
    maxLagSeconds: options.maxLagSeconds,
    checkEveryMs,
    checkTimeoutMs,
  });
  let turn = 0;
  let closed = false;

  const pick = (tried: Set<Replica>): Replica | undefined => {
    if (routing.fencing > 0) return undefined;
    const usable = routing.replicas.filter(
      (r) => r.status.status === 'in-use' && inStep(routing, r) && !tried.has(r),
    );
    if (usable.length === 0) return undefined;
    turn = (turn + 1) % 1_000_000;
    return usable[turn % usable.length];
  };

  const failed = (replica: Replica, error: unknown) => {
    routing.retried += 1;
    if (!isConnectionLost(error)) return;
    replica.status.lagSeconds = null;
    setStatus(routing, replica, { status: 'skipped', reason: 'unreachable' }, (error as Error).message);
    // Ask again at once: it may have been one connection, not the replica.
    void checks.checkNow();
  };

  return {
    pool: new ReplicaRoutingPool(options.primary, routing, pick, failed) as unknown as pg.Pool,
    fence() {
      if (closed) return;
      routing.fencing += 1;
      withTimeout(askPrimaryPosition(), checkTimeoutMs, 'the primary')
        .then((position) => {
          if (position > routing.floor) routing.floor = position;
        })
        // The primary cannot say where it is: it is down (or too slow to wait for), so the
        // replicas keep the reads; what they lack is at most DATABASE_READ_MAX_LAG_SECONDS old.
        .catch(() => {})
        .finally(() => {
          routing.fencing -= 1;
          void checks.checkNow();
        });
    },
    stats: () => ({
      replicas: routing.replicas.map((r) => ({ ...r.status })),
      primaryReads: routing.primaryReads,
      retried: routing.retried,
    }),
    onChange(listener) {
      routing.listeners.push(listener);
    },
    checkNow: checks.checkNow,
    async close() {
      closed = true;
      await checks.close();
      await Promise.all([
        primaryMonitor.end(),
        ...routing.replicas.flatMap((r) => [r.pool.end(), r.monitor.end()]),
      ]);
    },
  };
}
