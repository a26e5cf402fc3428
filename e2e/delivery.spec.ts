import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { axeViolations } from './axe';
import { ownerSession } from './console';
import { createProduct } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, allowFailedApiCalls, auth } from './shop';

/**
 * Delivery pincodes: the product page's "Deliver to" promise, the checkout filling city
 * and state from the pincode and refusing one the shop does not serve or that lies in another
 * state (in the browser, and on the server when the browser's check is skipped), and the
 * console's pincode page with its CSV import. Screenshots land in test-results/screenshots/.
 */
test.describe.configure({ mode: 'default' });

const shots = 'test-results/screenshots';
const customer = accountPerFile();

/** The file's own speaker (made like the demo one), whose page and stock no other spec touches. */
let speakerMade: Promise<ApiProduct> | undefined;
const speaker = (request: APIRequestContext) =>
  (speakerMade ??= createProduct(request, {
    like: 'boat-stone-1200-14w-bluetooth-speaker',
    title: 'E2E Delivery Speaker',
  }));

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** What the shop should promise for a pincode, from the API's own answer (the address form's check). */
async function promised(request: APIRequestContext, pin: string): Promise<string> {
  const answer = (await (await request.get(`/api/pincode/${pin}`)).json()) as { deliveryBy: string };
  const day = new Date(`${answer.deliveryBy}T00:00:00Z`);
  return `Delivery by ${DAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/**
 * The e2e server seeds the demo's pincodes into a new data folder; one seeded before they existed
 * has none (and delivers everywhere), so the owner imports the demo list once.
 */
async function ensureDemoPincodes(request: APIRequestContext) {
  const carNicobar = (await (await request.get('/api/pincode/744301')).json()) as { serviceable: boolean };
  if (!carNicobar.serviceable) return;
  const imported = await request.post('/api/admin/pincodes/import', {
    headers: auth(await ownerSession(request)),
    multipart: {
      file: {
        name: 'demo-pincodes.csv',
        mimeType: 'text/csv',
        buffer: readFileSync('server/db/seed/demo-pincodes.csv'),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  await ensureDemoPincodes(request);
});

test('the product page promises a delivery day for a pincode, remembers it, and says where it does not deliver', async ({
  page,
  request,
}) => {
  await page.goto(`/product/${(await speaker(request)).slug}`);
  const pincode = page.getByLabel('Deliver to pincode');
  const answer = page.getByRole('status').filter({ hasText: /Delivery by|deliver|valid|Checking/ });

  await pincode.fill('5600');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByText('Enter a valid 6-digit PIN code')).toBeVisible();

  await pincode.fill('560001');
  await pincode.press('Enter');
  await expect(answer).toContainText(await promised(request, '560001'));
  await expect(answer).toContainText('to Bengaluru, Karnataka 560001');
  // What delivery costs for this product there, as the checkout charges it, and whether cash is taken.
  const estimate = (await (
    await request.get(`/api/shipping/estimate?pincode=560001&productId=${(await speaker(request))._id}`)
  ).json()) as { charge: number; cod: boolean };
  await expect(answer).toContainText(
    `${estimate.charge ? `₹${estimate.charge.toFixed(2)} delivery` : 'Free delivery'} · ${estimate.cod ? 'Cash on delivery available' : 'Pay online only'}`,
  );
  await page.locator('.delivery-check').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/desktop-product-delivery.png` });

  await pincode.fill('744301');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(answer).toHaveText('We do not deliver to 744301 yet');

  // Remembered: the next product page answers before anything is typed.
  await pincode.fill('682031');
  await pincode.press('Enter');
  await expect(answer).toContainText('to Kochi, Kerala 682031');
  await page.reload();
  await expect(page.getByLabel('Deliver to pincode')).toHaveValue('682031');
  await expect(answer).toContainText(await promised(request, '682031'));
});

test('at 375 px the promise fits the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.addInitScript(() => localStorage.setItem('deliveryPincode', '400001'));
  await page.goto(`/product/${(await speaker(request)).slug}`);
  const form = page.locator('.delivery-check');
  await expect(form).toContainText(await promised(request, '400001'));
  await form.scrollIntoViewIfNeeded();
  const box = (await form.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${shots}/mobile-product-delivery.png` });
});

test('a pincode checked before the page has started is checked once it has, back at the form', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const slug = (await speaker(request)).slug;
  // The page's code comes empty the first time: the form is sent the browser's own way.
  let withoutCode = true;
  await page.route('**/*.js', (route) =>
    withoutCode ? route.fulfill({ contentType: 'text/javascript', body: '' }) : route.continue(),
  );
  await page.goto(`/product/${slug}`, { waitUntil: 'commit' });
  const pincode = page.getByLabel('Deliver to pincode');
  await pincode.fill('560001');
  withoutCode = false;
  await page.getByRole('button', { name: 'Check', exact: true }).click();

  const answer = page.getByRole('status').filter({ hasText: /Delivery by/ });
  await expect(answer).toContainText(await promised(request, '560001'));
  await expect(page.getByLabel('Deliver to pincode')).toHaveValue('560001');
  await expect(page.locator('.delivery-check')).toBeInViewport();
  // The check is not in the address: a reload or a shared link does not make it again.
  await expect(page).toHaveURL(new RegExp(`/product/${slug}$`));
});

test('the cart prices and dates delivery for a pincode, remembered from the product page', async ({
  page,
  request,
  consoleErrors,
}) => {
  const me = await customer(request);
  const p = await speaker(request);
  expect((await request.delete('/api/user/empty-cart', { headers: auth(me.token) })).ok()).toBe(true);
  const added = await request.post('/api/user/cart', {
    headers: auth(me.token),
    data: { productId: p._id, color: p.color[0]!._id, quantity: 1, price: p.price },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.addInitScript(() => localStorage.setItem('deliveryPincode', '560001'));
  await signIn(page, me);
  await page.goto('/cart');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const answer = summary.getByRole('status');
  // The cart as the checkout would charge it to 560001, from the API's own quote.
  const quote = (await (
    await request.post('/api/user/order/quote', { headers: auth(me.token), data: { pincode: '560001' } })
  ).json()) as { delivery: number; total: number };
  await expect(summary.getByLabel('Deliver to pincode')).toHaveValue('560001');
  await expect(answer).toContainText(await promised(request, '560001'));
  await expect(answer).toContainText(
    quote.delivery ? `₹${quote.delivery.toFixed(2)} delivery` : 'Free delivery',
  );
  await expect(summary).toContainText(
    `₹${quote.total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
  );
  await page.screenshot({ path: `${shots}/desktop-cart-delivery.png`, fullPage: true });

  await summary.getByLabel('Deliver to pincode').fill('744301');
  await summary.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(answer).toHaveText('We do not deliver to 744301 yet.');
  allowFailedApiCalls(consoleErrors, 400);

  await page.setViewportSize({ width: 375, height: 812 });
  await summary.getByLabel('Deliver to pincode').fill('400001');
  await summary.getByLabel('Deliver to pincode').press('Enter');
  await expect(answer).toContainText(await promised(request, '400001'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${shots}/mobile-cart-delivery.png`, fullPage: true });
});

async function openCheckout(page: Page, request: APIRequestContext) {
  const me = await customer(request);
  const p = await speaker(request);
  expect((await request.delete('/api/user/empty-cart', { headers: auth(me.token) })).ok()).toBe(true);
  const added = await request.post('/api/user/cart', {
    headers: auth(me.token),
    data: { productId: p._id, color: p.color[0]!._id, quantity: 1, price: p.price },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-address-cleared')) {
      localStorage.removeItem('address');
      localStorage.removeItem('deliveryPincode');
      sessionStorage.setItem('e2e-address-cleared', '1');
    }
  });
  await signIn(page, me);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('First name', { exact: true }).fill('Meera');
  await page.getByLabel('Last name', { exact: true }).fill('Iyer');
  await page.getByLabel('Address', { exact: true }).fill('7 Marine Drive');
  await page.getByLabel('Landmark', { exact: true }).fill('Opposite the promenade');
}

test('checkout fills city and state from the pincode and refuses one in another state or not served', async ({
  page,
  request,
}) => {
  await openCheckout(page, request);
  const pincode = page.getByLabel('Pincode', { exact: true });
  let started = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/user/order/checkout')) started++;
  });

  await pincode.fill('682031');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Kochi');
  await expect(page.getByLabel('State')).toHaveValue('Kerala');
  await expect(page.locator('.checkout-delivery')).toHaveText(
    `Kochi, Kerala: ${(await promised(request, '682031')).replace('Delivery', 'delivery')}`,
  );

  await page.locator('.checkout-form').screenshot({ path: `${shots}/desktop-checkout-pincode-filled.png` });

  // Another pincode replaces what the lookup filled, never what was typed.
  await page.getByLabel('City', { exact: true }).fill('Ernakulam');
  await pincode.fill('560038');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Ernakulam');

  // A state chosen by hand that the pincode is not in.
  await page.getByLabel('State').selectOption('Kerala');
  await expect(pincode).toHaveAccessibleDescription(/Pincode 560038 is in Karnataka, not Kerala$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(pincode).toBeFocused();
  await page.screenshot({ path: `${shots}/desktop-checkout-pincode-state.png`, fullPage: true });

  await pincode.fill('744301');
  await expect(pincode).toHaveAccessibleDescription(/We do not deliver to 744301 yet$/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(pincode).toBeFocused();
  expect(started).toBe(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await pincode.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/mobile-checkout-pincode.png` });
});

test('a state chosen while the pincode is being looked up stays chosen, and the mismatch is said', async ({
  page,
  request,
}) => {
  await openCheckout(page, request);
  // A slow network: the pincode's answer comes after the shopper has picked a state.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/pincode/682031', async (route) => {
    await answered;
    await route.continue();
  });
  const asked = page.waitForRequest('**/api/pincode/682031');
  const pincode = page.getByLabel('Pincode', { exact: true });
  await pincode.fill('682031');
  await asked;
  await page.getByLabel('State').selectOption('Goa');
  answer();
  // The check started before the choice answers too, and must not put Kerala back.
  await expect(pincode).toHaveAccessibleDescription(/Pincode 682031 is in Kerala, not Goa$/);
  await expect(page.getByLabel('State')).toHaveValue('Goa');
  await page.waitForTimeout(300);
  await expect(page.getByLabel('State')).toHaveValue('Goa');
});

test('the server refuses an unserviceable pincode when the browser could not check it', async ({
  page,
  request,
  consoleErrors,
}) => {
  // The lookup fails (offline, say): the form lets the address through, the server does not.
  await page.route('**/api/pincode/**', (route) => route.abort());
  await openCheckout(page, request);
  await page.getByLabel('City', { exact: true }).fill('Car Nicobar');
  await page.getByLabel('State').selectOption('Andaman and Nicobar Islands');
  await page.getByLabel('Pincode', { exact: true }).fill('744301');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We do not deliver to 744301 yet.' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bharat Bazaar' })).toHaveCount(0);
  allowFailedApiCalls(consoleErrors, 400);
  // The aborted lookups are network errors, not the page's.
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes('/api/pincode/')) consoleErrors.splice(i, 1);
  }
});

test('the console lists pincodes by state and imports a CSV after checking it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await ownerSession(request);
  await page.goto('/admin/login');
  await page.evaluate((value) => localStorage.setItem('staff', value), token);
  await page.goto('/admin/pincodes');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery pincodes' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Delivery pincodes' }),
  ).toBeVisible();

  await page.getByLabel('State').selectOption('Andaman and Nicobar Islands');
  const table = page.getByRole('table', { name: 'Delivery pincodes' });
  await expect(table.getByRole('row').filter({ hasText: '744301' })).toContainText('Not delivered');
  await expect(table.getByRole('row').filter({ hasText: '744101' })).toContainText('Port Blair');
  await expect(page).toHaveURL(/state=Andaman/);

  const pin = String(560200 + Math.floor(Math.random() * 99));
  const bad = `pincode,city,district,state,serviceable,cod,deliveryDays\n${pin},Bengaluru,Bengaluru Urban,Karnataka,yes,yes,2\n56010,Bengaluru,,Karnataka,yes,yes,2\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'pincodes.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.locator('.import-report');
  await expect(report).toContainText('1 of 2 rows has problems. Nothing was imported');
  await expect(report.getByRole('table', { name: 'Rows with problems' })).toContainText('3');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${shots}/desktop-console-pincodes.png`, fullPage: true });

  const good = `pincode,city,district,state,serviceable,cod,deliveryDays\n${pin},Bengaluru,Bengaluru Urban,Karnataka,yes,yes,2\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'pincodes.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(report).toContainText('1 pincode would be added');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(report).toContainText('Imported 1 row: 1 pincode added');
  const answer = (await (await request.get(`/api/pincode/${pin}`)).json()) as {
    city: string;
    serviceable: boolean;
  };
  expect(answer).toMatchObject({ city: 'Bengaluru', serviceable: true });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the shop's CSP forbids: these pages bypass it.
  test.use({ bypassCSP: true });

  test('the promise and the checkout’s pincode message pass axe', async ({ page, request }) => {
    await page.addInitScript(() => localStorage.setItem('deliveryPincode', '744301'));
    await page.goto(`/product/${(await speaker(request)).slug}`);
    await expect(page.locator('.delivery-check')).toContainText('We do not deliver to 744301 yet');
    expect(await axeViolations(page, '.delivery-check')).toEqual([]);

    await openCheckout(page, request);
    await page.getByLabel('Pincode', { exact: true }).fill('682031');
    await page.getByLabel('State').selectOption('Goa');
    await expect(page.getByLabel('Pincode', { exact: true })).toHaveAccessibleDescription(/not Goa$/);
    expect(await axeViolations(page, '.checkout-form')).toEqual([]);
  });
});
