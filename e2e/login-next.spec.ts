import { expect, test } from './fixtures';
import { accountPerFile, expectToastShown, recordToastsAcrossReloads } from './shop';

/**
 * /login?next= must never send a freshly signed-in shopper to another site. Each `next`
 * below passed the old check on the raw string and resolved to the path `//evil.example/...`,
 * which the browser reads as another host. Any request off this shop is recorded and cut, so a
 * regression fails here instead of reaching the network.
 */
const account = accountPerFile();
/** What createCustomer (e2e/fixtures.ts) signs up with. */
const password = 'correct-horse-42';
/** Signing in reloads the page: on a busy machine that takes longer than one expect's default. */
const afterReload = { timeout: 15_000 };

const randomOctet = () => 1 + Math.floor(Math.random() * 250);

test.beforeEach(async ({ page }) => {
  await recordToastsAcrossReloads(page);
  // Its own address (the e2e server trusts the loopback proxy): the login limit counts per shopper.
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
  });
});

for (const next of ['/..//evil.example/phish', '/.//evil.example', '/%252e%252e//evil.example/phish']) {
  test(`signing in from /login?next=${next} lands on this shop`, async ({ baseURL, page, request }) => {
    const customer = await account(request);
    const offSite: string[] = [];
    await page.context().route(
      (url) => url.origin !== new URL(baseURL!).origin,
      (route) => {
        offSite.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>phished</h1>' });
      },
    );

    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expectToastShown(page, 'User Logged In Successfully!');
    await expect(page).toHaveURL('/', afterReload);
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible(afterReload);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(offSite).toEqual([]);
  });
}

test('a next on this shop is still honoured', async ({ page, request }) => {
  const customer = await account(request);
  await page.goto('/login?next=/product/../my-orders');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/my-orders', afterReload);
  await expect(page).toHaveTitle('My orders | Bharat Bazaar', afterReload);
});
