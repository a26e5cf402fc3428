/**
 * Page-speed benchmark: Lighthouse (mobile defaults: simulated slow 4G, mid-range phone CPU) on
 * the production build against the pages held to its targets (home, store, a product, blogs, a post,
 * the cart with items and checkout, both signed in) and the other public page kinds (contact,
 * login, signup, about, a policy), plus the gzipped size of the JavaScript each page loads on a
 * first visit.
 *
 *   npx tsx bench/lighthouse.ts [--runs 3]
 *   DIST_DIR=dist-x LIGHTHOUSE_PORT=3400 npx tsx bench/lighthouse.ts   (a build of its own, as built)
 *   LIGHTHOUSE_DUMP=/tmp/lhr npx tsx bench/lighthouse.ts --only /cart    (each run's report kept as JSON)
 *   npx tsx bench/lighthouse.ts --only /,/product,/product/*,/blogs,/blog/*,/cart,/checkout
 *
 * The cart and checkout belong to a shopper registered for the run, with two products in the
 * cart through the API; the browser is signed in as the shop does it, the login answer in
 * localStorage and the render cookie the app then writes (Lighthouse clears caches before each
 * run but neither localStorage nor cookies). Each run starts
 * with an empty HTTP cache, so every figure is a first visit.
 *
 * Chromium comes from Debian (/usr/bin/chromium, or CHROME_PATH). Loopback only.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own browser driver (a dependency of it), used only to sign the browser in.
import puppeteer from 'puppeteer-core';
import { ensureBuild } from '../scripts/run.js';
import { isLocale, locales, localizePath } from '../shared/locales';
import { median, startShop, stopShop } from './lib/shop.js';

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const runs = Number(argument('--runs') ?? 3) || 3;
/**
 * `--only /cart,/checkout`: just those pages (by their path as listed below); `/product/*` stands
 * for the product page whatever its slug, `/blog/*` for the post.
 */
const only = argument('--only')?.split(',');
/** `--lang hi`: the same pages in Hindi (`/hi/...`), to compare with the English run. */
const language = argument('--lang') ?? 'en';
if (!isLocale(language)) throw new Error(`--lang must be one of ${locales.join(', ')}`);
const chosen = (page: string) =>
  !only || only.some((path) => path === page || (path.endsWith('/*') && page.startsWith(path.slice(0, -1))));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3399);
// With DIST_DIR the build is taken as it is (the caller built it); without, dist/ is rebuilt if stale.
const distDir = process.env.DIST_DIR ?? 'dist';
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Gzipped bytes of the same-origin scripts a page loaded, read from the built files. */
function firstLoadJsGzip(scriptUrls: string[]): number {
  let total = 0;
  for (const url of new Set(scriptUrls)) {
    const { pathname, origin } = new URL(url);
    if (origin !== base) continue;
    const file = path.join(distDir, 'client', pathname);
    if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  return total;
}

/** A shopper of this run with two products in the cart, signed in in the browser Lighthouse drives. */
async function signInWithCart(chromePort: number) {
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ token: string }>;
  };
  const email = `lighthouse-${Date.now()}@example.in`;
  const password = 'a long enough password';
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await post('/api/user/register', { firstname: 'Asha', lastname: 'Verma', email, mobile, password });
  const customer = await post('/api/user/login', { email, password });
  const listed = (await (await fetch(`${base}/api/product?limit=2&sort=-sold`)).json()) as { slug: string }[];
  for (const { slug } of listed) {
    // The list leaves colours out; the product page's answer has them.
    const product = (await (await fetch(`${base}/api/product/${slug}`)).json()) as {
      _id: string;
      price: number;
      color: { _id: string }[];
    };
    await post(
      '/api/user/cart',
      { productId: product._id, color: product.color[0]?._id, quantity: 1, price: product.price },
      customer.token,
    );
  }
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((stored) => localStorage.setItem('customer', stored), JSON.stringify(customer));
  // One page of the shop, as after a login: the app writes the render cookie (decision 027), with
  // which the server draws the cart and checkout. Lighthouse clears caches, not cookies.
  await page.goto(`${base}/contact`);
  await page.waitForSelector('html[data-hydrated]');
  await page.close();
  await browser.disconnect();
}

if (!process.env.DIST_DIR) await ensureBuild();
const server = await startShop(port, {
  DATA_DIR: `.data/lighthouse-${port}`,
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
});
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
    // Signed in from here on (login and signup would send a signed-in shopper away).
    '/cart',
    '/checkout',
  ];
  const rows: string[] = [];
  let signedIn = false;
  for (const page of pages) {
    if (!chosen(page)) continue;
    const address = localizePath(language, page);
    if ((page === '/cart' || page === '/checkout') && !signedIn) {
      await signInWithCart(chrome.port);
      signedIn = true;
    }
    const scores: Record<string, number[]> = Object.fromEntries(categories.map((c) => [c, []]));
    let js = 0;
    const lcps: number[] = [];
    const tbts: number[] = [];
    const clss: number[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${base}${address}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      // A run Lighthouse could not complete (it says why) is left out of the medians, not counted as 0.
      if (result.lhr.runtimeError) {
        console.log(
          `  ${page} run ${run + 1}: no result, ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`,
        );
        continue;
      }
      // LIGHTHOUSE_DUMP=dir keeps each run's whole report, to see what a slow run waited for.
      if (process.env.LIGHTHOUSE_DUMP) {
        mkdirSync(process.env.LIGHTHOUSE_DUMP, { recursive: true });
        const name = `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
        writeFileSync(path.join(process.env.LIGHTHOUSE_DUMP, name), JSON.stringify(result.lhr));
        // The page load's trace too, to open in Chromium's performance panel.
        const trace = (result.artifacts as { Trace?: unknown }).Trace;
        if (trace)
          writeFileSync(
            path.join(process.env.LIGHTHOUSE_DUMP, name.replace('.json', '.trace.json')),
            JSON.stringify(trace),
          );
      }
      for (const c of categories) scores[c]!.push(Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      const requests =
        (
          result.lhr.audits['network-requests']?.details as
            | { items?: { url: string; resourceType?: string }[] }
            | undefined
        )?.items ?? [];
      js = firstLoadJsGzip(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url));
      lcps.push(Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0));
      tbts.push(Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0));
      clss.push(result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
      // What cost points, so a score under 100 says why (scored audits that did not pass).
      const failed = Object.values(result.lhr.audits)
        .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
        .map((audit) => audit.id);
      if (failed.length > 0) console.log(`  ${page} run ${run + 1}: failed ${failed.join(', ')}`);
      // The metrics behind the performance score, and what the largest paint was.
      const metric = (id: string) => Math.round(result.lhr.audits[id]?.numericValue ?? 0);
      const lcpElement = JSON.stringify(
        result.lhr.audits['largest-contentful-paint-element']?.details ?? {},
      ).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
      console.log(
        `  ${page} run ${run + 1}: FCP ${metric('first-contentful-paint')} ms, LCP ${metric('largest-contentful-paint')} ms, ` +
          `TBT ${metric('total-blocking-time')} ms, SI ${metric('speed-index')} ms, ` +
          `CLS ${(result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}; LCP element ${lcpElement ?? '?'}`,
      );
      const shifts =
        (
          result.lhr.audits['layout-shifts']?.details as
            | { items?: { score?: number; node?: { snippet?: string } }[] }
            | undefined
        )?.items ?? [];
      for (const shift of shifts.slice(0, 5)) {
        console.log(`    layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet ?? '?'}`);
      }
    }
    const line = `| ${address.length > 40 ? `${address.slice(0, 37)}...` : address} | ${categories.map((c) => median(scores[c]!)).join(' | ')} | ${(js / 1024).toFixed(1)} KB | ${median(lcps)} ms | ${median(tbts)} ms | ${median(clss).toFixed(3)} |`;
    console.log(line);
    rows.push(line);
  }
  const table = [
    `Lighthouse ${runs} run(s) per page, median, mobile defaults, production build on loopback`,
    '',
    '| page | performance | accessibility | best practices | SEO | first-load JS (gzip) | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.log(`\n${table}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(path.join('bench/results', `lighthouse-${Date.now()}.md`), `${table}\n`);
} finally {
  await chrome.kill();
  await stopShop(server);
}
