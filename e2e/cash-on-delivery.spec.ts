import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api/catalog.schemas';
import { axeViolations } from './axe';
import { addToCart, productsToBuy } from './buy';
import { createStaffMember, type StaffMember } from './console';
import { type Customer, createCustomer, expect, signIn, test } from './fixtures';
import { e2eDataDir, expectMail, latestSms, mailsTo } from './outbox';
import { allowFailedApiCalls, rupees } from './shop';

/**
 * Cash on delivery from the shopper's side ("a COD order is placed, confirmed, shipped,
 * delivered and marked paid"): at checkout the option is refused with its reason for a pincode
 * whose couriers take no cash (494001, Jagdalpur) and offered for one that does (560001,
 * Bengaluru); the order is placed, a wrong code says how many tries are left, the button for a new
 * code counts down to when one may be sent, the e-mailed code confirms it (the confirmation e-mail comes
 * once); staff pack, ship, deliver and collect the cash through the API (the console's side is
 * admin-cash-on-delivery.spec.ts); the order page then says "Paid in cash" and offers the invoice.
 * Also: the server's refusals show at the field they name, or above the form. Screenshots land in
 * SHOTS_DIR (default test-results/screenshots) for a person to look at; the new panel passes axe.
 */
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';
// Run through the DevTools protocol, which the shop's CSP does not govern (a script tag it would
// refuse), so the flow is checked under the real CSP.

const viewports = [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 375, height: 812 }],
] as const;

/** The page at both sizes (the whole page), for a person to look at. */
async function screenshots(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [device, size] of viewports) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shots}/${device}-cod-${name}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** A shopper with one unit of a product of the test's own, well under the COD limit, in the cart. */
async function shopperWithCart(request: APIRequestContext): Promise<{ me: Customer; product: ApiProduct }> {
  const me = await createCustomer(request);
  const [product] = await productsToBuy(request, 1);
  expect(product!.price, 'a product under ₹20,000 to pay for in cash').toBeLessThanOrEqual(20_000);
  await addToCart(request, me, [{ product: product!, units: 1 }]);
  return { me, product: product! };
}

async function fillAddress(page: Page, pincode: string) {
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('First name', { exact: true }).fill('Priya');
  await page.getByLabel('Last name', { exact: true }).fill('Raman');
  await page.getByLabel('Address', { exact: true }).fill('14, MG Road');
  await page.getByLabel('Landmark', { exact: true }).fill('Opposite the metro station');
  await page.getByLabel('City', { exact: true }).fill('');
  await page.getByLabel('Pincode', { exact: true }).fill(pincode);
}

/** A staff step through the API, answered 200. */
async function staffStep(request: APIRequestContext, member: StaffMember, path: string, data: object = {}) {
  const answer = await request.post(path, { data, headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('a cash-on-delivery order: refused for a pincode without it, placed, confirmed with the code, delivered and paid in cash', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const { me, product } = await shopperWithCart(request);
  const staff = await createStaffMember(request, 'orders');
  await signIn(page, me);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  const payment = page.getByRole('group', { name: 'Payment' });
  const online = payment.getByRole('radio', { name: /^Pay online UPI, cards, netbanking, wallets/ });
  const cod = payment.getByRole('radio', { name: /^Cash on delivery/ });
  await expect(online).toBeChecked();
  await expect(cod).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();

  // Jagdalpur's couriers take no cash: the option is refused, with the reason beside it.
  await fillAddress(page, '494001');
  await expect(page.getByLabel('State')).toHaveValue('Chhattisgarh');
  await expect(cod).toBeDisabled();
  await expect(payment.getByText('Not available for 494001')).toBeVisible();
  await expect(cod).toHaveAccessibleName(/Not available for 494001/);
  await page.screenshot({ path: `${shots}/desktop-cod-checkout-disabled.png`, fullPage: true });

  // Bengaluru's do: chosen, the button places the order and the total is what is paid at the door.
  await page.getByLabel('Pincode', { exact: true }).fill('560001');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Bengaluru');
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.locator('.checkout-pay-total')).toHaveText(`To pay on delivery ${rupees(product.price)}`);
  const place = page.getByRole('button', { name: 'Place order' });
  await expect(place).toBeEnabled();
  await screenshots(page, 'checkout');
  expect(await axeViolations(page, '.checkout-form')).toEqual([]);
  await place.click();

  // The order's page asks for the code e-mailed to the shopper.
  await expect(page).toHaveURL(/\/my-orders\/[0-9a-f-]{36}$/);
  const panel = page.getByRole('region', { name: 'Confirm your order' });
  await expect(panel).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  const orderNumber = (await heading.textContent())!.replace('Order ', '').trim();
  // By SMS to the shopper's mobile (the built-in test provider), and by e-mail as well.
  const account = await request.get('/api/user/me', { headers: { authorization: `Bearer ${me.token}` } });
  const { mobile } = (await account.json()) as { mobile: string };
  await expect(panel).toContainText(`We sent a 6-digit code to ••••••${mobile.slice(-4)}`);
  await expect(panel).toContainText(
    /Confirm by \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [AP]M \((29|30) minutes left\)/,
  );
  await expect(page.getByTestId('order-state')).toHaveText('Awaiting your confirmation');
  await expect(page.getByTestId('order-payment-status')).toHaveText('To pay on delivery');
  await expect(page.getByTestId('order-cod-due')).toHaveText(`${rupees(product.price)} to pay on delivery`);
  await expect(page.locator('.cart-badge')).toHaveText('0');
  const mail = await expectMail(me.email, `is your code to confirm order ${orderNumber}`);
  const code = /^(\d{6}) /.exec(mail.subject)?.[1];
  expect(code, mail.subject).toBeTruthy();
  expect((await latestSms(e2eDataDir, mobile, 'cod-code')).params.code).toBe(code);

  // A wrong code: the message is the field's, which takes the focus with what was typed selected.
  const field = panel.getByLabel('Confirmation code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  const wrong = code!.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
  await field.fill(wrong);
  await panel.getByRole('button', { name: 'Confirm order' }).click();
  await expect(field).toHaveAccessibleDescription(/That code is not right\. .*\(4 tries left\)/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  allowFailedApiCalls(consoleErrors, 400);

  // A new code at once is too soon (one a minute): the button counts down to when it may be sent.
  const resend = panel.getByRole('button', { name: /^Send a new code in \d+ s$/ });
  await expect(resend).toBeDisabled();
  const first = Number(/(\d+) s$/.exec((await resend.textContent()) ?? '')?.[1]);
  await expect
    .poll(async () => Number(/(\d+) s$/.exec((await resend.textContent()) ?? '')?.[1] ?? 0))
    .toBeLessThan(first);
  await screenshots(page, 'confirm-panel');
  expect(await axeViolations(page, '.cod-confirm')).toEqual([]);

  // The right code confirms the order; the confirmation e-mail comes, once.
  await field.fill(code!);
  await panel.getByRole('button', { name: 'Confirm order' }).click();
  await expect(panel).toBeHidden();
  await expect(page.locator('.order-notice')).toContainText(`order ${orderNumber} is confirmed`);
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('order-state')).toHaveText('Placed');
  await expect(page.getByTestId('order-cod-due')).toHaveText(`${rupees(product.price)} to pay on delivery`);
  const confirmed = await expectMail(me.email, `order ${orderNumber} is confirmed`);
  expect(confirmed.text).toContain(`Please pay ${rupees(product.price)} in cash when it is delivered`);
  await screenshots(page, 'confirmed');

  // Staff pack, ship, send it out and deliver it, then mark the cash collected.
  const base = `/api/admin/orders/${page.url().split('/').at(-1)}`;
  await staffStep(request, staff, `${base}/pack`);
  await staffStep(request, staff, `${base}/ship`, { carrier: 'Delhivery', awb: `DLV${Date.now()}` });
  await staffStep(request, staff, `${base}/out-for-delivery`);
  await staffStep(request, staff, `${base}/deliver`);
  await staffStep(request, staff, `${base}/collect-cash`, { note: 'Cash handed over by the courier' });

  await page.reload();
  await expect(page.getByTestId('order-fulfilment-status')).toHaveText('Delivered');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('order-cod-due')).toHaveText('Paid in cash');
  await expect(page.locator('.order-pay')).toContainText('Cash on delivery');
  const total = page.locator('.order-pay .price-breakup-total');
  await expect(total.locator('dt')).toHaveText('Total paid');
  await expect(total.locator('dd')).toHaveText(rupees(product.price));
  const documents = page.getByTestId('order-documents');
  await expect(documents.getByRole('button', { name: /^Download invoice/ })).toBeVisible();
  await screenshots(page, 'paid');

  // My orders says how it was paid.
  await page.getByRole('link', { name: 'My orders' }).first().click();
  await expect(page.getByTestId('order-card').first()).toContainText(`Order ${orderNumber}`);
  await expect(page.getByTestId('order-card').first()).toContainText('Cash on delivery');

  // One confirmation e-mail, however the page was used (the outbox sends it just after the commit).
  await expectMail(me.email, `order ${orderNumber} is confirmed`);
  expect(
    (await mailsTo(me.email)).filter((m) => m.subject.includes(`order ${orderNumber} is confirmed`)),
  ).toHaveLength(1);
});

test('a refused cash-on-delivery order shows why: at the field it names, or above the form', async ({
  page,
  request,
  consoleErrors,
}) => {
  const { me } = await shopperWithCart(request);
  await signIn(page, me);
  await page.goto('/checkout');
  await fillAddress(page, '560001');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await page.getByRole('radio', { name: /^Cash on delivery/ }).check();

  // The server's answers, as it gives them when things change between the page and the order.
  const pincodeMessage = 'Cash on delivery is not available for 560001 (Bengaluru). Please pay online.';
  let answer = {
    status: 400,
    body: { message: pincodeMessage, errors: { 'shippingInfo.pincode': pincodeMessage } },
  };
  await page.route('**/api/user/order/cod', (route) =>
    route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify(answer.body),
    }),
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const pincode = page.getByLabel('Pincode', { exact: true });
  await expect(pincode).toHaveAccessibleDescription(
    /Cash on delivery is not available for 560001 \(Bengaluru\)/,
  );
  await expect(pincode).toBeFocused();
  await expect(page.locator('.checkout-problem')).toBeEmpty();
  allowFailedApiCalls(consoleErrors, 400);
  // Leaving the field checks it again, and the message goes: the button moves up under the mouse.
  await pincode.blur();
  await expect(pincode).not.toHaveAttribute('aria-invalid', 'true');

  answer = {
    status: 400,
    body: { message: 'Cash on delivery is available for orders up to ₹50,000.00. Please pay online.' },
  } as typeof answer;
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('.checkout-problem')).toHaveText(
    'Cash on delivery is available for orders up to ₹50,000.00. Please pay online.',
  );
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await expect(page).toHaveURL('/checkout');
  allowFailedApiCalls(consoleErrors, 400);
});
