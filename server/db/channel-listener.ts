import pg from 'pg';

/** What a LISTEN on one channel reports to its subscriber. */
export type ChannelHandlers = {
  /** A NOTIFY on the channel, from any connection to the database (this process's own included). */
  onNotification(payload: string): void;
  /**
   * Listening, first or again. Notifications sent while the connection was down are lost for
   * good, so a subscriber forgets here whatever they could have told it.
   */
  onListening?(): void;
  /** The connection was lost or could not be made; the next try is in `retryInMs`. */
  onConnectionLost?(error: Error, retryInMs: number): void;
};

export type ChannelSubscription = { close(): Promise<void> };

/** How pg_stat_activity names the listening connection (operators, and tests, find it by it). */
export const LISTENER_APPLICATION_NAME = 'bharat-bazaar listener';

export type PostgresListenerOptions = {
  connectionString: string;
  channel: string;
  handlers: ChannelHandlers;
  /** The first retry after a lost connection; each further one waits twice as long, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * How often the idle connection is asked `select 1`. A connection cut without a reset (a
   * failover behind a NAT, a dead load balancer) looks alive until something is sent on it.
   */
  checkEveryMs?: number;
  /** How long that check may take before the connection is given up for dead. */
  checkTimeoutMs?: number;
};

/**
 * LISTENs on a dedicated node-postgres connection of its own: a pooled one would be handed to
 * other queries and returned, and its LISTEN with it. The connection is re-made whenever it is
 * lost (database restart, failover, pg_terminate_backend), with exponential backoff and jitter so
 * that many app servers do not knock at once; `onListening` then tells the subscriber to forget
 * what it may have missed. Resolves after the first attempt, successful or not: a server starts
 * even if listening has to wait for the database.
 */
export async function listenOnPostgres(options: PostgresListenerOptions): Promise<ChannelSubscription> {
  const { channel, handlers } = options;
  const retryMs = options.retryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const checkEveryMs = options.checkEveryMs ?? 30_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 10_000;

  let closed = false;
  let failures = 0;
  let current: { client: pg.Client; lose(error: Error): void } | undefined;
  let attempt: Promise<void> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | undefined;

  const scheduleRetry = (error: Error) => {
    const backoff = Math.min(maxRetryMs, retryMs * 2 ** failures);
    const delay = Math.round(backoff * (0.5 + Math.random() / 2));
    failures += 1;
    handlers.onConnectionLost?.(error, delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      attempt = connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let lost = false;
    const lose = (error: Error) => {
      if (lost) return;
      lost = true;
      if (current?.client === client) current = undefined;
      client.removeAllListeners('notification');
      // A dying client may still emit errors; with no listener left they would crash the process.
      client.on('error', () => {});
      client.end().catch(() => {});
      if (!closed) scheduleRetry(error);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('The listening connection was closed')));
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (closed || lost) return;
    current = { client, lose };
    failures = 0;
    handlers.onListening?.();
  };

  const checkTimer = setInterval(() => {
    const listening = current;
    if (!listening) return;
    const timeout = setTimeout(
      () => listening.lose(new Error(`The listening connection did not answer within ${checkTimeoutMs} ms`)),
      checkTimeoutMs,
    );
    listening.client
      .query('select 1')
      .catch((error: Error) => listening.lose(error))
      .finally(() => clearTimeout(timeout));
  }, checkEveryMs);
  checkTimer.unref();

  attempt = connect();
  await attempt;

  return {
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(checkTimer);
      clearTimeout(retryTimer);
      await attempt;
      const listening = current;
      current = undefined;
      if (!listening) return;
      listening.client.removeAllListeners('notification');
      listening.client.removeAllListeners('end');
      listening.client.on('error', () => {});
      // end() waits for the server to close the socket; a dead one never does, and closing the
      // app must not hang on it.
      await Promise.race([
        listening.client.end().catch(() => {}),
        new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
    },
  };
}
