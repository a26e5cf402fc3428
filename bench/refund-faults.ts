/**
 * kill -9 in the middle of refunds:
 * `npm run bench:refund-faults [-- --orders 60 --only postgres|pglite --kill-at 0.5 --kill-jitter-ms 150]`.
 *
 * For PostgreSQL and for the embedded PGlite: start the production server, place N orders through
 * the test gateway, sign the owner in, then fire at once, per order, requests that race for the
 * same rupees: two staff refunds of the whole order; a customer cancelling while staff refund it;
 * three partial refunds (40% each) and a cancellation; a cancellation double-clicked; a customer
 * cancelling while staff ship. SIGKILL the server while they are in flight (once `kill-at` of them
 * are answered, plus up to `kill-jitter-ms`), look at what the crash
 * left (refunds recorded but not settled, of which the gateway had already made some: answers lost
 * between request and answer), start it again on the same data and let webhooks and reconciliation
 * run. Then the books: no request made two refunds, no order refunded above what was paid, the
 * order's refunded amount equals its processed refunds, the gateway's refunds are exactly the shop's
 * processed ones (no money sent that the shop does not know of, none it counts that was not sent),
 * no refund left pending, no shipped order cancelled, and nothing answered 200 before the kill lost.
 * Loopback only; stops by itself (a few minutes per database).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { benchArgs } from './lib/args.js';
import {
  buyCart,
  call,
  createScratchDatabase,
  dropScratchDatabase,
  newShopper,
  pgQuery,
  type Query,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const orderCount = Number(args.get('orders') ?? 60);
const kinds = (args.get('only') ? [args.get('only')] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
// Kill once this share of the racing requests has been answered.
const killAt = Number(args.get('kill-at') ?? 0.5);
// ... plus up to this long.
const killJitterMs = Number(args.get('kill-jitter-ms') ?? 150);
const port = 3297;
const owner = { email: 'bench-owner@example.in', password: 'a long bench owner password' };
// Reconciliation asks about refunds pending for a minute (the answer may still be on its way);
// the run waits that long and a margin.
const settleWithinMs = 240_000;

type Scenario =
  | 'double-refund'
  | 'cancel-vs-refund'
  | 'partials-and-cancel'
  | 'double-cancel'
  | 'ship-vs-cancel';
const scenarios: Scenario[] = [
  'double-refund',
  'cancel-vs-refund',
  'partials-and-cancel',
  'double-cancel',
  'ship-vs-cancel',
];

type Placed = { id: string; totalPaise: number; shopper: { token: string; ip: string }; scenario: Scenario };
type Racer = {
  order: Placed;
  label: string;
  /** What a 200 promised, to be found after the crash: a refund with this reason, a cancellation, a shipment. */
  promise: { refundReason: string } | 'cancelled' | 'shipped';
  send: () => Promise<{ status: number; body: unknown }>;
};

async function once(kind: 'postgres' | 'pglite') {
  const run = String(Date.now());
  const databaseName = `shop_refund_faults_${run}`;
  const dataDir = `.data/bench-refund-faults-${kind}`;
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = kind === 'postgres' ? await createScratchDatabase(databaseName) : undefined;
  const env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    TEST_GATEWAY_WEBHOOK_DELAY_MS: '500',
    RECONCILE_INTERVAL_SECONDS: '5',
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  };
  let shop = await startShop(port, env);
  try {
    const base = () => shop.base;
    const listed = (
      await call(undefined, 'setup', base(), 'GET', '/api/product?limit=100&availability=in-stock')
    ).body as { _id: string; quantity: number; color: string[] }[];
    // Products one can put in a cart (a colour to choose, units left); a list names colours by id.
    const products = listed.filter((p) => p.color.length > 0 && p.quantity > 0);
    console.log(`[${kind}] ${orderCount} shoppers buy one item each...`);
    const placed: Placed[] = [];
    for (let i = 0; i < orderCount; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, orderCount - i) }, async (_, k) => {
          const n = i + k;
          const shopper = await newShopper(base(), n, run);
          const product = products[n % products.length]!;
          const added = await call(undefined, 'cart', base(), 'POST', '/api/user/cart', {
            token: shopper.token,
            ip: shopper.ip,
            body: { productId: product._id, color: product.color[0]!, quantity: 1 },
          });
          if (added.status !== 201)
            throw new Error(`cart ${n}: ${added.status} ${JSON.stringify(added.body)}`);
          if ((await buyCart(undefined, base(), shopper)) !== 'ordered') return undefined;
          const mine = await call(undefined, 'my-orders', base(), 'GET', '/api/user/getmyorders', {
            token: shopper.token,
            ip: shopper.ip,
          });
          const order = mine.body.orders[0] as { _id: string; totalPriceAfterDiscount: number };
          return {
            id: order._id,
            totalPaise: Math.round(order.totalPriceAfterDiscount * 100),
            shopper,
            scenario: scenarios[n % scenarios.length]!,
          };
        }),
      );
      placed.push(...batch.filter((p): p is Placed => p !== undefined));
    }

    const login = await call(undefined, 'staff-login', base(), 'POST', '/api/admin/login', { body: owner });
    if (login.status !== 200) throw new Error(`staff login: ${login.status} ${JSON.stringify(login.body)}`);
    const staffToken = login.body.token as string;

    // Ship-vs-cancel needs packed orders: staff pack them first.
    for (const order of placed.filter((p) => p.scenario === 'ship-vs-cancel')) {
      const packed = await staff(base(), staffToken, 'POST', `/api/admin/orders/${order.id}/pack`, {});
      if (packed.status !== 200) throw new Error(`pack: ${packed.status} ${JSON.stringify(packed.body)}`);
    }

    const rupees = (paise: number) => Math.floor(paise / 100);
    const racers: Racer[] = [];
    for (const order of placed) {
      const refund = (label: string, amountPaise?: number) =>
        racers.push({
          order,
          label,
          promise: { refundReason: `bench ${order.id} ${label}` },
          send: () =>
            staff(base(), staffToken, 'POST', `/api/admin/orders/${order.id}/refund`, {
              ...(amountPaise !== undefined ? { amount: rupees(amountPaise) } : {}),
              reason: `bench ${order.id} ${label}`,
            }),
        });
      const cancel = (label: string) =>
        racers.push({
          order,
          label,
          promise: 'cancelled',
          send: () =>
            call(undefined, 'cancel', base(), 'POST', `/api/user/orders/${order.id}/cancel`, {
              token: order.shopper.token,
              ip: order.shopper.ip,
              body: { reason: `bench ${order.id} ${label}` },
            }),
        });
      if (order.scenario === 'double-refund') {
        refund('staff-a');
        refund('staff-b');
      } else if (order.scenario === 'cancel-vs-refund') {
        cancel('customer');
        refund('staff');
      } else if (order.scenario === 'partials-and-cancel') {
        refund('part-1', order.totalPaise * 0.4);
        refund('part-2', order.totalPaise * 0.4);
        refund('part-3', order.totalPaise * 0.4);
        cancel('customer');
      } else if (order.scenario === 'double-cancel') {
        cancel('click-1');
        cancel('click-2');
      } else {
        cancel('customer');
        racers.push({
          order,
          label: 'ship',
          promise: 'shipped',
          send: () =>
            staff(base(), staffToken, 'POST', `/api/admin/orders/${order.id}/ship`, {
              carrier: 'Delhivery',
              awb: `AWB${order.id.slice(0, 8)}`,
              trackingUrl: 'https://www.delhivery.com/track',
            }),
        });
      }
    }

    let answered = 0;
    const killAfter = Math.ceil(racers.length * killAt);
    const killed = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (answered >= killAfter) {
          clearInterval(timer);
          // Not right on an answer: a server that finishes requests one after another (PGlite
          // runs one transaction at a time) would always be killed between two of them.
          setTimeout(() => {
            shop.child.kill('SIGKILL');
            resolve();
          }, Math.random() * killJitterMs);
        }
      }, 2);
    });
    console.log(
      `[${kind}] ${placed.length} orders, ${racers.length} racing refund/cancel/ship requests at once; SIGKILL after ${killAfter} answers...`,
    );
    const results = await Promise.all(
      racers.map(async (racer) => {
        const answer = await racer.send();
        if (answer.status !== 0) answered++;
        return { racer, status: answer.status };
      }),
    );
    await killed;
    await shop.exited;
    const statuses = new Map<string, number>();
    for (const r of results) {
      const key = r.status === 0 ? 'no answer' : String(r.status);
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }

    // What the crash left, read before the restart (PGlite can be opened once the server is gone).
    const atCrash = await withDatabase(kind, dataDir, databaseUrl, crashSnapshot);

    const restartStarted = performance.now();
    shop = await startShop(port, env);
    const restartMs = Math.round(performance.now() - restartStarted);
    console.log(`[${kind}] restarted in ${restartMs} ms; waiting for webhooks and reconciliation...`);
    const settleStarted = performance.now();
    const deadline = Date.now() + settleWithinMs;
    let pending = Number.POSITIVE_INFINITY;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      pending = await pendingRefunds(base(), placed);
      if (pending === 0) break;
    }
    const settledMs = Math.round(performance.now() - settleStarted);
    // A last webhook may still be on its way for refunds settled by reconciliation.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await stopShop(shop);
    const books = await withDatabase(kind, dataDir, databaseUrl, async (query) => {
      const checked = await checkRefundBooks(query);
      const lost = await answeredButLost(
        query,
        results.filter((r) => r.status === 200).map((r) => r.racer),
      );
      if (lost > 0) checked.problems.push(`${lost} requests answered 200 whose change is not in the books`);
      return { ...checked, lost };
    });
    return {
      kind,
      orders: placed.length,
      requests: racers.length,
      statuses: [...statuses.entries()].map(([s, n]) => `${s}×${n}`).join(' '),
      ...atCrash,
      restartMs,
      settledMs: pending === 0 ? settledMs : undefined,
      ...books,
    };
  } finally {
    await stopShop(shop);
    if (databaseUrl) await dropScratchDatabase(databaseName);
  }
}

const staff = (base: string, token: string, method: string, path: string, body: unknown) =>
  call(undefined, path.split('/').pop()!, base, method, path, { token, body });

/** Refunds still pending as the customers see them (the API works for PGlite too while it runs). */
async function pendingRefunds(base: string, placed: Placed[]): Promise<number> {
  let pending = 0;
  for (const order of placed) {
    const answer = await call(undefined, 'order', base, 'GET', `/api/user/orders/${order.id}`, {
      token: order.shopper.token,
      ip: order.shopper.ip,
    });
    if (answer.status !== 200) return Number.POSITIVE_INFINITY;
    pending += (answer.body.refunds as { status: string }[]).filter((r) => r.status === 'pending').length;
  }
  return pending;
}

async function withDatabase<T>(
  kind: 'postgres' | 'pglite',
  dataDir: string,
  databaseUrl: string | undefined,
  read: (query: Query) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') {
    const pool = pgQuery(databaseUrl!);
    try {
      return await read(pool.query);
    } finally {
      await pool.close();
    }
  }
  const database = await openDatabase({ pgliteDir: `${dataDir}/pglite` });
  try {
    return await read(
      async <R>(text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: R[] }).rows,
    );
  } finally {
    await database.close();
  }
}

/** Requests the shop answered 200 before the kill: what they did must have survived it. */
async function answeredButLost(query: Query, done: Racer[]): Promise<number> {
  const reasons = new Set(
    (await query<{ order_id: string; reason: string }>('select order_id, reason from refunds')).map(
      (r) => `${r.order_id} ${r.reason}`,
    ),
  );
  const orders = new Map(
    (
      await query<{ id: string; state: string; shipped: boolean }>(
        'select id, state, shipped_at is not null as shipped from orders',
      )
    ).map((o) => [o.id, o]),
  );
  return done.filter((racer) => {
    const order = orders.get(racer.order.id);
    if (racer.promise === 'cancelled') return order?.state !== 'cancelled';
    if (racer.promise === 'shipped') return !order?.shipped;
    return !reasons.has(`${racer.order.id} ${racer.promise.refundReason}`);
  }).length;
}

/** Refunds the crash left pending, and those of them the gateway had already made (lost answers). */
async function crashSnapshot(query: Query) {
  const [row] = await query<{ pending: number; made: number; total: number }>(`
    select count(*) filter (where r.status = 'pending')::int as pending,
      count(*) filter (where r.status = 'pending' and g.id is not null)::int as made,
      count(*)::int as total
    from refunds r left join test_gateway_refunds g on g.idempotency_key = r.id::text`);
  return {
    refundsAtCrash: Number(row!.total),
    pendingAtCrash: Number(row!.pending),
    madeButUnansweredAtCrash: Number(row!.made),
  };
}

async function checkRefundBooks(query: Query) {
  const problems: string[] = [];
  const count = async (label: string, text: string) => {
    const [row] = await query<{ n: number }>(text);
    const n = Number(row!.n);
    if (n > 0) problems.push(`${n} ${label}`);
    return n;
  };
  // One request, one refund at most: every request carries its own reason.
  await count(
    'requests with more than one refund',
    `select count(*)::int as n from (select reason from refunds group by order_id, reason having count(*) > 1) d`,
  );
  await count(
    'orders refunded above what was paid',
    `select count(*)::int as n from orders o
     where (select coalesce(sum(amount_paise), 0) from refunds r where r.order_id = o.id and r.status = 'processed')
       > o.total_price_after_discount_paise`,
  );
  await count(
    'orders whose refunded amount differs from their processed refunds',
    `select count(*)::int as n from orders o
     where o.refunded_paise <> (select coalesce(sum(amount_paise), 0) from refunds r where r.order_id = o.id and r.status = 'processed')`,
  );
  const pending = await count(
    'refunds left pending (shop)',
    `select count(*)::int as n from refunds where status = 'pending'`,
  );
  await count(
    'refunds left pending (gateway)',
    `select count(*)::int as n from test_gateway_refunds where status = 'pending'`,
  );
  await count(
    'gateway refunds the shop does not count as processed',
    `select count(*)::int as n from test_gateway_refunds g
     left join refunds r on r.id::text = g.idempotency_key
     where g.status = 'processed' and g.idempotency_key not like 'sold-out-%'
       and (r.id is null or r.status <> 'processed' or r.amount_paise <> g.amount)`,
  );
  await count(
    'processed shop refunds the gateway did not make',
    `select count(*)::int as n from refunds r
     left join test_gateway_refunds g on g.idempotency_key = r.id::text and g.status = 'processed'
     where r.status = 'processed' and g.id is null`,
  );
  await count(
    'gateway payments refunded above their amount',
    `select count(*)::int as n from test_gateway_payments p
     where (select coalesce(sum(amount), 0) from test_gateway_refunds g where g.payment_id = p.id and g.status <> 'failed') > p.amount
        or p.amount_refunded > p.amount`,
  );
  await count(
    'shipped orders cancelled',
    `select count(*)::int as n from orders where state = 'cancelled' and shipped_at is not null`,
  );
  const [totals] = await query<{
    refunds: number;
    processed: number;
    failed: number;
    shop_paise: number;
    gateway_paise: number;
    cancelled: number;
    shipped: number;
    webhooks: number;
  }>(`
    select (select count(*)::int from refunds) as refunds,
      (select count(*)::int from refunds where status = 'processed') as processed,
      (select count(*)::int from refunds where status = 'failed') as failed,
      (select coalesce(sum(amount_paise), 0)::bigint from refunds where status = 'processed') as shop_paise,
      (select coalesce(sum(amount), 0)::bigint from test_gateway_refunds where status = 'processed' and idempotency_key not like 'sold-out-%') as gateway_paise,
      (select count(*)::int from orders where state = 'cancelled') as cancelled,
      (select count(*)::int from orders where shipped_at is not null) as shipped,
      (select count(*)::int from webhook_events where event like 'refund.%') as webhooks`);
  if (Number(totals!.shop_paise) !== Number(totals!.gateway_paise))
    problems.push(`shop refunded ${totals!.shop_paise} paise, gateway ${totals!.gateway_paise}`);
  return {
    refunds: Number(totals!.refunds),
    processed: Number(totals!.processed),
    failed: Number(totals!.failed),
    refundedRupees: Number(totals!.shop_paise) / 100,
    gatewayRupees: Number(totals!.gateway_paise) / 100,
    cancelled: Number(totals!.cancelled),
    shipped: Number(totals!.shipped),
    webhooks: Number(totals!.webhooks),
    leftPending: pending,
    problems,
  };
}

const results = [];
for (const kind of kinds) results.push(await once(kind));
const lines = [
  `kill -9 during racing refunds, cancellations and shipments of ${orderCount} orders, then restart (production server, test gateway, loopback):`,
  '',
  '| database | orders | requests (answers before the kill) | refunds at the crash: recorded / pending / made by the gateway, answer lost | restart to ready | all settled after | refunds processed / failed | refund webhooks received | refunded: shop / gateway | cancelled / shipped | answered 200, then lost | left pending | problems |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.kind} | ${r.orders} | ${r.requests} (${r.statuses}) | ${r.refundsAtCrash} / ${r.pendingAtCrash} / ${r.madeButUnansweredAtCrash} | ${r.restartMs} ms | ${r.settledMs === undefined ? 'not within the limit' : `${(r.settledMs / 1000).toFixed(0)} s`} | ${r.processed} / ${r.failed} | ${r.webhooks} | ₹${r.refundedRupees} / ₹${r.gatewayRupees} | ${r.cancelled} / ${r.shipped} | ${r.lost} | ${r.leftPending} | ${r.problems.length ? r.problems.join('; ') : 'none'} |`,
  ),
];
console.log(`\n${lines.join('\n')}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/refund-faults-${Date.now()}.md`, `${lines.join('\n')}\n`);
if (results.some((r) => r.problems.length > 0 || r.settledMs === undefined)) process.exitCode = 1;
