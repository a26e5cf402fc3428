/**
 * Load with shoppers, not just requests: `npm run bench:shoppers [-- --shoppers 100 --seconds 60]`.
 *
 * The production server on a scratch PostgreSQL database with the demo catalogue; N shoppers
 * (own accounts, own forwarded addresses) browse lists, filters, products and search, add to cart,
 * and every few rounds pay through the built-in test gateway, all at once, for a fixed time.
 * Then the books are checked: zero errors (5xx or no answer), p99 per route, stock and orders
 * consistent. Loopback only; stops by itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchArgs } from './lib/args.js';
import {
  buyCart,
  call,
  checkBooks,
  createScratchDatabase,
  dropScratchDatabase,
  newShopper,
  pgQuery,
  type Sample,
  startShop,
  stockSnapshot,
  stopShop,
  summarise,
} from './lib/shop.js';

const args = benchArgs();
const shopperCount = Number(args.get('shoppers') ?? 100);
const seconds = Number(args.get('seconds') ?? 60);
const port = 3297;
const run = String(Date.now());
const databaseName = `shop_load_${run}`;

const words = [
  'sam',
  'samsng',
  'lapptop',
  'sony',
  'watch',
  'tv',
  'head',
  'boat',
  'iphone',
  'camra',
  'shoe',
  'wash',
];
const sorts = ['title', '-title', 'price', '-price', 'createdAt', '-createdAt'];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

/** GET /metrics (this machine, so no token) as series -> value. */
async function scrapeMetrics(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    series.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return series;
}

/** The sum of a metric's series whose labels include every `label="value"` given. */
function metricSum(series: Map<string, number>, name: string, ...labels: string[]): number {
  let sum = 0;
  for (const [key, value] of series) {
    if ((key === name || key.startsWith(`${name}{`)) && labels.every((l) => key.includes(l))) sum += value;
  }
  return sum;
}

const databaseUrl = await createScratchDatabase(databaseName);
const shop = await startShop(port, {
  DATABASE_URL: databaseUrl,
  DATA_DIR: `.data/bench-load`,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  TRUST_PROXY: '127.0.0.1',
  TEST_GATEWAY_WEBHOOK_DELAY_MS: '1000',
  RECONCILE_INTERVAL_SECONDS: '5',
});
const books = pgQuery(databaseUrl);
try {
  const base = shop.base;
  const catalogue = (await call(undefined, 'setup', base, 'GET', '/api/product?limit=100')).body as {
    _id: string;
    slug: string;
    quantity: number;
    // Lists answer each product's colours as their ids.
    color: string[];
  }[];
  const facets = (await call(undefined, 'setup', base, 'GET', '/api/product/facets')).body as {
    categories: { title: string }[];
    brands: { title: string }[];
  };
  console.log(`Signing up ${shopperCount} shoppers...`);
  const shoppers: Awaited<ReturnType<typeof newShopper>>[] = [];
  for (let i = 0; i < shopperCount; i += 10) {
    shoppers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, shopperCount - i) }, (_, k) => newShopper(base, i + k, run)),
      )),
    );
  }
  const before = await stockSnapshot(books.query);
  const metricsBefore = await scrapeMetrics(base);

  const samples: Sample[] = [];
  const outcomes = { ordered: 0, 'sold-out': 0, 'cart-refused': 0, failed: 0 };
  const end = Date.now() + seconds * 1000;
  console.log(`${shopperCount} shoppers for ${seconds} s...`);
  await Promise.all(
    shoppers.map(async (shopper, n) => {
      for (let round = 0; Date.now() < end; round++) {
        // The store page's own page size: without a limit the API answers 100 (for older clients).
        const filters = [`sort=${pick(sorts)}`, `page=${1 + (round % 3)}`, 'limit=24'];
        if (round % 2 === 0) filters.push(`category=${encodeURIComponent(pick(facets.categories).title)}`);
        if (round % 3 === 1) filters.push(`brand=${encodeURIComponent(pick(facets.brands).title)}`);
        if (round % 4 === 2) filters.push('price[gte]=1000&&price[lte]=60000');
        await call(samples, 'GET /api/product', base, 'GET', `/api/product?${filters.join('&&')}`, {
          ip: shopper.ip,
        });
        const product = pick(catalogue);
        await call(samples, 'GET /api/product/:id', base, 'GET', `/api/product/${product.slug}`, {
          ip: shopper.ip,
        });
        await call(
          samples,
          'GET /api/product/suggestions',
          base,
          'GET',
          `/api/product/suggestions?q=${pick(words)}`,
          {
            ip: shopper.ip,
          },
        );
        if (round % 4 === n % 4)
          await call(samples, 'GET /product (page)', base, 'GET', '/product', { ip: shopper.ip });
        const added = await call(samples, 'POST /api/user/cart', base, 'POST', '/api/user/cart', {
          token: shopper.token,
          ip: shopper.ip,
          body: { productId: product._id, color: product.color[0], quantity: 1 },
        });
        await call(samples, 'GET /api/user/cart', base, 'GET', '/api/user/cart', {
          token: shopper.token,
          ip: shopper.ip,
        });
        if (added.status === 201 && round % 3 === 2) {
          outcomes[await buyCart(samples, base, shopper)]++;
        }
      }
    }),
  );
  // Webhooks (1 s) and reconciliation (5 s) settle whatever a browser would have left behind.
  await new Promise((resolve) => setTimeout(resolve, 8_000));
  const result = await checkBooks(books.query, before);
  // /metrics moved with the traffic, and its order counter agrees with the books.
  const metricsAfter = await scrapeMetrics(base);
  const moved = (name: string, ...labels: string[]) =>
    metricSum(metricsAfter, name, ...labels) - metricSum(metricsBefore, name, ...labels);
  const counted = {
    requests: moved('http_request_duration_seconds_count'),
    listReads: moved('http_request_duration_seconds_count', 'route="/api/product"', 'status="200"'),
    ordersPlaced: moved('shop_orders_placed_total'),
    paid: moved('shop_payments_total', 'outcome="paid"'),
    refundedSoldOut: moved('shop_payments_total', 'outcome="refunded-sold-out"'),
    emailsSent: moved('shop_emails_total', 'outcome="sent"'),
  };
  if (counted.ordersPlaced !== result.orders) {
    result.problems.push(
      `/metrics counted ${counted.ordersPlaced} orders placed, the books ${result.orders}`,
    );
  }
  const routes = summarise(samples);
  const total = samples.length;
  const errors = routes.reduce((sum, r) => sum + r.errors, 0);
  const lines = [
    `${shopperCount} shoppers for ${seconds} s against the production server on PostgreSQL 15 (loopback, 2 cores):`,
    `${total} requests (${Math.round(total / seconds)} per second), ${errors} errors (5xx or no answer).`,
    `Checkouts: ${outcomes.ordered} ordered, ${outcomes['sold-out']} sold out while paying (payment refunded), ` +
      `${outcomes['cart-refused']} refused before payment (cart held more than was left), ${outcomes.failed} failed.`,
    '',
    '| route | requests | p50 ms | p99 ms | errors | statuses |',
    '|---|---|---|---|---|---|',
    ...routes.map((r) => `| ${r.route} | ${r.count} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.statuses} |`),
    '',
    `Books: ${result.orders} orders; ${result.approvedPayments} approved payments, ${result.paymentsWithOrder} with exactly one order, ` +
      `${result.paymentsRefunded} refunded, ${result.unsettled} unsettled; problems: ${result.problems.length ? result.problems.join('; ') : 'none'}.`,
    `/metrics moved by: ${counted.requests} requests (${counted.listReads} list reads answered 200), ` +
      `${counted.ordersPlaced} orders placed, ${counted.paid} payments paid, ${counted.refundedSoldOut} refunded as sold out, ` +
      `${counted.emailsSent} e-mails sent.`,
  ];
  console.log(`\n${lines.join('\n')}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/shoppers-${run}.md`, `${lines.join('\n')}\n`);
  if (errors > 0 || result.problems.length > 0) process.exitCode = 1;
} finally {
  await books.close();
  await stopShop(shop);
  await dropScratchDatabase(databaseName);
}
