import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createStaffMember, openConsoleAs, ownerSession } from './console';
import { createProduct } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';
import { auth } from './shop';

/**
 * "Notify me" on a sold-out product: a visitor is sent to sign in; a shopper taps it, is told how
 * they will hear, can cancel and ask again; staff put stock back and the e-mail arrives (in the
 * language the shopper asked in); the console shows who waited and the alert sent. Each test makes
 * its own sold-out product and shopper.
 */

/** Set SHOTS_DIR to keep screenshots of the new parts (375 and 1280 px). */
const shotsDir = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: width === 375 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Between 21:00 and 09:00 India time the alert waits in the outbox for the morning. */
const quietNow = () => {
  const hour = (new Date().getUTCHours() + 5 + (new Date().getUTCMinutes() >= 30 ? 1 : 0)) % 24;
  return hour >= 21 || hour < 9;
};

async function restock(request: APIRequestContext, productId: string, units: number) {
  const answer = await request.post(`/api/admin/products/${productId}/stock`, {
    headers: auth(await ownerSession(request)),
    data: { change: units, reason: 'received', note: 'Back from the supplier' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function expectAlert(email: string, subject: string, slugPath: string) {
  if (quietNow()) {
    test.info().annotations.push({ type: 'quiet hours', description: 'the e-mail waits for 09:00 IST' });
    return;
  }
  const mail = await expectMail(email, subject);
  expect(mail.text).toContain(slugPath);
}

test('a shopper asks, cancels, asks again, and hears by e-mail when staff put stock back', async ({
  page,
  request,
}) => {
  // A long journey through the storefront, the console and the outbox.
  test.slow();
  const product = await createProduct(request, { title: 'E2E Notify Kettle', quantity: 0 });
  const notify = page.getByRole('button', { name: "Notify me when it's back" });

  // A visitor is sent to sign in, and back.
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator('.product-stock')).toHaveText('Out of stock');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await notify.click();
  await expect(page).toHaveURL(`/login?${new URLSearchParams({ next: `/product/${product.slug}` })}`);

  const shopper = await createCustomer(request);
  await signIn(page, shopper);
  await page.goto(`/product/${product.slug}`);
  await notify.click();
  const done = page.getByRole('status').filter({ hasText: "We'll tell you by e-mail when it's back." });
  await expect(done).toBeVisible();
  const cancel = page.getByRole('button', { name: "Don't tell me" });
  await expect(cancel).toBeFocused();
  expect(await axeViolations(page, '.product-summary')).toEqual([]);
  await shoot(page, 'notify-me-en');

  // Kept by the shop: a reload still says so. Cancelling brings the button back, by keyboard.
  await page.reload();
  await expect(done).toBeVisible();
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(notify).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(done).toBeVisible();
  const mine = await request.get('/api/user/me/notify-me', { headers: auth(shopper.token) });
  expect((await mine.json()).requests).toEqual([expect.objectContaining({ productId: product._id })]);

  // The console lists the shopper waiting.
  const staff = await createStaffMember(request, 'catalogue');
  await openConsoleAs(page, staff, '/admin/products/back-in-stock');
  await expect(page.getByRole('heading', { name: 'Back in stock', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: product.title });
  await expect(row).toContainText('1');
  expect(await axeViolations(page)).toEqual([]);

  await restock(request, product._id, 2);
  await expectAlert(shopper.email, `${product.title} is back in stock`, `/product/${product.slug}`);
  await page.reload();
  const sent = page.getByRole('table', { name: 'The last 50 back-in-stock alerts sent' });
  await expect(sent.getByRole('row').filter({ hasText: product.title })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /shoppers are waiting for/ }).getByText(product.title),
  ).toHaveCount(0);
  await shoot(page, 'back-in-stock-console');

  // In stock now: the cart button is back, and asking is refused with what to do.
  const again = await request.post(`/api/product/${product._id}/notify-me`, {
    headers: auth(shopper.token),
    data: {},
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This is in stock: you can buy it now.');
});

test.describe('in Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('the button, the confirmation and the e-mail are in Hindi', async ({ page, request }) => {
    // axe and the outbox are slow on a busy machine.
    test.slow();
    const product = await createProduct(request, {
      title: 'E2E Notify Dupatta',
      quantity: 0,
      translations: { hi: { title: 'ई2ई दुपट्टा' } },
    });
    const shopper = await createCustomer(request);
    await signIn(page, shopper);
    await page.goto(`/hi/product/${product.slug}`);
    await page.getByRole('button', { name: 'वापस आने पर मुझे बताएँ' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'इसके वापस आने पर हम आपको ई-मेल से बताएँगे।' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'मुझे न बताएँ' })).toBeVisible();
    expect(await axeViolations(page, '.product-summary')).toEqual([]);
    await shoot(page, 'notify-me-hi');

    await restock(request, product._id, 1);
    await expectAlert(shopper.email, 'ई2ई दुपट्टा फिर से स्टॉक में है', `/hi/product/${product.slug}`);
  });
});
