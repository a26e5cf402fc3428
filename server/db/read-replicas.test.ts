import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createShelfIndex } from '../modules/catalog-search/shelf-index.js';
import { signUp } from '../test/customers.js';
import { createBlog, createProduct, ensureBrand, ensureCategory, ensureColor } from '../test/factories.js';
import { findPostgresBinaries, type ReplicaCluster, startReplicaCluster } from '../test/replica-cluster.js';
import { signInStaff } from '../test/staff.js';
import { LISTENER_APPLICATION_NAME } from './channel-listener.js';
import { type DatabaseHandle, openDatabase } from './client.js';
import { isReplicaFailure, parseLsn, replicaLagSeconds } from './read-replicas.js';

describe('measuring a replica', () => {
  it('reads write-ahead-log positions so that they compare', () => {
    expect(parseLsn('0/3000000')).toBe(0x3000000n);
    expect(parseLsn('16/B374D848') > parseLsn('15/FFFFFFFF')).toBe(true);
  });

  it('counts a replica as behind for as long as the primary has been ahead of it', () => {
    const now = 100_000;
    const samples = [
      { lsn: 100n, at: now - 5_000 },
      { lsn: 200n, at: now - 4_000 },
      { lsn: 300n, at: now - 1_000 },
    ];
    // Everything replayed: no lag, however old its last transaction (an idle primary).
    expect(replicaLagSeconds(samples, 300n, 3_600, now)).toBe(0);
    // Lacks what the primary had 4 s ago.
    expect(replicaLagSeconds(samples, 150n, 3_600, now)).toBe(4);
    expect(replicaLagSeconds(samples, 250n, 3_600, now)).toBe(1);
    // Behind even the oldest sample: at least that, and as long as its replay has stood still.
    expect(replicaLagSeconds(samples, 50n, 60, now)).toBe(60);
    expect(replicaLagSeconds(samples, 50n, null, now)).toBe(5);
    expect(replicaLagSeconds([], 50n, 60, now)).toBe(0);
  });

  it('asks another server again only when the replica, not the query, failed', () => {
    expect(isReplicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isReplicaFailure(Object.assign(new Error('conflict with recovery'), { code: '40001' }))).toBe(
      true,
    );
    expect(isReplicaFailure(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isReplicaFailure(new Error('some bug'))).toBe(false);
  });
});

const binaries = findPostgresBinaries();
if (!binaries) {
  console.warn(
    'SKIPPED: the read replica tests need PostgreSQL server programs (initdb, pg_ctl, pg_basebackup) under /usr/lib/postgresql/<version>/bin or PG_BINDIR',
  );
}

// This engineer's ports (docs/deploy.md uses none of them).
const PRIMARY_PORT = 4106;
const REPLICA_PORT = 5106;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

type ReadyReplica = { replica: number; status: string; reason?: string; lagSeconds: number | null };

/**
 * Against a real streaming replica (a primary and a `pg_basebackup -R` copy of it, made and
 * stopped here): which reads it answers, that a write is seen at once by whoever made it, and that
 * a lagging or dying replica costs no shopper a failed request.
 */
describe.skipIf(!binaries)('reads from a streaming replica', () => {
  let cluster: ReplicaCluster;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  type Product = { id: string; slug: string; title: string };
  let product: Product;
  let others: Product[];

  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.data/test',
      RECONCILE_INTERVAL_SECONDS: '0',
      TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000',
      PAYMENT_PROVIDER: 'test',
      // Every read reaches a database, so each one says where it went.
      CATALOG_CACHE_SECONDS: '0',
      LIST_CARD_SECONDS: '0',
      ...env,
    });

  const openShop = async (maxLagSeconds: number) => {
    const handle = await openDatabase({
      databaseUrl: cluster.primaryUrl,
      poolSize: 5,
      readReplicas: { urls: [cluster.replicaUrl], maxLagSeconds, checkEveryMs: 100 },
    });
    await handle.migrate();
    const shop = await buildApp({ config: config(), database: handle, logger: false });
    await shop.ready();
    return { handle, shop };
  };

  const readyReplica = async (shop: FastifyInstance): Promise<ReadyReplica> => {
    const ready = await shop.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    return (ready.json() as { replicas: ReadyReplica[] }).replicas[0]!;
  };

  /** A price changed in the console (on `app`), as a merchant would. */
  const editPrice = async (target: Product, rupees: number) => {
    const staff = await signInStaff(app, 'owner');
    const [category, brand, color] = await Promise.all([
      ensureCategory(database.db, 'Watches'),
      ensureBrand(database.db, 'Titan'),
      ensureColor(database.db, '#111111'),
    ]);
    return app.inject({
      method: 'PUT',
      url: `/api/admin/products/${target.id}`,
      headers: staff.headers,
      payload: {
        title: target.title,
        slug: target.slug,
        description: '<p>A fine product.</p>',
        price: rupees,
        mrp: '',
        categoryId: category.id,
        brandId: brand.id,
        colorIds: [color.id],
        tags: [],
        images: [{ url: 'https://cdn.example.in/watch.jpg', alt: 'Front' }],
      },
    });
  };

  const readsBy = (handle: DatabaseHandle) => {
    const stats = handle.reads.stats!();
    return { replica: stats.replicas[0]!.reads, primary: stats.primaryReads };
  };

  /** Until the replica has replayed everything the primary has now. */
  const replicaCaughtUp = async () => {
    const [primary] = await cluster.onPrimary<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await waitFor('the replica to catch up', async () => {
      const [row] = await cluster.onReplica<{ done: boolean }>(
        `select pg_last_wal_replay_lsn() >= '${primary!.lsn}'::pg_lsn as done`,
      );
      return row?.done || undefined;
    });
  };

  beforeAll(async () => {
    cluster = await startReplicaCluster({
      binaries: binaries!,
      primaryPort: PRIMARY_PORT,
      replicaPort: REPLICA_PORT,
    });
    ({ handle: database, shop: app } = await openShop(30));
    const made = await Promise.all(
      ['Replica Read Chronograph', 'Replica Second Watch', 'Replica Third Watch'].map((title) =>
        createProduct(database.db, { title, brand: 'Titan', category: 'Watches', pricePaise: 150_000 }),
      ),
    );
    product = made[0]!;
    others = made.slice(1);
    await createBlog(database.db, { title: 'Replica blog post' });
    await replicaCaughtUp();
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.close();
  }, 30_000);

  it('serves storefront reads from the replica, and says so in /readyz and /metrics', async () => {
    await waitFor(
      'the replica in use',
      async () => (await readyReplica(app)).status === 'in-use' || undefined,
    );
    // The catalogue changes made above reach the app as notifications, each sending its reads to
    // the primary until the replica has replayed it: wait until a storefront read lands there.
    await waitFor('storefront reads on the replica', async () => {
      const replicaReads = readsBy(database).replica;
      await app.inject('/api/blog');
      return readsBy(database).replica > replicaReads || undefined;
    });
    const before = readsBy(database);
    const page = await app.inject(`/api/product/${product.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ slug: product.slug, price: 1500 });
    for (const url of [
      '/api/product?limit=10',
      '/api/product?q=chronograph',
      '/api/product/suggestions?q=repl',
      '/api/product/facets',
      '/api/blog',
      '/sitemap.xml',
    ]) {
      expect((await app.inject(url)).statusCode, url).toBe(200);
    }
    const after = readsBy(database);
    expect(after.replica).toBeGreaterThan(before.replica);
    // The replica's own log has the product page's query, with the slug asked for.
    expect(cluster.replicaLog()).toContain(product.slug);

    expect(await readyReplica(app)).toMatchObject({ replica: 1, status: 'in-use' });
    const metrics = (await app.inject('/metrics')).body;
    expect(metrics).toMatch(
      /db_read_replica_in_use\{replica="1",host="127\.0\.0\.1:5106\/postgres",reason=""\} 1/,
    );
    expect(metrics).toMatch(/db_reads_total\{target="replica-1"\} [1-9]/);
    // /readyz is public: replicas by number, never their addresses.
    expect((await app.inject('/readyz')).body).not.toContain('5106');

    // LISTEN (catalogue changes, the outboxes, on one connection) stays on the primary: a standby cannot.
    const listening = `select count(*)::int as n from pg_stat_activity where application_name = '${LISTENER_APPLICATION_NAME}'`;
    expect((await cluster.onPrimary<{ n: number }>(listening))[0]!.n).toBe(1);
    expect((await cluster.onReplica<{ n: number }>(listening))[0]!.n).toBe(0);
  });

  it("shows a shopper's and a merchant's own writes at once, while the replica has not replayed them", async () => {
    await cluster.onReplica('select pg_wal_replay_pause()');
    try {
      // A customer's account, sign-in and cart are written and read on the primary.
      const customer = (await signUp(app)).headers;
      const color = await ensureColor(database.db, '#111111');
      const added = await app.inject({
        method: 'POST',
        url: '/api/user/cart',
        headers: customer,
        payload: { productId: product.id, color: color.id, quantity: 1 },
      });
      expect(added.statusCode, added.body).toBe(201);
      const cart = await app.inject({ method: 'GET', url: '/api/user/cart', headers: customer });
      expect(cart.statusCode).toBe(200);
      expect(JSON.stringify(cart.json())).toContain(product.id);

      // A console edit: the product page read next shows the new price, though the replica (still
      // within the lag bound, so still in use) has the old one.
      const edited = await editPrice(product, 1234);
      expect(edited.statusCode, edited.body).toBe(200);
      const page = await app.inject(`/api/product/${product.slug}`);
      expect(page.json()).toMatchObject({ price: 1234 });
      expect(await readyReplica(app)).toMatchObject({ status: 'in-use' });
      const [stale] = await cluster.onReplica<{ price_paise: number }>(
        `select price_paise from products where id = '${product.id}'`,
      );
      expect(stale?.price_paise).toBe(150_000);
    } finally {
      await cluster.onReplica('select pg_wal_replay_resume()');
    }
    // Once the replica has the edit, reads go back to it.
    const before = readsBy(database).replica;
    await waitFor('reads back on the replica', async () => {
      await app.inject(`/api/product/${others[0]!.slug}`);
      return readsBy(database).replica > before || undefined;
    });
  });

  it('shows a console edit made on another app server, which hears of it and reads it from the primary', async () => {
    const other = await openShop(30);
    try {
      await waitFor(
        'the replica in use',
        async () => (await readyReplica(other.shop)).status === 'in-use' || undefined,
      );
      const slug = others[0]!.slug;
      expect((await other.shop.inject(`/api/product/${slug}`)).json()).toMatchObject({ price: 1500 });
      await cluster.onReplica('select pg_wal_replay_pause()');
      try {
        const edited = await editPrice(others[0]!, 1111);
        expect(edited.statusCode, edited.body).toBe(200);
        // The other server hears the change (NOTIFY on the primary) and reads from the primary
        // until the replica has it: the paused replica never will meanwhile.
        await waitFor(
          'the edit on the other server',
          async () => {
            const page = await other.shop.inject(`/api/product/${slug}`);
            return (page.json() as { price: number }).price === 1111 || undefined;
          },
          5_000,
        );
      } finally {
        await cluster.onReplica('select pg_wal_replay_resume()');
      }
    } finally {
      await other.shop.close();
      await other.handle.close();
    }
  });

  it('skips a replica that lags beyond DATABASE_READ_MAX_LAG_SECONDS, and takes it back when it catches up', async () => {
    const strict = await openShop(0.5);
    try {
      await waitFor(
        'the replica in use',
        async () => (await readyReplica(strict.shop)).status === 'in-use' || undefined,
      );
      await cluster.onReplica('select pg_wal_replay_pause()');
      try {
        // A write made outside this shop: nothing tells it, only the replica's lag does.
        await cluster.onPrimary(
          'create table if not exists lag_probe (n int); insert into lag_probe values (1)',
        );
        const skipped = await waitFor('the replica skipped', async () => {
          const replica = await readyReplica(strict.shop);
          return replica.status === 'skipped' ? replica : undefined;
        });
        expect(skipped).toMatchObject({ replica: 1, status: 'skipped', reason: 'lagging' });
        expect(skipped.lagSeconds).toBeGreaterThan(0.5);
        const before = readsBy(strict.handle);
        const page = await strict.shop.inject(`/api/product/${others[1]!.slug}`);
        expect(page.statusCode).toBe(200);
        const after = readsBy(strict.handle);
        expect(after.replica).toBe(before.replica);
        expect(after.primary).toBeGreaterThan(before.primary);
        expect((await strict.shop.inject('/metrics')).body).toMatch(
          /db_read_replica_in_use\{replica="1",host="[^"]+",reason="lagging"\} 0/,
        );
      } finally {
        await cluster.onReplica('select pg_wal_replay_resume()');
      }
      await waitFor(
        'the replica back in use',
        async () => (await readyReplica(strict.shop)).status === 'in-use' || undefined,
      );
    } finally {
      await strict.shop.close();
      await strict.handle.close();
    }
  });

  it("reads the shelf index from the replica but counts the catalogue's writes on the primary, where they are counted", async () => {
    const reads = database.reads.db;
    let onReplica = 0;
    const counting = new Proxy(reads, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof reads.execute>) => {
          onReplica++;
          return target.execute(...args);
        };
      },
    });
    const index = createShelfIndex(counting, { maxAgeMs: 0, writesCheckMs: 0, writesDb: database.db });
    try {
      await index.ready();
      expect(onReplica).toBeGreaterThan(0);
      const none = { brands: [], categories: [], tags: [] };
      // Past its maximum age with nothing written: asks the primary, reads nothing again (a
      // standby counts no writes, so asking it would read the whole catalogue every time).
      const oneAsk = async () => {
        const from = onReplica;
        index.counts(none);
        await index.ready();
        return onReplica - from;
      };
      await expect.poll(oneAsk, { timeout: 15_000, interval: 200 }).toBe(0);
      // A write nobody announced is still noticed, and read from the replica.
      const brands = index.counts(none)!.brands.length;
      await ensureBrand(database.db, 'Unannounced Brand');
      await createProduct(database.db, { brand: 'Unannounced Brand', title: 'Unannounced product' });
      await expect
        .poll(
          async () => {
            await oneAsk();
            return index.counts(none)!.brands.length;
          },
          { timeout: 15_000, interval: 200 },
        )
        .toBe(brands + 1);
    } finally {
      await index.close();
    }
  });

  it('loses no shopper request when the replica dies mid-load, and uses it again once it is back', async () => {
    await waitFor(
      'the replica in use',
      async () => (await readyReplica(app)).status === 'in-use' || undefined,
    );
    const urls = [
      `/api/product/${product.slug}`,
      `/api/product/${others[0]!.slug}`,
      '/api/product?limit=10',
      '/api/product?q=watch',
      '/api/product/suggestions?q=replica',
      '/api/product/facets?q=watch',
      '/api/blog',
    ];
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const shopper = async (n: number) => {
      for (let i = n; !stop; i++) {
        const url = urls[i % urls.length]!;
        const response = await app.inject(url);
        answered += 1;
        if (response.statusCode !== 200) failures.push(`${url}: ${response.statusCode} ${response.body}`);
      }
    };
    const before = readsBy(database);
    const shoppers = Array.from({ length: 8 }, (_, n) => shopper(n));
    try {
      // Counted, not timed, so that a slow machine runs the same test: the replica answers some
      // of the load, dies under it, and the load goes on for as many requests again.
      await waitFor(
        'reads on the replica under load',
        async () => readsBy(database).replica > before.replica + 20 || undefined,
      );
      await sleep(200);
      await cluster.killReplica();
      const killedAt = answered;
      await waitFor(
        'requests answered after the kill',
        async () => answered - killedAt >= 100 || undefined,
        30_000,
      );
    } finally {
      stop = true;
      await Promise.all(shoppers);
    }

    expect(failures).toEqual([]);
    expect(await readyReplica(app)).toMatchObject({
      status: 'skipped',
      reason: 'unreachable',
      lagSeconds: null,
    });
    expect(readsBy(database).primary).toBeGreaterThan(before.primary);

    await cluster.startReplica();
    await waitFor(
      'the restarted replica in use',
      async () => (await readyReplica(app)).status === 'in-use' || undefined,
    );
    const back = readsBy(database).replica;
    expect((await app.inject(`/api/product/${product.slug}`)).statusCode).toBe(200);
    expect(readsBy(database).replica).toBeGreaterThan(back);
  }, 60_000);
});
