/**
 * Catalogue API load benchmark (loopback only, bounded in time).
 *
 *   npx tsx bench/api-load.ts [--products 100000] [--connections 50] [--duration 10] [--compare 1000]
 *   npx tsx bench/api-load.ts --products 1000000 --database shop_bench_1m     (reuse a seeded database)
 *   npx tsx bench/api-load.ts --products 100000 --data-dir /work/bench-data/pglite-100k  (PGlite: DATA_DIR)
 *   ... --routes list,search     (only some routes; hello-world always runs)
 *   ... --products 100000 --compare 1000000 --alternate 3   (both servers up at once, each route
 *       measured on one then the other, 3 rounds: a ratio between the two from the same minutes)
 *
 * Seeds a scratch PostgreSQL database (or reuses it when it already holds the catalogue), starts
 * the production server on 127.0.0.1, and loads each route with autocannon next to a hello-world
 * route of the same server (/healthz): requests/s, p50, p99 and the p99 ratio to hello-world.
 * URLs vary per request (filters, sorts, pages, ids, search words) so no single cached plan or
 * row flatters the figures. With --compare N it repeats the run at N products.
 *
 * The server runs with its catalogue micro-cache (CATALOG_CACHE_SECONDS, default 10 s), as in
 * production; `CATALOG_CACHE_SECONDS=0 npx tsx bench/api-load.ts` measures every read cold.
 * Lists are put together from product cards each held up to LIST_CARD_SECONDS (decision 024);
 * `LIST_CARD_SECONDS=0` as well reads every card from the database, as a crawler's pages would.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchArgs } from './lib/args.js';
import { ensureDatabase, startShop, stopShop } from './lib/shop.js';
import { hindiShopperSearches, shopperSearches } from './shopper-searches.js';

const args = benchArgs();
const connections = Number(args.get('connections') ?? 50);
const duration = Number(args.get('duration') ?? 10);
const sizes = [
  Number(args.get('products') ?? 100_000),
  ...(args.has('compare') ? [Number(args.get('compare'))] : []),
];
const port = 3299;
const alternate = Number(args.get('alternate') ?? 0);
if (alternate > 0 && sizes.length !== 2)
  throw new Error('--alternate N compares two sizes: give --compare too');
const dataDir = args.get('data-dir');
const databaseName = args.get('database');
const routes = (args.get('routes') ?? 'list,detail,suggestions,search,facets,search-facets').split(
  ',',
) as RouteName[];
type RouteName =
  | 'hello'
  | 'list'
  | 'detail'
  | 'suggestions'
  | 'search'
  | 'facets'
  | 'search-facets'
  | 'sizes'
  | 'size-facets'
  | 'hindi-search'
  | 'hindi-suggestions';

type Result = {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds per answer spent by the server process and by its PostgreSQL backends. */
  nodeCpuMs: number;
  pgCpuMs: number;
};

/**
 * CPU time (ms) used so far by the server and by the PostgreSQL backends connected to its
 * database (read from /proc). Unlike latency, CPU per answer barely moves when other work shares
 * the machine, so it compares runs taken on a busy machine.
 */
function cpuTimes(serverPid: number, database: string | undefined): { node: number; pg: number } {
  const ticks = (pid: string) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 a second)
  };
  let pgTicks = 0;
  if (database) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (command.startsWith('postgres: ') && command.includes(` ${database} `)) pgTicks += ticks(pid);
      } catch {} // the process ended meanwhile
    }
  }
  return { node: ticks(String(serverPid)) * 10, pg: pgTicks * 10 };
}

function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

/** A server under load: where it answers, and whose CPU time each figure counts. */
type Target = { base: string; serverPid: number; database: string | undefined };

function load(
  target: Target,
  route: string,
  paths: string[],
  seconds = duration,
  clients = connections,
): Promise<Result> {
  let i = 0;
  const before = cpuTimes(target.serverPid, target.database);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.base,
        connections: clients,
        duration: seconds,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        const after = cpuTimes(target.serverPid, target.database);
        const answers = Math.max(result.requests.total, 1);
        resolve({
          nodeCpuMs: (after.node - before.node) / answers,
          pgCpuMs: (after.pg - before.pg) / answers,
          route,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
        });
      },
    );
  });
}

async function samplePaths(base: string): Promise<Record<RouteName, string[]>> {
  const response = await fetch(`${base}/api/product?limit=100&sort=-sold`);
  const products = (await response.json()) as {
    _id: string;
    slug: string;
    brand: string;
    category: string;
  }[];
  const facets = (await (await fetch(`${base}/api/product/facets`)).json()) as {
    brands: { title: string }[];
    categories: { title: string }[];
  };
  const brands = facets.brands.map((b) => encodeURIComponent(b.title));
  const categories = facets.categories.map((c) => encodeURIComponent(c.title));
  const sorts = ['title', '-title', 'price', '-price', 'createdAt', '-createdAt', '-sold', '-totalrating'];
  const list: string[] = [];
  for (let n = 0; n < 300; n++) {
    // The store page's own page size: without a limit the API answers 100 (for older clients).
    const parts = [`sort=${sorts[n % sorts.length]}`, `page=${1 + (n % 5)}`, 'limit=24'];
    if (n % 3 === 0) parts.push(`category=${categories[n % categories.length]}`);
    if (n % 4 === 1) parts.push(`brand=${brands[n % brands.length]}`);
    if (n % 5 === 2) parts.push('tags=popular');
    if (n % 7 === 3) parts.push('price[gte]=1000&price[lte]=50000');
    if (n % 11 === 4) parts.push('availability=in-stock');
    list.push(`/api/product?${parts.join('&&')}&&`);
  }
  const words = [
    'sam',
    'samsng',
    'lapptop',
    'sony',
    'wat',
    'tv',
    'head',
    'boat',
    'iph',
    'lenovo',
    'camra',
    'shoe',
    'dell',
    'wash',
    'smart',
  ];
  const searches = shopperSearches;
  const search = searches.flatMap((q, n) => [
    `/api/product?q=${encodeURIComponent(q)}&limit=24`,
    `/api/product?q=${encodeURIComponent(q)}&limit=24&page=${2 + (n % 4)}`,
  ]);
  const facetPaths = list
    .slice(0, 60)
    .map((url) =>
      url.replace('/api/product?', '/api/product/facets?').replace(/(sort|page|limit)=[^&]*&&/g, ''),
    );
  // A search's filter panel is counted among the search's matches (decision 040): its own route,
  // so the filter panel's figure is not an average of the two.
  const searchFacetPaths = searches.map((q) => `/api/product/facets?q=${encodeURIComponent(q)}`);
  // The same kinds of search typed in Hindi, Hinglish or both scripts (decision 051), and the first
  // letters of Hindi words as the suggestions see them.
  const hindiSearch = hindiShopperSearches.flatMap((q, n) => [
    `/api/product?q=${encodeURIComponent(q)}&limit=24`,
    `/api/product?q=${encodeURIComponent(q)}&limit=24&page=${2 + (n % 2)}`,
  ]);
  const hindiWords = ['सैम', 'घड़', 'जूत', 'लैप', 'कैम', 'फ़ोन', 'ghad', 'joot', 'chap', 'टीव'];
  // The size filter (SQL over the products' sizes in stock): a category narrowed to a size or two,
  // and its filter panel, which counts the category's sizes.
  const letterSizes = ['S', 'M', 'L', 'XL', 'XXL', 'M,L', 'S,XL'];
  const sized = Array.from({ length: 60 }, (_, n) => {
    const filters = `category=${categories[n % categories.length]}&size=${letterSizes[n % letterSizes.length]}`;
    return {
      list: `/api/product?${filters}&sort=${sorts[n % sorts.length]}&limit=24`,
      facets: `/api/product/facets?${filters}`,
    };
  });
  return {
    hello: ['/healthz'],
    search,
    facets: facetPaths,
    'search-facets': searchFacetPaths,
    list,
    detail: products.flatMap((p) => [`/api/product/${p._id}`, `/api/product/${p.slug}`]),
    suggestions: words.map((w) => `/api/product/suggestions?q=${w}`),
    sizes: sized.map((s) => s.list),
    'hindi-search': hindiSearch,
    'hindi-suggestions': hindiWords.map((w) => `/api/product/suggestions?q=${encodeURIComponent(w)}`),
    'size-facets': [
      ...sized.map((s) => s.facets),
      ...categories.map((c) => `/api/product/facets?category=${c}`),
    ],
  };
}

/** A shop seeded with `size` products, started on `onPort`, its indexes read: ready to measure. */
async function prepare(size: number, onPort: number) {
  const databaseUrl = dataDir ? undefined : await ensureDatabase(databaseName ?? `shop_bench_${size}`);
  const database = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir!, DATABASE_URL: '' };
  console.log(
    `\n== ${size.toLocaleString('en-IN')} products on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (seeding if needed)`,
  );
  await run('npx', ['tsx', 'server/db/seed/seed-cli.ts', '--products', String(size)], database);
  const server = await startShop(onPort, {
    // Two servers at once (--alternate) keep their files apart.
    DATA_DIR: onPort === port ? '.data/bench' : `.data/bench-${onPort}`,
    ...database,
    LOG_LEVEL: 'warn',
  });
  const target: Target = {
    base: server.base,
    serverPid: server.child.pid!,
    database: databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined,
  };
  try {
    const paths = await samplePaths(target.base);
    // Long enough for the first list to have the shelf index read (decision 023: about 7 s at a
    // million), so that the read does not fall into the hello-world reference; then the searches
    // and their panels, on two connections, so each statement has settled on its plan.
    await load(
      target,
      'warm-up',
      [
        ...paths.list,
        ...paths.detail,
        ...paths.suggestions,
        ...paths.facets,
        ...paths.sizes,
        ...paths['size-facets'],
      ],
      Math.max(10, size / 40_000),
    );
    await load(
      target,
      'warm-up',
      [...paths.search, ...paths['search-facets'], ...paths['hindi-search'], ...paths['hindi-suggestions']],
      5,
      2,
    );
    return { server, target, paths };
  } catch (error) {
    await stopShop(server);
    throw error;
  }
}

function printResult(label: string, result: Result) {
  console.log(
    `${label.padEnd(12)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  ` +
      `CPU/answer node ${result.nodeCpuMs.toFixed(2)} ms pg ${result.pgCpuMs.toFixed(2)} ms  errors ${result.errors}  non-2xx ${result.non2xx}`,
  );
}

const report: Record<number, Result[]> = {};
const alternated: string[] = [];
if (alternate > 0) {
  // Both servers up at once, each route loaded on one and then the other, round after round: the
  // two figures of a round come from the same minute of a machine whose speed drifts.
  const shops = [];
  try {
    for (const [n, size] of sizes.entries()) shops.push(await prepare(size, port + n));
    alternated.push(
      '',
      `Alternated, ${alternate} rounds of ${duration} s a route on each: median of the rounds, and each round's ratio`,
      '',
      '| route | products | req/s | p99 ms | CPU ms/answer: node | PostgreSQL | p99 ratio a round | CPU ratio a round |',
      '|---|---|---|---|---|---|---|---|',
    );
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const route of ['hello', ...routes] as const) {
      const rounds = sizes.map(() => [] as Result[]);
      for (let round = 0; round < alternate; round++) {
        for (const [n, shop] of shops.entries()) {
          const result = await load(shop.target, route, shop.paths[route]!);
          rounds[n]!.push(result);
          printResult(`${route} ${sizes[n]}`, result);
        }
      }
      const ratios = (pick: (r: Result) => number) =>
        rounds[1]!.map((r, i) => (pick(r) / Math.max(pick(rounds[0]![i]!), 0.001)).toFixed(2)).join(', ');
      for (const [n, size] of sizes.entries()) {
        const of = rounds[n]!;
        alternated.push(
          `| ${route} | ${size.toLocaleString('en-IN')} | ${median(of.map((r) => r.rps))} | ${median(of.map((r) => r.p99))} | ` +
            `${median(of.map((r) => r.nodeCpuMs)).toFixed(2)} | ${dataDir ? '(in node)' : median(of.map((r) => r.pgCpuMs)).toFixed(2)} | ` +
            `${n === 1 ? ratios((r) => r.p99) : ''} | ${n === 1 ? ratios((r) => r.nodeCpuMs + Math.max(r.pgCpuMs, 0)) : ''} |`,
        );
      }
      report[sizes[0]!] = [...(report[sizes[0]!] ?? []), ...rounds[0]!];
      report[sizes[1]!] = [...(report[sizes[1]!] ?? []), ...rounds[1]!];
    }
  } finally {
    for (const shop of shops) await stopShop(shop.server);
  }
} else {
  for (const size of sizes) {
    const { server, target, paths } = await prepare(size, port);
    try {
      const results: Result[] = [];
      for (const route of ['hello', ...routes] as const) {
        const result = await load(target, route, paths[route]!);
        results.push(result);
        printResult(route, result);
      }
      report[size] = results;
    } finally {
      await stopShop(server);
    }
  }
}

const lines = [
  `Catalogue API at ${connections} connections, ${duration} s per route, ${dataDir ? 'PGlite' : 'PostgreSQL 15'}, production server on loopback, ` +
    `catalogue cache ${process.env.CATALOG_CACHE_SECONDS ?? '10'} s, list cards ${process.env.LIST_CARD_SECONDS ?? '10'} s`,
  '',
];
lines.push(
  '| products | route | req/s | p50 ms | p99 ms | p99 / hello p99 | CPU ms/answer: node | PostgreSQL | errors |',
  '|---|---|---|---|---|---|---|---|---|',
);
for (const [size, results] of Object.entries(report)) {
  const hello = results.find((r) => r.route === 'hello')!;
  for (const r of results) {
    lines.push(
      `| ${Number(size).toLocaleString('en-IN')} | ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.p99 / Math.max(hello.p99, 1)).toFixed(1)} | ` +
        `${r.nodeCpuMs.toFixed(2)} | ${dataDir ? '(in node)' : r.pgCpuMs.toFixed(2)} | ${r.errors + r.non2xx} |`,
    );
  }
}
lines.push(...alternated);
console.log(`\n${lines.join('\n')}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(path.join('bench/results', `api-load-${Date.now()}.md`), `${lines.join('\n')}\n`);
