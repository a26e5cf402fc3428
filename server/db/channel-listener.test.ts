import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChannelHandlers,
  type ChannelSubscription,
  createPostgresListener,
  listenOnPostgres,
} from './channel-listener.js';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl)
  console.warn('channel listener tests need PostgreSQL (DATABASE_URL); they run in the CI PostgreSQL pass');

/**
 * The LISTEN connection of an app server on PostgreSQL: it hears NOTIFYs, and comes back by itself
 * (telling its subscriber to forget what it missed) after the database dropped it, refused it for
 * a while, or stopped answering on it without closing it.
 */
describe.skipIf(!serverUrl)('listening on PostgreSQL', () => {
  const name = `shop_listen_${randomBytes(5).toString('hex')}`;
  const databaseUrl = () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
  });

  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  /** A subscriber that writes down what it is told. */
  function recorder() {
    const seen = { payloads: [] as string[], listening: 0, lost: [] as number[] };
    const handlers: ChannelHandlers = {
      onNotification: (payload) => seen.payloads.push(payload),
      onListening: () => {
        seen.listening += 1;
      },
      onConnectionLost: (_error, retryInMs) => seen.lost.push(retryInMs),
    };
    return { seen, handlers };
  }

  const notify = async (payload: string, channel = 'test_channel') => {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    await client.query('select pg_notify($1, $2)', [channel, payload]);
    await client.end();
  };

  const backends = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and application_name = 'bharat-bazaar listener'",
        [name],
      )
    ).rows.map((r) => r.pid);

  it('hears notifications, and after being refused for a while comes back with growing waits', async () => {
    const { seen, handlers } = recorder();
    const subscription = await listenOnPostgres({
      connectionString: databaseUrl(),
      channel: 'test_channel',
      handlers,
      retryMs: 20,
    });
    try {
      expect(seen.listening).toBe(1);
      await notify('stock');
      await until(() => seen.payloads.length === 1);
      expect(seen.payloads).toEqual(['stock']);

      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [await backends()]);
      await until(() => seen.lost.length >= 4);
      // Twice as long each time (less up to half of it, so that many servers spread out).
      const [first, , , fourth] = seen.lost as [number, number, number, number];
      expect(first).toBeLessThanOrEqual(20);
      expect(fourth).toBeGreaterThanOrEqual(80);
      expect(fourth).toBeLessThanOrEqual(160);

      await admin.query(`alter database ${name} allow_connections true`);
      await until(() => seen.listening === 2, 5_000);
      await notify('all');
      await until(() => seen.payloads.length === 2);
      expect(seen.payloads).toEqual(['stock', 'all']);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await subscription.close();
    }
    // Closed: its backend is gone (a moment after the socket closed).
    let left = await backends();
    for (let i = 0; left.length > 0 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      left = await backends();
    }
    expect(left).toEqual([]);
  });

  it('hears several channels on one connection, tells each subscriber when it is back, and drops a channel left', async () => {
    const listener = createPostgresListener({ connectionString: databaseUrl(), retryMs: 20 });
    const stock = recorder();
    const mail = recorder();
    const alsoStock = recorder();
    try {
      await listener.listen('stock_channel', stock.handlers);
      const mailSubscription = await listener.listen('mail_channel', mail.handlers);
      await listener.listen('stock_channel', alsoStock.handlers);
      expect([stock.seen.listening, mail.seen.listening, alsoStock.seen.listening]).toEqual([1, 1, 1]);
      const [only] = await backends();
      expect(await backends()).toEqual([only]);

      await notify('s1', 'stock_channel');
      await notify('m1', 'mail_channel');
      await until(() => stock.seen.payloads.length === 1 && mail.seen.payloads.length === 1);
      await until(() => alsoStock.seen.payloads.length === 1);
      expect([stock.seen.payloads, mail.seen.payloads]).toEqual([['s1'], ['m1']]);

      await admin.query('select pg_terminate_backend($1)', [only]);
      await until(() => [stock, mail, alsoStock].every((r) => r.seen.listening === 2), 5_000);
      expect((await backends()).filter((pid) => pid !== only)).toHaveLength(1);

      await mailSubscription.close();
      await notify('m2', 'mail_channel');
      await notify('s2', 'stock_channel');
      await until(() => stock.seen.payloads.length === 2);
      expect(mail.seen.payloads).toEqual(['m1']);
    } finally {
      await listener.close();
    }
  });

  it('starts even when the database cannot be reached, and stops retrying once closed', async () => {
    const { seen, handlers } = recorder();
    const nobody = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => nobody.listen(0, '127.0.0.1', resolve));
    const url = new URL(databaseUrl());
    url.hostname = '127.0.0.1';
    url.port = String((nobody.address() as net.AddressInfo).port);
    let subscription: ChannelSubscription | undefined;
    try {
      subscription = await listenOnPostgres({
        connectionString: url.toString(),
        channel: 'test_channel',
        handlers,
        retryMs: 10,
      });
      expect(seen.listening).toBe(0);
      await until(() => seen.lost.length >= 3);
      await subscription.close();
      const attempts = seen.lost.length;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.lost.length).toBe(attempts);
    } finally {
      await subscription?.close();
      await new Promise((resolve) => nobody.close(resolve));
    }
  });

  it('gives up a connection that stops answering without closing, and listens on a new one', async () => {
    const proxy = await startFreezableProxy(new URL(serverUrl!));
    const url = new URL(databaseUrl());
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const { seen, handlers } = recorder();
    const subscription = await listenOnPostgres({
      connectionString: url.toString(),
      channel: 'test_channel',
      handlers,
      retryMs: 10,
      checkEveryMs: 100,
      checkTimeoutMs: 200,
    });
    try {
      expect(seen.listening).toBe(1);
      // The connection is silently dead: no reset, no answer (a failover behind a NAT).
      proxy.freezeOpenConnections();
      await until(() => seen.listening === 2, 3_000);
      expect(seen.lost).toHaveLength(1);
      await notify('all');
      await until(() => seen.payloads.length === 1);
    } finally {
      await subscription.close();
      await proxy.close();
    }
  });
});

async function until(condition: () => boolean, timeoutMs = 2_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A TCP proxy whose open connections can be made to swallow everything, as a dead peer does. */
async function startFreezableProxy(target: URL) {
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    open.add(pair);
    sockets.add(client).add(upstream);
    for (const socket of [client, upstream]) socket.on('error', () => socket.destroy());
    client.pipe(upstream).pipe(client);
    client.on('close', () => {
      upstream.destroy();
      open.delete(pair);
    });
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freezeOpenConnections() {
      for (const { client, upstream } of open) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        // Read and drop, so nothing flows and nothing is closed.
        client.on('data', () => {});
        upstream.on('data', () => {});
      }
      open.clear();
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
