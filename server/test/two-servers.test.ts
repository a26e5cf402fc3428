import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client.js';
import { products } from '../db/schema.js';
import { createProduct, ensureColor, lapseStockHolds } from './factories.js';
import { openTestDatabase } from './test-app.js';

const serverUrl = process.env.DATABASE_URL;

/**
 * The way the shop scales out (docs/deploy.md): several stateless app servers on one PostgreSQL.
 * A customer whose requests alternate between two servers keeps one session, one cart and
 * consistent stock, because every piece of state lives in the database.
 */
describe.skipIf(!serverUrl)('two app servers on one PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let second: DatabaseHandle;
  let servers: FastifyInstance[];
  let request = 0;

  beforeAll(async () => {
    shared = await openTestDatabase();
    // The second server has its own pool on the same database, as another process would.
    const url = new URL(serverUrl!);
    const [{ name }] = (await queryRows<{ name: string }>(
      shared.database.db,
      sql`select current_database() as name`,
    )) as [{ name: string }];
    url.pathname = `/${name}`;
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RECONCILE_INTERVAL_SECONDS: '0',
      CATALOG_CACHE_SECONDS: '0',
      // The tests race placement themselves; the gateway's own webhook (3 s by default) would
      // place the first orders while later shoppers are still checking out.
      TEST_GATEWAY_WEBHOOK_DELAY_MS: '600000',
    });
    servers = [
      await buildApp({ config, database: shared.database, logger: false }),
      await buildApp({ config, database: second, logger: false }),
    ];
    await Promise.all(servers.map((server) => server.ready()));
  }, 60_000);

  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.close()));
    await second?.close();
    await shared?.drop();
  });

  /** Round-robin, like a load balancer without sticky sessions. */
  const next = () => servers[request++ % servers.length]!;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    next().inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  async function customer(n: number) {
    const person = {
      firstname: 'Ravi',
      lastname: `Kumar${n}`,
      email: `two-servers-${n}-${Date.now()}@example.in`,
      mobile: `98${String(10_000_000 + n).slice(-8)}`,
      password: 'a long enough password',
    };
    expect((await call('POST', '/api/user/register', undefined, person)).statusCode).toBe(201);
    const login = await call('POST', '/api/user/login', undefined, {
      email: person.email,
      password: person.password,
    });
    return login.json().token as string;
  }

  it('keeps one session and one cart across both servers', async () => {
    const product = await createProduct(shared.database.db, { quantity: 10, colors: ['#111111'] });
    const color = await ensureColor(shared.database.db, '#111111');
    const token = await customer(1);

    // The same line added six times, alternating servers and racing: one line of six.
    await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/user/cart', token, { productId: product.id, color: color.id, quantity: 1 }),
      ),
    );
    const cart = await call('GET', '/api/user/cart', token);
    expect(cart.json()).toEqual([expect.objectContaining({ quantity: 6 })]);
    const lineId = cart.json()[0]._id as string;
    expect((await call('DELETE', `/api/user/update-product-cart/${lineId}/2`, token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/cart', token)).json()[0].quantity).toBe(2);

    // Logged out on one server means logged out on all of them.
    expect((await call('POST', '/api/user/logout', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/cart', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/user/cart', token)).statusCode).toBe(401);
  });

  it('sells the last units once when paying customers race on both servers', async () => {
    const product = await createProduct(shared.database.db, { quantity: 2, colors: ['#222222'] });
    const color = await ensureColor(shared.database.db, '#222222');
    const paid: { token: string; fields: Record<string, string> }[] = [];
    for (let n = 10; n < 16; n++) {
      const token = await customer(n);
      await call('POST', '/api/user/cart', token, { productId: product.id, color: color.id, quantity: 1 });
      const checkout = await call('POST', '/api/user/order/checkout', token, { amount: 1 });
      expect(checkout.statusCode, checkout.body).toBe(200);
      // Each hold lapses before the next shopper starts, so all six pay and race at placement.
      await lapseStockHolds(shared.database.db);
      const orderId = checkout.json().order.id as string;
      const fields = (
        await call('POST', `/api/payments/test-gateway/orders/${orderId}/pay`, undefined, {})
      ).json();
      const verified = await call('POST', '/api/user/order/paymentVerification', token, {
        orderCreationId: fields.razorpay_order_id,
        razorpayOrderId: fields.razorpay_order_id,
        razorpayPaymentId: fields.razorpay_payment_id,
        razorpaySignature: fields.razorpay_signature,
      });
      expect(verified.statusCode, verified.body).toBe(200);
      paid.push({ token, fields });
    }
    const results = await Promise.all(
      paid.map(({ token, fields }) =>
        call('POST', '/api/user/cart/create-order', token, {
          paymentInfo: {
            razorpayOrderId: fields.razorpay_order_id,
            razorpayPaymentId: fields.razorpay_payment_id,
          },
          shippingInfo: {
            firstName: 'Ravi',
            lastName: 'Kumar',
            address: '4 MG Road',
            landmark: 'Opposite the bank',
            city: 'Chennai',
            state: 'Tamil Nadu',
            country: 'India',
            pincode: '600001',
          },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const [row] = await shared.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ quantity: 0, sold: 2 });
  }, 120_000);

  it('lets exactly one of several shoppers on both servers start paying for the last unit', async () => {
    const product = await createProduct(shared.database.db, { quantity: 1, colors: ['#333333'] });
    const color = await ensureColor(shared.database.db, '#333333');
    const tokens = await Promise.all([20, 21, 22, 23, 24, 25].map((n) => customer(n)));
    for (const token of tokens)
      await call('POST', '/api/user/cart', token, { productId: product.id, color: color.id, quantity: 1 });
    const starts = await Promise.all(
      tokens.map((token) => call('POST', '/api/user/order/checkout', token, { amount: 1 })),
    );
    const statuses = starts.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    const [held] = await queryRows<{ held: number }>(
      shared.database.db,
      sql`select coalesce(sum(quantity), 0)::int as held from stock_holds where product_id = ${product.id}`,
    );
    expect(held!.held).toBe(1);
  }, 120_000);
});
