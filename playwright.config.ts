import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the production build. Run `npm run build` first: the web server below
 * only starts the built shop (with its own throwaway data directory), it builds nothing.
 *
 * Browsers are never downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1): the tests use Debian's
 * Chromium at /usr/bin/chromium.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// The pseudo-English build (npm run build:pseudo) for the layout check, on a server of its own.
// Clear of the ports specs start shops of their own on (test-mode.spec.ts: port + 50).
const pseudoPort = port + 60;
const pseudoURL = `http://127.0.0.1:${pseudoPort}`;
const PSEUDO_SPECS = ['**/pseudo-locale.spec.ts'];
const CATALOGUE_SPECS = ['**/store.spec.ts', '**/home.spec.ts', '**/search.spec.ts', '**/content.spec.ts'];
// Specs that change settings every checkout reads (a COD fee, live courier rates): after the rest.
const SHOP_SETTINGS_SPECS = ['**/shop-settings-*.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Each spec makes the data it reads (e2e/data.ts), so a test needs no second try. In CI a test
  // that fails and then passes on its one retry is reported as flaky, by name, with the failed
  // attempt's trace, and fails the run: the retry is there to tell a flake from a break, not to
  // hide it.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  workers: 2,
  // The JSON report feeds `npm test`'s closing "N passed, N failed" line.
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The specs that compare the whole demo catalogue or blog with what the shop shows (counts,
    // facets, the home page's tagged shelves, search rankings, the list of posts) run first, while
    // nothing else writes: every other spec makes products (and posts) of its own (e2e/data.ts),
    // which would change those lists between a test's read of the API and its look at the page.
    // They make no products or posts themselves.
    // `npx playwright test e2e/x.spec.ts` runs them first too; add `--no-deps` to skip them.
    { name: 'catalogue', testMatch: CATALOGUE_SPECS, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'pseudo-locale',
      testMatch: PSEUDO_SPECS,
      use: { ...devices['Desktop Chrome'], baseURL: pseudoURL },
    },
    {
      name: 'chromium',
      testIgnore: [...CATALOGUE_SPECS, ...SHOP_SETTINGS_SPECS, ...PSEUDO_SPECS],
      dependencies: ['catalogue'],
      use: { ...devices['Desktop Chrome'] },
    },
    // A COD fee or live rates set while other specs check out would change their totals: these run
    // last, each restoring the settings it found. Alone: `npx playwright test e2e/x.spec.ts --no-deps`.
    {
      name: 'shop-settings',
      testMatch: SHOP_SETTINGS_SPECS,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: [
    {
      command: 'npx tsx server/main.ts --seed-if-empty',
      url: `${baseURL}/readyz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: `.data/e2e-${port}`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        // The console's first owner (e2e/admin-*.spec.ts sign in with it).
        ADMIN_EMAIL: 'owner@e2e.example.in',
        ADMIN_PASSWORD: 'e2e owner password 1',
        // The suite plays many shoppers from one machine; each test's requests say which shopper
        // they are with X-Forwarded-For (as a load balancer would), so per-address rate limits
        // apply per shopper instead of to the whole suite.
        TRUST_PROXY: '127.0.0.1',
        // The original storefront client on an origin of its own (e2e/cross-origin.spec.ts serves a
        // stand-in page there); no other origin gets CORS.
        CORS_ORIGINS: 'http://localhost:5173',
        // e2e/cart-reminder.spec.ts runs the reminder sweeps as at a daytime moment of its choosing.
        REMINDERS_TEST_HOOK: 'true',
      },
    },
    {
      // The same shop built with pseudo-English texts, for e2e/pseudo-locale.spec.ts only.
      command: 'npx tsx server/main.ts --seed-if-empty',
      url: `${pseudoURL}/readyz`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(pseudoPort),
        HOST: '127.0.0.1',
        DATA_DIR: `.data/e2e-${pseudoPort}`,
        DIST_DIR: `${process.env.DIST_DIR ?? 'dist'}-pseudo`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: pseudoURL,
        ADMIN_EMAIL: 'owner@e2e.example.in',
        ADMIN_PASSWORD: 'e2e owner password 1',
        TRUST_PROXY: '127.0.0.1',
      },
    },
  ],
});
