import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { LISTENER_APPLICATION_NAME } from '../db/channel-listener.js';
import { queryRows } from '../db/client.js';
import { signUp } from './customers.js';
import { createProduct, ensureBrand, ensureCategory, ensureColor } from './factories.js';
import { shoppingCalls } from './shopping.js';
import { type SignedInStaff, signInStaff } from './staff.js';
import { openTestDatabase } from './test-app.js';

/**
 * How a catalogue change reaches shoppers when several app servers share one database (decision
 * 015): the server that made it forgets its cached reads at once, and announces the change with
 * NOTIFY catalog_changed; every other server hears it on its LISTEN and forgets too. The cache is
 * a minute long here, so a read that shows the change on the other server within the two seconds
 * polled was cleared by the announcement, not by expiry. Runs on PGlite (two apps on one
 * instance) and, with DATABASE_URL, on PostgreSQL (each app listening on its own connection).
 */
describe('a catalogue change seen by two app servers', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let editor: FastifyInstance;
  let other: FastifyInstance;
  let staff: SignedInStaff;

  beforeAll(async () => {
    shared = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.data/test',
      RECONCILE_INTERVAL_SECONDS: '0',
      PAYMENT_PROVIDER: 'test',
      CATALOG_CACHE_SECONDS: '60',
    });
    // Two apps, each with its own services, cache and listener, on the same database.
    editor = await buildApp({ config, database: shared.database, logger: false });
    other = await buildApp({ config, database: shared.database, logger: false });
    await Promise.all([editor.ready(), other.ready()]);
    staff = await signInStaff(editor, 'catalogue');
  });

  afterAll(async () => {
    await editor?.close();
    await other?.close();
    await shared?.drop();
  });

  const read = async (server: FastifyInstance, url: string) => {
    const response = await server.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };
  const staffCall = (method: 'POST' | 'PUT', url: string, payload: object) =>
    editor.inject({ method, url, headers: staff.headers, payload });

  /** A product as the console's form sends it, in the category Smart Watches. */
  async function productBody(title: string, price: number) {
    const [category, brand, color] = await Promise.all([
      ensureCategory(shared.database.db, 'Smart Watches'),
      ensureBrand(shared.database.db, 'Noise'),
      ensureColor(shared.database.db, '#222222', 'Charcoal'),
    ]);
    return {
      title,
      description: '<p>A smart watch.</p>',
      price,
      mrp: '',
      categoryId: category.id,
      brandId: brand.id,
      colorIds: [color.id],
      tags: [],
      images: [],
      quantity: 10,
    };
  }

  async function createInConsole(body: object): Promise<string> {
    const created = await staffCall('POST', '/api/admin/products', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json()._id;
  }

  it('shows a console edit of the price and title on the other server within moments, not the cache time', async () => {
    const body = await productBody('ColorFit Pro 5', 3999);
    const id = await createInConsole(body);
    const page = `/api/product/${id}`;
    const list = '/api/product?category=Smart Watches';
    // Both servers have the product page and the list cached.
    for (const server of [editor, other]) {
      expect((await read(server, page)).body).toMatchObject({ title: 'ColorFit Pro 5', price: 3999 });
      expect((await read(server, list)).body[0]).toMatchObject({ title: 'ColorFit Pro 5' });
    }

    const edited = await staffCall('PUT', `/api/admin/products/${id}`, {
      ...body,
      title: 'ColorFit Pro 5 Max',
      price: 3499,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // The editing server, at once.
    expect((await read(editor, page)).body).toMatchObject({ title: 'ColorFit Pro 5 Max', price: 3499 });
    // The other server, as soon as the announcement arrives.
    await eventually(
      () => read(other, page),
      (r) => r.body.title === 'ColorFit Pro 5 Max' && r.body.price === 3499,
    );
    await eventually(
      () => read(other, list),
      (r) => r.body[0]?.title === 'ColorFit Pro 5 Max',
    );

    // The stock, set in the console, and a brand renamed, the same way.
    const adjusted = await staffCall('POST', `/api/admin/products/${id}/stock`, {
      set: 4,
      reason: 'correction',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    await eventually(
      () => read(other, page),
      (r) => r.body.quantity === 4,
    );
    const renamed = await staffCall('PUT', `/api/brand/${body.brandId}`, { title: 'Noise India' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(
      () => read(other, page),
      (r) => r.body.brand === 'Noise India',
    );

    // Archived: gone from the other server's storefront too.
    const archived = await staffCall('POST', `/api/admin/products/${id}/archive`, {});
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await read(editor, page)).status).toBe(404);
    await eventually(
      () => read(other, page),
      (r) => r.status === 404,
    );
  });

  it('shows the stock an order took on one server on the other server’s product page', async () => {
    const product = await createProduct(shared.database.db, { quantity: 5, colors: ['#345678'] });
    const color = await ensureColor(shared.database.db, '#345678');
    const page = `/api/product/${product.id}`;
    expect((await read(other, page)).body.quantity).toBe(5);

    const shop = shoppingCalls(() => editor);
    const customer = await signUp(editor);
    await shop.addToCart(customer, product.id, color.id, 2);
    const checkout = await shop.startCheckout(customer);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await shop.payWithGateway(checkout.json().order.id);
    expect((await shop.verify(customer, paid)).statusCode).toBe(200);
    const order = await shop.createOrder(customer, paid);
    expect(order.statusCode, order.body).toBe(200);

    await eventually(
      () => read(other, page),
      (r) => r.body.quantity === 3 && r.body.sold === 2,
    );
  });

  /**
   * The listening connection dropped (a database restart, a failover): notifications sent
   * meanwhile are lost, so on reconnecting a server forgets its whole catalogue cache.
   * Connections to the test database are refused while it is down, so the listeners cannot come
   * back before the edit they miss.
   */
  it.skipIf(!process.env.DATABASE_URL)(
    'reconnects after losing its listening connection and forgets what it may have missed',
    async () => {
      const body = await productBody('ColorFit Ultra 3', 1500);
      const id = await createInConsole(body);
      const page = `/api/product/${id}`;
      expect((await read(other, page)).body.price).toBe(1500);
      const [database] = await queryRows<{ name: string }>(
        shared.database.db,
        sql`select current_database() as name`,
      );
      const name = database!.name;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const listeners = () =>
        admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and application_name = $2',
          [name, LISTENER_APPLICATION_NAME],
        );
      try {
        // Both servers here share one database handle, and a handle listens on one connection
        // for every channel (catalogue changes, the outboxes, restocks).
        const before = (await listeners()).rows.map((r) => r.pid);
        expect(before).toHaveLength(1);
        await admin.query(`alter database ${name} allow_connections false`);
        // Waits until each listener has exited: a backend told to stop may otherwise still pass on
        // the edit's announcement below.
        await admin.query('select pg_terminate_backend(pid, 5000) from unnest($1::int[]) pid', [before]);
        expect((await listeners()).rows).toHaveLength(0);
        // Read again now that nobody listens: an announcement still in flight from an earlier test
        // (a stock change, sent after its commit) could otherwise clear this server's cache after
        // the first read, and the edit below would then look heard (failed once in CI).
        expect((await read(other, page)).body.price).toBe(1500);

        const edited = await staffCall('PUT', `/api/admin/products/${id}`, { ...body, price: 1299 });
        expect(edited.statusCode, edited.body).toBe(200);
        // Nobody is listening: the other server still answers from its cache...
        expect((await read(other, page)).body.price).toBe(1500);

        await admin.query(`alter database ${name} allow_connections true`);
        // ...until its listener is back and clears it.
        await eventually(
          () => read(other, page),
          (r) => r.body.price === 1299,
          5_000,
        );
        // The listener is back, on a new connection.
        await eventually(listeners, (result) => result.rows.length === 1, 5_000);
        const after = (await listeners()).rows.map((r) => r.pid);
        expect(after.some((pid) => before.includes(pid))).toBe(false);

        // And it hears announcements again.
        const again = await staffCall('PUT', `/api/admin/products/${id}`, { ...body, price: 1199 });
        expect(again.statusCode, again.body).toBe(200);
        await eventually(
          () => read(other, page),
          (r) => r.body.price === 1199,
        );
      } finally {
        await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
        await admin.end();
      }
    },
    15_000,
  );
});

/**
 * Reads until `done` holds, every 10 ms for up to `timeoutMs` (2 s: an announcement arrives in
 * milliseconds, the cache would take a minute).
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 2_000) {
  const started = performance.now();
  let value = await read();
  while (!done(value)) {
    if (performance.now() - started > timeoutMs) {
      throw new Error(`not seen within ${timeoutMs} ms; last read: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    value = await read();
  }
  return performance.now() - started;
}
