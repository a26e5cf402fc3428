import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { placeOrder } from './buy';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * The first-load JavaScript budget (docs/decisions/006-first-load-budget.md, raised for React's
 * own DOM in docs/decisions/030-react-storefront.md): every page a shopper can land on loads at
 * most 100 KB of script, gzipped, on a first visit.
 */
const BUDGET_BYTES = 100 * 1024;

async function firstLoadScriptBytes(page: Page, path: string): Promise<number> {
  const bodies = new Map<string, Promise<Buffer>>();
  const onResponse = (response: Response) => {
    const request = response.request();
    // The merchant console is a build of its own: no storefront page may load any of it.
    expect(new URL(response.url()).pathname, `${path} loaded a console file`).not.toMatch(/^\/admin\//);
    if (request.resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/')) {
      bodies.set(response.url(), response.body());
    }
  };
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'networkidle' });
  // The scripts start once the largest picture is painted (decision 026), which can come after the
  // network first goes quiet: a page counted before then would count nothing. So: hydrated, then
  // quiet again.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
  // What arrives later (a likely next page's prefetch) is not the first load, and a body asked for
  // then was still on its way when the page closed, which failed the test on a slow machine.
  page.off('response', onResponse);
  let total = 0;
  for (const body of bodies.values()) total += gzipSync(await body, { level: 9 }).length;
  return total;
}

test('the storefront build holds nothing of the merchant console', () => {
  // vite.admin.config.ts builds the console apart (dist/admin): its code, styles and libraries
  // (the rich-text editor…) cannot reach a shopper's page, so the figures below are the shop's own.
  const dist = process.env.DIST_DIR ?? 'dist';
  const manifest = JSON.parse(readFileSync(join(dist, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { src?: string; file: string }
  >;
  const consoleModules = Object.entries(manifest).filter(
    ([key, chunk]) =>
      key.includes('web/admin/') || chunk.src?.includes('web/admin/') || /tiptap|prosemirror/i.test(key),
  );
  expect(consoleModules).toEqual([]);
  expect(Object.keys(manifest).length).toBeGreaterThan(10);
});

test.describe('first-load JavaScript', () => {
  test.describe.configure({ timeout: 120_000 });
  test('public pages stay under 100 KB gzipped', async ({ browser, request }) => {
    // A demo product and the oldest (demo) post, read only: the newest are other specs' own.
    const blogs = (await (await request.get('/api/blog?limit=100')).json()) as { slug: string }[];
    const paths = [
      '/',
      '/product',
      '/product/levis-mens-housemark-crew-neck-t-shirt',
      '/blogs',
      `/blog/${blogs.at(-1)!.slug}`,
      '/contact',
      '/about',
      '/compare-product',
      '/Terms-conditions',
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password/some-token',
      '/unsubscribe?token=some-token',
    ];
    const sizes: Record<string, number> = {};
    for (const path of paths) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const fresh = await context.newPage();
      sizes[path] = Math.round((await firstLoadScriptBytes(fresh, path)) / 102.4) / 10;
      await context.close();
    }
    console.log('first-load JS (KB gzip):', sizes);
    for (const [path, kb] of Object.entries(sizes)) expect(kb, path).toBeLessThanOrEqual(BUDGET_BYTES / 1024);
  });

  test('signed-in pages stay under 100 KB gzipped', async ({ browser, request }) => {
    const customer = await createCustomer(request);
    // One order, for its page.
    const order = await placeOrder(request, customer);
    const sizes: Record<string, number> = {};
    for (const path of [
      '/cart',
      '/wishlist',
      '/my-orders',
      `/my-orders/${order._id}`,
      '/my-profile',
      '/checkout',
    ]) {
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const fresh = await context.newPage();
      await signIn(fresh, customer);
      sizes[path] = Math.round((await firstLoadScriptBytes(fresh, path)) / 102.4) / 10;
      await expect(fresh).toHaveURL(path);
      await context.close();
    }
    console.log('first-load JS (KB gzip):', sizes);
    for (const [path, kb] of Object.entries(sizes)) expect(kb, path).toBeLessThanOrEqual(BUDGET_BYTES / 1024);
  });
});
