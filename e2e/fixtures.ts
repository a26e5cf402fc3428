import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught exception: hydration mismatches (React draws
 * the page again and says so, web/entry-client.tsx) and CSP violations (an inline script or style
 * sneaking in) show up there and nowhere else. The one message allowed everywhere is the browser's
 * note about a page document answered with 404 on purpose; a spec that provokes others (refusals
 * it then checks the page explains) lists them with `test.use({ allowedConsoleErrors: [...] })`.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowedConsoleErrors: RegExp[];
  startAppEarly: boolean;
  appStarter: undefined;
}>({
  /** Matched against "<message> (<url of its source>)". */
  allowedConsoleErrors: [[], { option: true }],
  /**
   * A page starts its scripts once its largest picture is painted (decision 026), a few
   * milliseconds after the load event here, where a shopper's first tap comes far later. Tests
   * act at once after `goto`, or after a redirect the page did itself, so each document starts
   * them as its HTML is parsed, as a key press would (the start script listens for one). The
   * tests of that timing itself turn this off with `test.use({ startAppEarly: false })`.
   */
  startAppEarly: [true, { option: true }],
  appStarter: [
    async ({ page, startAppEarly }, use) => {
      if (startAppEarly) {
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => dispatchEvent(new Event('keydown')));
        });
        // And `goto`/`reload` return once the storefront page is hydrated (html[data-hydrated]),
        // as they did when the scripts ran before the load event. Pages without the start
        // script (the console, a JSON answer) and waits for less than `load` are left as asked.
        for (const method of ['goto', 'reload'] as const) {
          const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
          page[method] = (async (...args: unknown[]) => {
            const response = await original(...args);
            const options = args.find((arg) => typeof arg === 'object' && arg !== null) as
              | { waitUntil?: string }
              | undefined;
            if (!options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle') {
              await page
                .waitForFunction(
                  () =>
                    !document.getElementById('app-scripts') ||
                    document.documentElement.hasAttribute('data-hydrated'),
                  undefined,
                  { timeout: 10_000 },
                )
                .catch(() => {}); // a navigation the page made meanwhile; the test's own checks follow
            }
            return response;
          }) as never;
        }
      }
      await use(undefined);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const documentNotFound =
          message.text().includes('status of 404') && message.location().url === page.url();
        const line = `${message.text()} (${message.location().url})`;
        if (!documentNotFound && !allowedConsoleErrors.some((allowed) => allowed.test(line)))
          errors.push(line);
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export type Customer = { _id: string; token: string; firstname: string; email: string };

const randomOctet = () => 1 + Math.floor(Math.random() * 250);

/** A fresh account through the real API, signed in: what login stores in localStorage. */
export async function createCustomer(request: APIRequestContext): Promise<Customer> {
  const email = `shell-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.in`;
  const password = 'correct-horse-42';
  // E-mail and mobile are both unique per account.
  const mobile = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  // Its own address, as if behind the shop's load balancer: rate limits count per shopper.
  const headers = { 'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` };
  const registered = await request.post('/api/user/register', {
    data: { firstname: 'Asha', lastname: 'Verma', email, mobile, password },
    headers,
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/user/login', { data: { email, password }, headers });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()) as Customer;
}

/** Puts the customer where the shop keeps it, before any page script runs. */
export async function signIn(page: Page, customer: Customer) {
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('customer', stored);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, JSON.stringify(customer));
}
