/**
 * Searches from the moment a server says it is ready: a fresh server process on a seeded
 * PostgreSQL database, and as soon as /readyz answers, searches at a steady rate (100 a second
 * over at most 20 connections, cache off) for 30 s. Latency counts from when each request was due,
 * so a server that stalls is charged for the queue it builds. Reports each 5 s and the whole run.
 *
 *   npx tsx bench/search-after-start.ts [--products 100000] [--rate 100] [--connections 20] [--seconds 30]
 *       [--database NAME]   (a database seeded apart, default shop_bench_<products>)
 *
 * Loopback only; stops by itself.
 */
import { run } from '../scripts/run.js';
import { benchArgs } from './lib/args.js';
import { ensureDatabase, percentile, startShop, stopShop } from './lib/shop.js';
import { shopperSearches } from './shopper-searches.js';

const args = benchArgs();
const products = Number(args.get('products') ?? 100_000);
const rate = Number(args.get('rate') ?? 100);
const connections = Number(args.get('connections') ?? 20);
const seconds = Number(args.get('seconds') ?? 30);
const port = 3397;

const databaseUrl = await ensureDatabase(args.get('database') ?? `shop_bench_${products}`);
console.log(`== ${products.toLocaleString('en-IN')} products on PostgreSQL (seeding if needed)`);
await run('npx', ['tsx', 'server/db/seed/seed-cli.ts', '--products', String(products)], {
  DATABASE_URL: databaseUrl,
});

const paths = shopperSearches.flatMap((q, n) => [
  `/api/product?q=${encodeURIComponent(q)}&limit=24`,
  `/api/product?q=${encodeURIComponent(q)}&limit=24&page=${2 + (n % 4)}`,
]);
const startedAt = performance.now();
const server = await startShop(port, {
  DATA_DIR: '.data/bench-after-start',
  DATABASE_URL: databaseUrl,
  CATALOG_CACHE_SECONDS: '0',
  LOG_LEVEL: 'warn',
});
const readyAfter = performance.now() - startedAt;
const samples: { due: number; ms: number; status: number }[] = [];
try {
  const begin = performance.now();
  const total = rate * seconds;
  let next = 0;
  let inFlight = 0;
  await new Promise<void>((resolve) => {
    const waiting: number[] = [];
    const send = (due: number, path: string) => {
      inFlight += 1;
      fetch(`${server.base}${path}`, { signal: AbortSignal.timeout(30_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        })
        .catch(() => 0)
        .then((status) => {
          samples.push({ due: due - begin, ms: performance.now() - due, status });
          inFlight -= 1;
          const queued = waiting.shift();
          if (queued !== undefined) send(queued, paths[samples.length % paths.length]!);
          else if (samples.length === total) resolve();
        });
    };
    const timer = setInterval(() => {
      const now = performance.now();
      while (next < total && begin + (next * 1000) / rate <= now) {
        const due = begin + (next * 1000) / rate;
        if (inFlight < connections) send(due, paths[next % paths.length]!);
        else waiting.push(due);
        next += 1;
      }
      if (next === total) clearInterval(timer);
    }, 2);
  });
} finally {
  await stopShop(server);
}

const windows = Math.ceil(seconds / 5);
console.log(`\nready ${(readyAfter / 1000).toFixed(1)} s after the process started\n`);
console.log('| seconds after ready | searches | p50 ms | p99 ms | errors |');
console.log('|---|---|---|---|---|');
const row = (label: string, list: typeof samples) => {
  const times = list.map((s) => s.ms).sort((a, b) => a - b);
  const errors = list.filter((s) => s.status === 0 || s.status >= 500).length;
  console.log(
    `| ${label} | ${list.length} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${errors} |`,
  );
};
for (let w = 0; w < windows; w++)
  row(
    `${w * 5}-${w * 5 + 5}`,
    samples.filter((s) => s.due >= w * 5000 && s.due < (w + 1) * 5000),
  );
row(`all ${seconds} s`, samples);
