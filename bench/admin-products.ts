/**
 * The merchant console's product figures, loopback only, bounded in time.
 *
 *   npx tsx bench/admin-products.ts [--part list|import|both] [--products 100000] [--rows 10000]
 *                                   [--connections 10,50] [--duration 10]
 *
 * list: seeds (or reuses) a scratch PostgreSQL database of N products with 1 % archived, starts the
 * production server on 127.0.0.1 with a first owner, signs in, and loads GET /api/admin/products
 * with autocannon for each query shape (no filter, search, category + stock state, sort by price,
 * page 5), each URL varying per request, next to the same server's hello-world route (/healthz)
 * and its cheapest staff call (/api/admin/me: the staff token check and one read) at the same
 * concurrency. The console's table has no cache: every request counts and sorts.
 *
 * import: a CSV of N new products (descriptions, two colours, tags, a picture URL each) imported
 * through POST /api/admin/products/import on PGlite and on PostgreSQL, each on a fresh shop: the
 * dry run, the import that creates them, then a second file changing every price and stock (so
 * 10,000 updates and 10,000 ledger movements).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchArgs } from './lib/args.js';
import {
  createScratchDatabase,
  dropScratchDatabase,
  ensureDatabase,
  startShop,
  stopShop,
} from './lib/shop.js';

const args = benchArgs();
const part = args.get('part') ?? 'both';
const productCount = Number(args.get('products') ?? 100_000);
const rows = Number(args.get('rows') ?? 10_000);
const connectionsList = (args.get('connections') ?? '10,50').split(',').map(Number);
const duration = Number(args.get('duration') ?? 10);
const port = 3298;
const owner = { email: 'bench-owner@example.in', password: 'a long bench owner password' };
const lines: string[] = [];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};

function run(command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    import('node:child_process').then(({ spawn }) => {
      const child = spawn(command, argv, { stdio: 'inherit', env: { ...process.env, ...env } });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
    });
  });
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(owner),
  });
  if (!response.ok) throw new Error(`staff sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

type Result = { shape: string; connections: number; rps: number; p50: number; p99: number; bad: number };

function load(
  base: string,
  shape: string,
  paths: string[],
  connections: number,
  token?: string,
): Promise<Result> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          shape,
          connections,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          bad: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}

async function listBench() {
  const databaseUrl = await ensureDatabase(`shop_bench_admin_${productCount}`);
  say(`\n== GET /api/admin/products at ${productCount.toLocaleString('en-IN')} products, PostgreSQL`);
  await run('npx', ['tsx', 'server/db/seed/seed-cli.ts', '--products', String(productCount)], {
    DATABASE_URL: databaseUrl,
    DATA_DIR: '.data/bench',
  });
  // About 1 % archived, as a shop that has been running a while would have.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const archived = await client.query(
    'select count(*)::int as n from products where archived_at is not null',
  );
  if (archived.rows[0].n === 0) {
    await client.query(
      `update products set archived_at = now() where id in (select id from products order by md5(id::text) limit ${Math.round(productCount / 100)})`,
    );
  }
  await client.query('vacuum analyze products');
  const categories = (await client.query('select id from categories order by title')).rows.map(
    (r) => r.id as string,
  );
  await client.end();

  const server = await startShop(port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: '.data/bench',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  });
  try {
    const token = await signIn(server.base);
    const words = [
      'macbook air',
      'crystal 4k',
      'eos r100',
      'refrigerator',
      'fastrack',
      'tv-2465',
      'buds pro',
      'lenovo loq',
      'sunglasses',
      'whirlpool',
      'galaxy',
      'titan',
    ];
    const list = '/api/admin/products';
    const shapes: Record<string, string[]> = {
      'no filter (sort -updated)': [`${list}`, `${list}?limit=50`, `${list}?sort=-updated&limit=25`],
      search: words.map((w) => `${list}?q=${encodeURIComponent(w)}`),
      'category + stock state': categories.flatMap((c) =>
        ['in', 'low', 'out'].map((s) => `${list}?category=${c}&stock=${s}`),
      ),
      'sort by price': ['price', '-price'].flatMap((s) =>
        [1, 2, 3].map((p) => `${list}?sort=${s}&page=${p}`),
      ),
      'page 5': [`${list}?page=5`, `${list}?page=5&sort=title`, `${list}?page=5&sort=-stock`],
    };
    for (const path of Object.values(shapes).flat()) {
      const check = await fetch(`${server.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!check.ok) throw new Error(`${path}: ${check.status} ${await check.text()}`);
    }
    await load(server.base, 'warm-up', Object.values(shapes).flat(), 10, token);
    say('');
    say('| concurrency | query shape | req/s | p50 ms | p99 ms | p99 / hello p99 | errors |');
    say('|---|---|---|---|---|---|---|');
    for (const connections of connectionsList) {
      const hello = await load(server.base, 'hello-world (/healthz)', ['/healthz'], connections);
      // The cheapest staff call: the token check every console request pays, and one read.
      const staffHello = await load(
        server.base,
        'staff no-op (/api/admin/me)',
        ['/api/admin/me'],
        connections,
        token,
      );
      const results = [hello, staffHello];
      for (const [shape, paths] of Object.entries(shapes)) {
        results.push(await load(server.base, shape, paths, connections, token));
      }
      for (const r of results) {
        say(
          `| ${r.connections} | ${r.shape} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.p99 / Math.max(hello.p99, 1)).toFixed(1)} | ${r.bad} |`,
        );
      }
    }
  } finally {
    await stopShop(server);
  }
}

function csvCell(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

async function taxonomy(base: string) {
  const get = async (p: string) => (await (await fetch(`${base}${p}`)).json()) as { title: string }[];
  return {
    categories: await get('/api/category'),
    brands: await get('/api/brand'),
    colors: await get('/api/color'),
  };
}

function importFile(names: Awaited<ReturnType<typeof taxonomy>>, round: number): string {
  const header = 'slug,title,description,price,mrp,category,brand,colors,tags,quantity,images';
  const tags = ['featured', 'special', 'popular', ''];
  const body = Array.from({ length: rows }, (_, i) => {
    const category = names.categories[i % names.categories.length]!.title;
    const brand = names.brands[(i * 7) % names.brands.length]!.title;
    const colors = [
      names.colors[i % names.colors.length]!.title,
      names.colors[(i + 3) % names.colors.length]!.title,
    ];
    const price = 499 + ((i * 37 + round * 101) % 90_000);
    return [
      `bench-import-${i}`,
      `Bench Import ${brand} Product ${i}`,
      `<p>A <strong>sturdy</strong> product number ${i} from ${brand}, made for everyday use.</p><ul><li>Warranty: one year</li><li>Made in India</li></ul>`,
      String(price),
      String(price + 500),
      category,
      brand,
      [...new Set(colors)].join('|'),
      tags[i % tags.length]!,
      String((i + round * 3) % 50),
      `https://cdn.example.in/bench/${i}.jpg`,
    ]
      .map(csvCell)
      .join(',');
  });
  return [header, ...body].join('\n');
}

async function timedImport(base: string, token: string, csv: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const started = performance.now();
  const response = await fetch(`${base}/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(300_000),
  });
  const seconds = (performance.now() - started) / 1000;
  const report = (await response.json()) as Record<string, unknown>;
  if (!response.ok || (report.rejectedRows as number) > 0) {
    throw new Error(`import failed: ${response.status} ${JSON.stringify(report).slice(0, 500)}`);
  }
  return { seconds, report };
}

async function importBench() {
  say(`\n== CSV import of ${rows.toLocaleString('en-IN')} rows`);
  say('');
  say('| database | step | seconds | created | updated | unchanged |');
  say('|---|---|---|---|---|---|');
  for (const kind of ['pglite', 'postgres'] as const) {
    const dataDir = `.data/bench-import-${kind}`;
    rmSync(dataDir, { recursive: true, force: true });
    const name = 'shop_bench_import';
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
    };
    if (kind === 'postgres') env.DATABASE_URL = await createScratchDatabase(name);
    const server = await startShop(port, env);
    try {
      const token = await signIn(server.base);
      const names = await taxonomy(server.base);
      const first = importFile(names, 0);
      const second = importFile(names, 1);
      for (const [step, csv, dryRun] of [
        ['dry run (new products)', first, true],
        ['import: create', first, false],
        ['import: update prices and stock', second, false],
      ] as const) {
        const { seconds, report } = await timedImport(server.base, token, csv, dryRun);
        say(
          `| ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${step} | ${seconds.toFixed(1)} | ${report.created} | ${report.updated} | ${report.unchanged} |`,
        );
      }
    } finally {
      await stopShop(server);
      if (kind === 'postgres') await dropScratchDatabase(name);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (part === 'list' || part === 'both') await listBench();
if (part === 'import' || part === 'both') await importBench();
mkdirSync('bench/results', { recursive: true });
const file = path.join('bench/results', `admin-products-${Date.now()}.md`);
writeFileSync(file, `${lines.join('\n')}\n`);
console.log(`\nwritten to ${file}`);
