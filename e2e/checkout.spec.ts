import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { createProduct, reread } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, auth, rupees } from './shop';

/**
 * Checkout with the built-in test gateway: the address form's messages and its saved copy, the
 * whole payment through the gateway's in-page sheet to an order on /my-orders (stock taken, cart
 * emptied), a declined payment, and the payment script failing to load. One account for the
 * file (sign-ups are rate limited); its cart is rebuilt through the API per test, with products of
 * the test's own.
 */
test.describe.configure({ mode: 'default' });

/** A product of the test's own, made like a demo one (its stock is the test's alone). */
const own = (request: APIRequestContext, like: string, quantity?: number) =>
  createProduct(request, { like, quantity, title: 'E2E Checkout Item' });
const newSpeaker = (request: APIRequestContext) => own(request, 'boat-stone-1200-14w-bluetooth-speaker');
const newShirt = (request: APIRequestContext) => own(request, 'levis-mens-housemark-crew-neck-t-shirt');

const customer = accountPerFile();
const toast = (page: Page, text: string | RegExp) => page.locator('.toast-message').filter({ hasText: text });

async function fillCart(
  request: APIRequestContext,
  token: string,
  lines: { p: ApiProduct; quantity: number }[],
) {
  expect((await request.delete('/api/user/empty-cart', { headers: auth(token) })).ok()).toBe(true);
  for (const { p, quantity } of lines) {
    const response = await request.post('/api/user/cart', {
      headers: auth(token),
      data: { productId: p._id, color: p.color[0]!._id, quantity, price: p.price },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const address = {
  'First name': 'Asha',
  'Last name': 'Verma',
  Address: '12, 4th Cross, Indiranagar',
  Landmark: 'Near the metro station',
  City: 'Bengaluru',
  Pincode: '560038',
};

async function fillAddress(page: Page) {
  await page.getByLabel('Country').selectOption('India');
  for (const [label, value] of Object.entries(address))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('State').selectOption('Karnataka');
}

async function openCheckout(
  page: Page,
  request: APIRequestContext,
  lines: { p: ApiProduct; quantity: number }[],
) {
  const me = await customer(request);
  const products = lines.map((l) => l.p);
  await fillCart(
    request,
    me.token,
    products.map((p, i) => ({ p, quantity: lines[i]!.quantity })),
  );
  await signIn(page, me);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  return { me, products };
}

test('address messages show under each field once touched, with every state and UT', async ({
  page,
  request,
}) => {
  const { me } = await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  await page.evaluate(() => localStorage.removeItem('address'));
  await page.reload();

  const steps = page.getByRole('navigation', { name: 'Checkout steps' });
  await expect(steps.getByRole('listitem')).toHaveText(['Cart', 'Information', 'Shipping', 'Payment']);
  await expect(steps.locator('[aria-current="step"]')).toHaveText('Information');
  await expect(page.getByTestId('checkout-email')).toHaveText(me.email);

  const messages: [string, string][] = [
    ['First name', 'First name is required'],
    ['Last name', 'Last name is required'],
    ['Address', 'Address is required'],
    ['Landmark', 'Landmark is required'],
    ['City', 'City is required'],
    ['Pincode', 'Pincode is required'],
  ];
  for (const [label] of messages) {
    await page.getByLabel(label, { exact: true }).focus();
    await page.getByLabel(label, { exact: true }).blur();
  }
  await page.getByLabel('State').focus();
  await page.getByLabel('State').blur();
  await page.getByLabel('Country').focus();
  await page.getByLabel('Country').blur();
  for (const [label, message] of messages) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(page.getByLabel('State')).toHaveAccessibleDescription(/State is required/);
  await expect(page.getByLabel('Country')).toHaveAccessibleDescription(/Country is required/);

  await page.getByLabel('Pincode').fill('012345');
  await expect(page.getByLabel('Pincode')).toHaveAccessibleDescription(/Enter a valid 6-digit PIN code/);
  await page.getByLabel('Pincode').fill('560038');
  await expect(page.getByText('Enter a valid 6-digit PIN code')).toHaveCount(0);

  // All 28 states and 8 union territories, plus the empty placeholder.
  await expect(page.getByLabel('State').locator('option')).toHaveCount(37);
  // By the option's value (what the form sends), which an option without a value attribute takes
  // from its text.
  expect(
    await page
      .getByLabel('State')
      .evaluate((select: HTMLSelectElement) => [...select.options].map((o) => o.value)),
  ).toContain('Ladakh');
  await expect(page.getByLabel('Country').locator('option')).toHaveText(['Select country', 'India']);

  // Submitting with errors sends nothing and focuses the first field in error.
  let started = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/user/order/checkout')) started = true;
  });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByLabel('Country')).toBeFocused();
  expect(started).toBe(false);
});

test('the address is kept in localStorage as typed and restored after a reload', async ({
  page,
  request,
}) => {
  await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  await page.evaluate(() => localStorage.removeItem('address'));
  await page.reload();
  await fillAddress(page);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('address') ?? '{}'));
  expect(saved).toMatchObject({
    firstName: 'Asha',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
  });
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Asha');
  await expect(page.getByLabel('Landmark')).toHaveValue('Near the metro station');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByLabel('Country')).toHaveValue('India');
});

test('pays through the test gateway and lands on My orders with the order, stock taken and cart empty', async ({
  page,
  request,
}) => {
  const { me, products } = await openCheckout(page, request, [{ p: await newSpeaker(request), quantity: 2 }]);
  const speaker = products[0]!;
  const total = speaker.price * 2;
  await expect(page.locator('.checkout-summary .price-breakup-total dd')).toHaveText(rupees(total));
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(speaker.title);
  await expect(page.locator('.cart-badge')).toHaveText('1');
  await fillAddress(page);

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(rupees(total));
  await expect(sheet).toContainText(me.email);
  await sheet.getByRole('button', { name: /^Pay / }).click();

  await expect(toast(page, 'Order placed successfully')).toBeVisible();
  await expect(page).toHaveURL('/my-orders');
  const card = page.getByTestId('order-card').first();
  await expect(card).toContainText(speaker.title);
  await expect(card.getByTestId('order-total')).toHaveText(rupees(total));
  await expect(card).toContainText('Ordered');
  await expect(card).toContainText('Bengaluru, Karnataka 560038');
  await expect(card).toContainText(/Payment ID pay_/);
  await expect(page.locator('.cart-badge')).toHaveText('0');

  expect(await page.evaluate(() => localStorage.getItem('address'))).toBeNull();
  const cart = await request.get('/api/user/cart', { headers: auth(me.token) });
  expect(await cart.json()).toEqual([]);
  const after = await reread(request, speaker);
  expect(after.quantity).toBe(speaker.quantity - 2);
  expect(after.sold).toBe(speaker.sold + 2);
});

test('a declined payment shows why, places no order and lets the shopper try again', async ({
  page,
  request,
}) => {
  const { me } = await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  const before = (await (await request.get('/api/user/getmyorders', { headers: auth(me.token) })).json())
    .orders.length as number;
  await fillAddress(page);
  const button = page.getByRole('button', { name: 'Continue to payment' });
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await sheet.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page.locator('.checkout-problem')).toContainText(
    /Payment failed: .*declined.*no order was placed/,
  );
  await sheet.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  await expect(page).toHaveURL('/checkout');
  const orders = await (await request.get('/api/user/getmyorders', { headers: auth(me.token) })).json();
  expect(orders.orders).toHaveLength(before);
  expect(await page.evaluate(() => localStorage.getItem('address'))).not.toBeNull();
});

test("stops with 'Razorpay SDK failed to load!' when the payment script cannot load", async ({
  page,
  request,
  consoleErrors,
}) => {
  await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  await page.route('**/pay/checkout.js', (route) => route.abort());
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Razorpay SDK failed to load!' })).toBeVisible();
  await expect(toast(page, 'Razorpay SDK failed to load!')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  // The aborted script is reported by the browser; that is the failure under test.
  const index = consoleErrors.findIndex((e) => e.includes('checkout.js') || e.includes('ERR_FAILED'));
  if (index >= 0) consoleErrors.splice(index, 1);
});

test('an empty cart has nothing to check out', async ({ page, request }) => {
  const me = await customer(request);
  await request.delete('/api/user/empty-cart', { headers: auth(me.token) });
  await signIn(page, me);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty');
  await page.getByRole('link', { name: 'Go to the store' }).click();
  await expect(page).toHaveURL('/product');
});

test('when the item sold out during payment, the shopper sees the server message about the refund and stays on checkout', async ({
  page,
  request,
  consoleErrors,
}) => {
  await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  // The server's answer when the last unit went to someone else (the real race is in the API tests).
  const message =
    "Levi's Men's Housemark Crew Neck T-Shirt sold out while you were paying, so no order was placed. Your payment of ₹699.00 has been refunded.";
  // No real payment: a real one would be placed a few seconds later by the gateway's webhook.
  const paid = {
    razorpay_payment_id: 'pay_e2e',
    razorpay_order_id: 'order_e2e',
    razorpay_signature: 'f'.repeat(64),
  };
  await page.route('**/api/payments/test-gateway/orders/*/pay', (route) => route.fulfill({ json: paid }));
  await page.route('**/api/user/order/paymentVerification', (route) =>
    route.fulfill({ json: { razorpayOrderId: 'order_e2e', razorpayPaymentId: 'pay_e2e' } }),
  );
  await page.route('**/api/user/cart/create-order', (route) =>
    route.fulfill({ status: 409, json: { message } }),
  );
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('dialog', { name: 'Bharat Bazaar' }).getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('.checkout-problem')).toHaveText(message);
  await expect(toast(page, 'sold out while you were paying')).toBeVisible();
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('address'))).not.toBeNull();
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes('status of 409')) consoleErrors.splice(i, 1);
  }
});

test('a payment service outage at checkout shows the server message and nothing opens', async ({
  page,
  request,
  consoleErrors,
}) => {
  await openCheckout(page, request, [{ p: await newShirt(request), quantity: 1 }]);
  const message = 'The payment service is not responding right now. Please try again in a moment.';
  await page.route('**/api/user/order/checkout', (route) =>
    route.fulfill({ status: 503, json: { message } }),
  );
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('.checkout-problem')).toHaveText(message);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes('status of 503')) consoleErrors.splice(i, 1);
  }
});

const rival = accountPerFile();

test('an item another shopper is paying for is refused before payment, naming it', async ({
  page,
  request,
  consoleErrors,
}) => {
  // AirPods of the test's own with one unit left, as the demo catalogue's have.
  const last = await own(request, 'apple-airpods-pro-2nd-gen-with-usb-c-magsafe-case', 1);
  const { products } = await openCheckout(page, request, [{ p: last, quantity: 1 }]);
  const airpods = products[0]!;
  const other = await rival(request);
  await fillCart(request, other.token, [{ p: airpods, quantity: 1 }]);
  const held = await request.post('/api/user/order/checkout', { headers: auth(other.token), data: {} });
  expect(held.status(), await held.text()).toBe(200);

  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.locator('.checkout-problem')).toHaveText(
    `The last ${airpods.title} is being paid for by other shoppers right now. Please try again in a few minutes, or remove it from your cart.`,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]!.includes('status of 409')) consoleErrors.splice(i, 1);
  }
});

test('on a phone, the cart and checkout do not jump when the cart arrives (the footer stays below the fold)', async ({
  page,
  request,
}) => {
  const me = await customer(request);
  const p = await newShirt(request);
  await fillCart(request, me.token, [{ p, quantity: 1 }]);
  await signIn(page, me);
  await page.setViewportSize({ width: 375, height: 812 });
  // A slow cart answer, so the loading state is painted first, as on a phone's network.
  await page.route('**/api/user/cart', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const layoutShift = () =>
    page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

  await page.goto('/cart');
  await expect(page.locator('.cart-line-title').first()).toBeVisible();
  await page.waitForTimeout(300);
  // Before the fix the footer moved down by half a screen: 0.1 on the cart, 0.25 on the checkout.
  expect(await layoutShift()).toBeLessThan(0.02);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(p.title)).toBeVisible();
  await page.waitForTimeout(300);
  expect(await layoutShift()).toBeLessThan(0.02);
});
