/**
 * kill -9 in the middle of checkouts: `npm run bench:faults [-- --checkouts 100 --only postgres|pglite]`.
 *
 * For PostgreSQL and for the embedded PGlite: start the production server, give N shoppers a cart,
 * start all N checkouts at once (checkout, test-gateway approval, verification, order), SIGKILL the
 * server while they are in flight, start it again on the same data, and let webhooks and the
 * periodic reconciliation run. Then: the database opened cleanly, every approved payment has
 * exactly one order (or a refund when stock ran out), and stock moved exactly as orders say.
 * Loopback only; stops by itself (at most a few minutes per database).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { benchArgs } from './lib/args.js';
import {
  buyCart,
  call,
  checkBooks,
  createScratchDatabase,
  dropScratchDatabase,
  newShopper,
  pgQuery,
  type Query,
  type StockSnapshot,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const checkoutCount = Number(args.get('checkouts') ?? 100);
const kinds = (args.get('only') ? [args.get('only')] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
const port = 3298;
// Reconciliation settles checkouts older than two minutes (payments still in a customer's hands
// are left alone); the run waits that long, plus a margin.
const settleWithinMs = 180_000;

/** Stock as the API reports it; works for PGlite too, which only the server can open while it runs. */
async function apiStock(base: string): Promise<StockSnapshot> {
  const list = (await call(undefined, 'stock', base, 'GET', '/api/product?limit=100')).body as {
    _id: string;
    quantity: number;
    sold: number;
  }[];
  return new Map(list.map((p) => [p._id, { quantity: p.quantity, sold: p.sold }]));
}

async function once(kind: 'postgres' | 'pglite') {
  const run = String(Date.now());
  const databaseName = `shop_faults_${run}`;
  const dataDir = `.data/bench-faults-${kind}`;
  rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = kind === 'postgres' ? await createScratchDatabase(databaseName) : undefined;
  const env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    TEST_GATEWAY_WEBHOOK_DELAY_MS: '500',
    RECONCILE_INTERVAL_SECONDS: '5',
  };
  let shop = await startShop(port, env);
  try {
    const products = (
      await call(undefined, 'setup', shop.base, 'GET', '/api/product?limit=100&&availability=in-stock')
    ).body as { _id: string; quantity: number; color: string[] }[];
    console.log(`[${kind}] ${checkoutCount} shoppers fill their carts...`);
    const shoppers: Awaited<ReturnType<typeof newShopper>>[] = [];
    for (let i = 0; i < checkoutCount; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, checkoutCount - i) }, (_, k) => newShopper(shop.base, i + k, run)),
      );
      shoppers.push(...batch);
    }
    for (const [n, shopper] of shoppers.entries()) {
      // Many shoppers per product, so some products sell out mid-run and refunds are exercised too.
      const product = products[n % Math.min(products.length, 25)]!;
      const added = await call(undefined, 'cart', shop.base, 'POST', '/api/user/cart', {
        token: shopper.token,
        ip: shopper.ip,
        // The list answers colour ids (as the original admin client's table reads them).
        body: { productId: product._id, color: product.color[0]!, quantity: 1 + (n % 2) },
      });
      if (added.status !== 201) throw new Error(`cart ${n}: ${added.status} ${JSON.stringify(added.body)}`);
    }
    const before = await apiStock(shop.base);

    let approved = 0;
    const killAfter = Math.ceil(checkoutCount * 0.4);
    const killed = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (approved >= killAfter) {
          clearInterval(timer);
          shop.child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    console.log(`[${kind}] ${checkoutCount} checkouts at once; SIGKILL after ${killAfter} approvals...`);
    const outcomes = await Promise.all(
      shoppers.map((shopper) =>
        buyCart(undefined, shop.base, shopper, () => {
          approved++;
        }),
      ),
    );
    await killed;
    await shop.exited;
    const orderedBeforeKill = outcomes.filter((o) => o === 'ordered').length;

    const restartStarted = performance.now();
    shop = await startShop(port, env);
    const restartMs = Math.round(performance.now() - restartStarted);
    console.log(`[${kind}] restarted in ${restartMs} ms; waiting for webhooks and reconciliation...`);

    let books: Awaited<ReturnType<typeof checkBooks>>;
    if (kind === 'postgres') {
      const pool = pgQuery(databaseUrl!);
      const deadline = Date.now() + settleWithinMs;
      do {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        books = await checkBooks(pool.query, before);
      } while (books.unsettled > 0 && Date.now() < deadline);
      await pool.close();
      await stopShop(shop);
    } else {
      await new Promise((resolve) => setTimeout(resolve, settleWithinMs * 0.8));
      await stopShop(shop);
      const database = await openDatabase({ pgliteDir: `${dataDir}/pglite` });
      const query: Query = async <T>(text: string) =>
        ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
      books = await checkBooks(query, before);
      await database.close();
    }
    return {
      kind,
      checkouts: checkoutCount,
      approvedBeforeKill: approved,
      orderedBeforeKill,
      restartMs,
      ...books!,
    };
  } finally {
    await stopShop(shop);
    if (databaseUrl) await dropScratchDatabase(databaseName);
  }
}

const results = [];
for (const kind of kinds) results.push(await once(kind));
const lines = [
  `kill -9 during ${checkoutCount} concurrent checkouts, then restart (production server, test gateway, loopback):`,
  '',
  '| database | payments approved before kill | orders answered before kill | restart to ready | approved payments | with exactly one order | refunded (sold out) | unsettled | problems |',
  '|---|---|---|---|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.kind} | ${r.approvedBeforeKill} | ${r.orderedBeforeKill} | ${r.restartMs} ms | ${r.approvedPayments} | ${r.paymentsWithOrder} | ${r.paymentsRefunded} | ${r.unsettled} | ${r.problems.length ? r.problems.join('; ') : 'none'} |`,
  ),
];
console.log(`\n${lines.join('\n')}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/faults-${Date.now()}.md`, `${lines.join('\n')}\n`);
if (results.some((r) => r.unsettled > 0 || r.problems.length > 0)) process.exitCode = 1;
