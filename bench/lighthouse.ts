/**
 * Page-speed benchmark: Lighthouse (mobile defaults: simulated slow 4G, mid-range phone CPU) on
 * the production build against every public page kind (home, store, a product, blogs, a post, contact,
 * login, signup, about, a policy), plus
 * the gzipped size of the JavaScript each page loads on first visit.
 *
 *   npx tsx bench/lighthouse.ts [--runs 3]
 *
 * Chromium comes from Debian (/usr/bin/chromium, or CHROME_PATH). Loopback only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuild } from '../scripts/run.js';
import { startShop, stopShop } from './lib/shop.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3) || 3;
const port = 3399;
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Gzipped bytes of the same-origin scripts a page loaded, read from the built files. */
function firstLoadJsGzip(scriptUrls: string[]): number {
  let total = 0;
  for (const url of new Set(scriptUrls)) {
    const { pathname, origin } = new URL(url);
    if (origin !== base) continue;
    const file = path.join('dist/client', pathname);
    if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await ensureBuild();
const server = await startShop(port, { DATA_DIR: '.data/lighthouse', PUBLIC_URL: base, LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  const [product] = (await (await fetch(`${base}/api/product?limit=1&sort=-sold`)).json()) as {
    slug: string;
  }[];
  const [blog] = (await (await fetch(`${base}/api/blog?limit=1`)).json()) as { slug: string }[];
  const pages = [
    '/',
    '/product',
    `/product/${product!.slug}`,
    '/blogs',
    `/blog/${blog!.slug}`,
    '/contact',
    '/login',
    '/signup',
    '/about',
    '/refund-policy',
  ];
  const rows: string[] = [];
  for (const page of pages) {
    const scores: Record<string, number[]> = Object.fromEntries(categories.map((c) => [c, []]));
    let js = 0;
    let lcp = 0;
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      for (const c of categories) scores[c]!.push(Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      const requests =
        (
          result.lhr.audits['network-requests']?.details as
            | { items?: { url: string; resourceType?: string }[] }
            | undefined
        )?.items ?? [];
      js = firstLoadJsGzip(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url));
      lcp = Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
    }
    const line = `| ${page.length > 40 ? `${page.slice(0, 37)}...` : page} | ${categories.map((c) => median(scores[c]!)).join(' | ')} | ${(js / 1024).toFixed(1)} KB | ${lcp} ms |`;
    console.log(line);
    rows.push(line);
  }
  const table = [
    `Lighthouse ${runs} run(s) per page, median, mobile defaults, production build on loopback`,
    '',
    '| page | performance | accessibility | best practices | SEO | first-load JS (gzip) | LCP (last run) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(path.join('bench/results', `lighthouse-${Date.now()}.md`), `${table}\n`);
} finally {
  await chrome.kill();
  await stopShop(server);
}
