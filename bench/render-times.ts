/**
 * Where a page's server time goes: the whole answer (time to its first byte, which is the time to
 * its last but the transfer, as the page is sent in one piece) against React's render of it alone.
 * The difference is the data the page loads first; the render is all that streaming the HTML
 * (renderToPipeableStream) could send sooner, head included (docs/decisions/030-react-storefront.md).
 *
 *   DIST_DIR=dist npx tsx bench/render-times.ts [--rounds 15]
 *
 * The render alone is timed in this process with the built renderer (`dist/server/entry-server.js`)
 * and the page's API answers already at hand (fetched from the shop once, then replayed), so it
 * measures matching the route and rendering to a string, nothing else. Loopback only.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild } from '../scripts/run.js';
import type { Endpoint } from '../shared/api/endpoint.js';
import { urlOf } from '../shared/api/endpoint.js';
import type * as EntryServer from '../web/entry-server.js';
import { median, startShop, stopShop } from './lib/shop.js';

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const rounds = Number(argument('--rounds') ?? 15) || 15;
const port = Number(process.env.RENDER_PORT ?? 3397);
const distDir = process.env.DIST_DIR ?? 'dist';
const base = `http://127.0.0.1:${port}`;

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** A shopper with two products in the cart, as bench/lighthouse.ts makes one. */
async function shopperWithCart(): Promise<string> {
  const email = `render-times-${Date.now()}@example.in`;
  const password = 'a long enough password';
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await post('/api/user/register', { firstname: 'Asha', lastname: 'Verma', email, mobile, password });
  const { token } = await post<{ token: string }>('/api/user/login', { email, password });
  const listed = (await (await fetch(`${base}/api/product?limit=2&sort=-sold`)).json()) as { slug: string }[];
  for (const { slug } of listed) {
    const product = (await (await fetch(`${base}/api/product/${slug}`)).json()) as {
      _id: string;
      price: number;
      color: { _id: string }[];
    };
    await post(
      '/api/user/cart',
      { productId: product._id, color: product.color[0]?._id, quantity: 1, price: product.price },
      token,
    );
  }
  return token;
}

/** An API client over HTTP that keeps each answer, then gives it again without asking. */
function replayingApi(site: typeof EntryServer, token?: string) {
  const answers = new Map<string, unknown>();
  return {
    async call(endpoint: Endpoint, input: { params?: unknown; query?: unknown; body?: unknown } = {}) {
      const url = urlOf(endpoint, input);
      const key = `${endpoint.method} ${url} ${JSON.stringify(input.body ?? null)}`;
      if (!answers.has(key)) {
        const response = await fetch(`${base}${url}`, {
          method: endpoint.method,
          headers: {
            accept: 'application/json',
            ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
        });
        const answer = (await response.json()) as { message?: string };
        answers.set(
          key,
          response.ok ? answer : new site.ApiError(response.status, answer.message ?? 'failed'),
        );
      }
      const answer = answers.get(key);
      if (answer instanceof Error) throw answer;
      return answer as never;
    },
  };
}

if (!process.env.DIST_DIR) await ensureBuild();
const shop = await startShop(port, {
  DATA_DIR: process.env.DATA_DIR ?? `.data/render-${port}`,
  PUBLIC_URL: base,
  LOG_LEVEL: 'warn',
});
try {
  // The built renderer loads React's production build, as the server does (NODE_ENV=production).
  process.env.NODE_ENV = 'production';
  const site = (await import(
    pathToFileURL(path.resolve(distDir, 'server', 'entry-server.js')).href
  )) as typeof EntryServer;
  const [product] = (await (await fetch(`${base}/api/product?limit=1&sort=-sold`)).json()) as {
    slug: string;
  }[];
  const [blog] = (await (await fetch(`${base}/api/blog?limit=1`)).json()) as { slug: string }[];
  const token = await shopperWithCart();
  const pages = [
    '/',
    '/product',
    `/product/${product!.slug}`,
    '/blogs',
    `/blog/${blog!.slug}`,
    '/cart',
    '/checkout',
  ];
  console.log(`${rounds} rounds per page, median; DIST_DIR=${distDir}\n`);
  console.log('| page | document (KB, gzip off) | server answer, first byte | React render alone |');
  console.log('|---|---|---|---|');
  for (const page of pages) {
    const signedIn = page === '/cart' || page === '/checkout';
    const headers: Record<string, string> = signedIn ? { cookie: `${site.renderCookie}=${token}` } : {};
    const firstByte: number[] = [];
    let bytes = 0;
    for (let round = 0; round < rounds + 2; round++) {
      const started = performance.now();
      const response = await fetch(`${base}${page}`, { headers });
      const headersAt = performance.now() - started;
      bytes = (await response.text()).length;
      if (round >= 2) firstByte.push(headersAt);
    }
    const api = replayingApi(site);
    const customerApi = signedIn ? replayingApi(site, token) : undefined;
    const ctx = { api, customerApi, publicUrl: base } as EntryServer.RenderContext;
    const renders: number[] = [];
    for (let round = 0; round < rounds + 2; round++) {
      const started = performance.now();
      const result = await site.render(page, ctx);
      const took = performance.now() - started;
      if (result.status !== 200) throw new Error(`${page}: ${result.status}`);
      if (round >= 2) renders.push(took);
    }
    const ms = (values: number[]) => `${median(values).toFixed(1)} ms`;
    console.log(
      `| ${page.slice(0, 40)} | ${(bytes / 1024).toFixed(1)} | ${ms(firstByte)} | ${ms(renders)} |`,
    );
  }
} finally {
  await stopShop(shop);
}
