import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../server/test/test-app.js';
import { type CheckResult, runSmoke } from './smoke-lib.js';

/**
 * `npm run smoke` against the whole server listening on a real port (storefront routes included,
 * over a stand-in build like server/web/web.routes.test.ts, so no Vite build is needed): every
 * check passes on a healthy shop, the throwaway account is gone afterwards, and a shop that is not
 * there, or whose metrics are open, fails with what to look at.
 */
const fakeRenderer = `
export class ApiError extends Error {
  constructor(status, message) { super(message); this.status = status; }
}
export const renderDataScript = (data) => '<script type="application/json" id="__DATA__">' + JSON.stringify(data) + '</script>';
export async function render(url, ctx) {
  const page = (status, html) => ({ status, html, head: '<title>Shop</title>', data: { url }, modules: [] });
  if (url === '/') return page(200, '<main>home</main>');
  const product = /^\\/product\\/([^/?]+)/.exec(url);
  if (product) {
    const found = await ctx.api.call({ method: 'GET', path: '/api/product/' + product[1], access: 'public' });
    return page(200, '<main><h1>' + found.title + '</h1></main>');
  }
  return page(404, '<main>not found</main>');
}
`;

let root: string;
let server: TestContext;
let base: string;
let previousDistDir: string | undefined;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'smoke-live-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), fakeRenderer);
  writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html lang="en"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
  );
  writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), '{}');
  // web.routes.ts reads DIST_DIR when the app is built; put back afterwards, as other test files
  // may run in this process next.
  previousDistDir = process.env.DIST_DIR;
  process.env.DIST_DIR = dist;
  const { createTestApp } = await import('../server/test/test-app.js');
  const { createProduct } = await import('../server/test/factories.js');
  server = await createTestApp(
    { DATA_DIR: path.join(root, 'data'), METRICS_TOKEN: 'smoke-metrics-token' },
    { web: true },
  );
  await createProduct(server.database.db, { title: 'Titan Karishma Analog Watch', quantity: 5 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (previousDistDir === undefined) delete process.env.DIST_DIR;
  else process.env.DIST_DIR = previousDistDir;
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const byName = (results: CheckResult[]) =>
  Object.fromEntries(results.map((r) => [r.name.replace(/ \(.*\)$/, ''), r]));

describe('npm run smoke against a live server', () => {
  it('passes every check on a healthy shop and leaves no account behind', async () => {
    const printed: CheckResult[] = [];
    const results = await runSmoke(
      { url: base, metricsToken: 'smoke-metrics-token', timeoutMs: 10_000 },
      (result) => printed.push(result),
    );
    expect(printed).toEqual(results);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.name.replace(/ \(.*\)$/, '').replace(/ at http.*$/, ''))).toEqual([
      '/healthz answers',
      '/readyz: the database is reachable',
      'home page renders with security headers and CSP',
      'catalogue API lists products',
      'product page renders',
      'search answers',
      'X-Request-Id on every answer',
      '/metrics is not public',
      '/metrics with the token',
      'sign-up with a throwaway address',
      'sign-in',
      'cart: add a product',
      'cart: empty it',
      'account deleted',
    ]);
    expect(byName(results)['search answers']!.detail).toContain('"Karishma"');
    // The only account it opened is erased, and nothing is left in any cart.
    const { users, cartLines } = await import('../server/db/schema.js');
    const live = await server.database.db.select().from(users).where(isNull(users.erasedAt));
    expect(live).toEqual([]);
    expect(await server.database.db.select().from(cartLines)).toEqual([]);
  });

  it('fails, saying where to look, when /metrics is open or the token is wrong', async () => {
    const results = byName(await runSmoke({ url: base, metricsToken: 'wrong', timeoutMs: 10_000 }));
    expect(results['/metrics is not public']!.ok).toBe(true);
    const withToken = Object.values(results).find((r) => r.name.startsWith('/metrics with the token'))!;
    expect(withToken.ok).toBe(false);
    expect(withToken.detail).toBe('401: the token was refused');
    expect(withToken.hint).toMatch(/METRICS_TOKEN/);
  });

  it('fails every check, and stops, when nothing answers', async () => {
    const started = Date.now();
    const results = await runSmoke({ url: 'http://127.0.0.1:3199', timeoutMs: 2000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(results[0]!.detail).toMatch(/got no answer \(ECONNREFUSED\)/);
    expect(results[0]!.hint).toMatch(/running and listening/);
    // No account was opened, so none is left to delete.
    expect(results.some((r) => r.name.startsWith('account deleted'))).toBe(false);
  });
});
