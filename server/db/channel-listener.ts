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

/** One process's LISTENs on every channel, over one connection. */
export type PostgresListener = {
  /** Resolves after the first attempt to listen, successful or not. */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelSubscription>;
  close(): Promise<void>;
};

/**
 * LISTENs on a dedicated node-postgres connection of its own: a pooled one would be handed to
 * other queries and returned, and its LISTEN with it. Every channel of the process shares that
 * one connection, so an app server holds one listening connection however many parts of it
 * listen. The connection is re-made whenever it is lost (database restart, failover,
 * pg_terminate_backend), with exponential backoff and jitter so that many app servers do not
 * knock at once; `onListening` then tells each subscriber to forget what it may have missed. A
 * server starts even if listening has to wait for the database.
 */
export function createPostgresListener(options: PostgresListenerOptions): PostgresListener {
  const retryMs = options.retryMs ?? 200;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const checkEveryMs = options.checkEveryMs ?? 30_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 10_000;

  const subscribers = new Map<string, Set<ChannelHandlers>>();
  let closed = false;
  let started = false;
  let failures = 0;
  let current: { client: pg.Client; lose(error: Error): void; channels: Set<string> } | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  // Connecting, LISTEN and UNLISTEN run one after another, so a channel added while the
  // connection is being made is never missed.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(task).catch(() => {});
    return queue;
  };
  const everyHandler = () => [...subscribers.values()].flatMap((set) => [...set]);

  const scheduleRetry = (error: Error) => {
    const backoff = Math.min(maxRetryMs, retryMs * 2 ** failures);
    const delay = Math.round(backoff * (0.5 + Math.random() / 2));
    failures += 1;
    for (const handlers of everyHandler()) handlers.onConnectionLost?.(error, delay);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void enqueue(connect);
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
      for (const handlers of subscribers.get(message.channel) ?? [])
        handlers.onNotification(message.payload ?? '');
    });
    const channels = new Set(subscribers.keys());
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (closed || lost) return;
    current = { client, lose, channels };
    failures = 0;
    for (const handlers of everyHandler()) handlers.onListening?.();
  };

  /** Joins a channel on the live connection; with none, the next connection joins it. */
  const join = async (channel: string, handlers: ChannelHandlers) => {
    if (closed) return;
    if (!started) {
      started = true;
      checkTimer = checkListening(() => current, checkEveryMs, checkTimeoutMs);
      await connect();
      return;
    }
    const listening = current;
    if (!listening) return;
    if (!listening.channels.has(channel)) {
      try {
        await listening.client.query(`LISTEN ${listening.client.escapeIdentifier(channel)}`);
        listening.channels.add(channel);
      } catch (error) {
        listening.lose(error as Error);
        return;
      }
    }
    handlers.onListening?.();
  };

  const leave = async (channel: string) => {
    const listening = current;
    if (subscribers.has(channel) || !listening?.channels.has(channel)) return;
    listening.channels.delete(channel);
    await listening.client.query(`UNLISTEN ${listening.client.escapeIdentifier(channel)}`).catch(() => {});
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    clearInterval(checkTimer);
    clearTimeout(retryTimer);
    await queue;
    const listening = current;
    current = undefined;
    if (listening) await endQuietly(listening.client);
  };

  return {
    async listen(channel, handlers) {
      const set = subscribers.get(channel) ?? new Set();
      set.add(handlers);
      subscribers.set(channel, set);
      await enqueue(() => join(channel, handlers));
      let left = false;
      return {
        async close() {
          if (left) return;
          left = true;
          set.delete(handlers);
          if (set.size === 0 && subscribers.get(channel) === set) subscribers.delete(channel);
          await enqueue(() => leave(channel));
        },
      };
    },
    close,
  };
}

/**
 * Asks the live connection `select 1` every `everyMs`: one cut without a reset looks alive until
 * something is sent on it, and is given up when the answer takes longer than `timeoutMs`.
 */
function checkListening(
  current: () => { client: pg.Client; lose(error: Error): void } | undefined,
  everyMs: number,
  timeoutMs: number,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    const listening = current();
    if (!listening) return;
    const timeout = setTimeout(
      () => listening.lose(new Error(`The listening connection did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    listening.client
      .query('select 1')
      .catch((error: Error) => listening.lose(error))
      .finally(() => clearTimeout(timeout));
  }, everyMs);
  timer.unref();
  return timer;
}

/** Closes a listening connection without hearing from it again. */
async function endQuietly(client: pg.Client): Promise<void> {
  client.removeAllListeners('notification');
  client.removeAllListeners('end');
  client.on('error', () => {});
  // end() waits for the server to close the socket; a dead one never does, and closing the app
  // must not hang on it.
  await Promise.race([
    client.end().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
  ]);
}

/** One channel on a connection of its own, closed with the subscription. */
export async function listenOnPostgres(
  options: PostgresListenerOptions & { channel: string; handlers: ChannelHandlers },
): Promise<ChannelSubscription> {
  const listener = createPostgresListener(options);
  await listener.listen(options.channel, options.handlers);
  return { close: () => listener.close() };
}
