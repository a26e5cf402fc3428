import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import config from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * PAYMENT_PROVIDER=test on a public address: the shop starts (with a warning) and every page says
 * no real payment is taken. The suite's own server runs on loopback, where no banner shows, so this
 * file starts a second shop whose PUBLIC_URL is a public name, and Chromium resolves that name to
 * 127.0.0.1: the browser sees the shop exactly as on that address, and nothing leaves the machine.
 */
const publicHost = 'shop.example.in';
// Next to the suite's own port, so parallel runs (E2E_PORT) keep apart; the browser flags need it now.
const port = Number(process.env.E2E_PORT ?? 3100) + 50;
const base = `http://${publicHost}:${port}`;

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      `--host-resolver-rules=MAP ${publicHost} 127.0.0.1`,
      // A public shop is served over https; this one is plain http on loopback, which Chromium
      // would call untrustworthy (ignoring its Cross-Origin-Opener-Policy, with a console error).
      `--unsafely-treat-insecure-origin-as-secure=${base}`,
    ],
  },
});

// One worker, one second shop (the suite otherwise runs a file's tests in parallel workers).
test.describe.configure({ mode: 'serial' });

let shop: { child: ChildProcess; base: string; dataDir: string; output: () => string };

test.beforeAll(async () => {
  // The first start seeds the demo catalogue (the home page shows its brands and pictures).
  test.setTimeout(240_000);
  const dataDir = `.data/e2e-test-mode-${port}`;
  await rm(dataDir, { recursive: true, force: true });
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--seed-if-empty'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      PAYMENT_PROVIDER: 'test',
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  shop = { child, base, dataDir, output: () => output };
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the test-mode shop exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the test-mode shop did not start: ${output}`);
});

test.afterAll(async () => {
  if (!shop) return;
  if (shop.child.exitCode === null) {
    shop.child.kill('SIGTERM');
    await new Promise((resolve) => shop.child.once('exit', resolve));
  }
  await rm(shop.dataDir, { recursive: true, force: true });
});

test('a public shop on the test gateway says so at the top of every page, and in its log', async ({
  page,
}) => {
  expect(shop.output()).toContain(`PAYMENT_PROVIDER=test on the public address ${shop.base}`);
  for (const path of ['/', '/login', '/contact', '/no-such-page']) {
    await page.goto(`${shop.base}${path}`);
    const banner = page.getByRole('status').filter({ hasText: 'Test mode: no real payments are taken.' });
    await expect(banner, path).toBeVisible();
    // First thing on the page, full width, above the header.
    const box = (await banner.boundingBox())!;
    expect(box.y, path).toBe(0);
    expect(box.width, path).toBe(page.viewportSize()!.width);
  }
  await page.goto(`${shop.base}/`);
  await page.screenshot({ path: test.info().outputPath('test-mode-desktop.png') });
});

test('the banner reads on a 375 px phone without pushing the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${shop.base}/`);
  const banner = page.getByRole('status').filter({ hasText: 'Test mode' });
  await expect(banner).toBeVisible();
  const box = (await banner.boundingBox())!;
  expect(box.width).toBe(375);
  // One or two lines of readable text, not squeezed.
  expect(box.height).toBeLessThan(80);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath('test-mode-375.png') });
});

test('the suite’s own shop on loopback takes test payments without a banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.locator('.test-mode-banner')).toHaveCount(0);
});
