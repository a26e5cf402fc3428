import type { Page } from '@playwright/test';
import { addToCart, placeOrder, productsToBuy } from './buy';
import { createStaffMember, openConsoleAs } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail, mailsTo } from './outbox';
import { allowFailedApiCalls, rupees } from './shop';

/**
 * The order lifecycle from the customer's side: a customer buys at checkout, staff pack
 * and ship in the console, the customer follows the parcel on the order page, staff mark it
 * delivered, the customer returns one line, staff approve it, receive it and refund it, and the
 * customer sees the refund; every step e-mailed. And a customer cancelling an order that has not
 * shipped. Screenshots of each state land in test-results/screenshots/ for a person to look at.
 */

const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const;

/**
 * Shots of the order page at both sizes, for a person to look at (not compared): the whole page,
 * or only the screen while a dialog is open.
 */
async function screenshots(page: Page, state: string, fullPage = true) {
  const before = page.viewportSize();
  for (const [device, size] of viewports) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screenshots/${device}-order-${state}.png`, fullPage });
  }
  if (before) await page.setViewportSize(before);
}

/** Reloads the page until `check` passes: staff moved the order on elsewhere. */
async function reloadUntil(page: Page, check: () => Promise<void>, timeout = 15_000) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout });
}

async function fillAddress(page: Page) {
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('First name', { exact: true }).fill('Meera');
  await page.getByLabel('Last name', { exact: true }).fill('Iyer');
  await page.getByLabel('Address', { exact: true }).fill('7 Marine Drive');
  await page.getByLabel('Landmark', { exact: true }).fill('Opposite the promenade');
  await page.getByLabel('City', { exact: true }).fill('Kochi');
  await page.getByLabel('State').selectOption('Kerala');
  await page.getByLabel('Pincode', { exact: true }).fill('682031');
}

test('bought, shipped, tracked, delivered, one line returned and refunded, every step e-mailed', async ({
  browser,
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const me = await createCustomer(request);
  const staff = await createStaffMember(request, 'orders');
  const [kept, returned] = await productsToBuy(request, 2, 2);
  await addToCart(request, me, [
    { product: kept!, units: 1 },
    { product: returned!, units: 2 },
  ]);

  // The customer pays at checkout and opens the order from My orders.
  await signIn(page, me);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('dialog', { name: 'Bharat Bazaar' }).getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL('/my-orders');
  const card = page.getByTestId('order-card').first();
  const orderLink = card.getByRole('link', { name: /^Order / });
  const orderNumber = (await orderLink.textContent())!.replace('Order ', '').trim();
  await orderLink.click();
  await expect(page).toHaveURL(/\/my-orders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1)!;

  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Order ${orderNumber}`);
  await expect(page).toHaveTitle(`Order ${orderNumber} | Bharat Bazaar`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByTestId('order-fulfilment-status')).toHaveText('Being prepared');
  await expect(page.getByTestId('order-payment-status')).toHaveText('Paid');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return items' })).toHaveCount(0);
  const timeline = page.getByRole('list', { name: 'Order history, oldest first' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.locator('time')).toHaveCount(1);
  const step = page.locator('[aria-current="step"]');
  await expect(step).toContainText('Ordered');
  await screenshots(page, 'placed');
  await expectMail(me.email, `order ${orderNumber} is confirmed`);

  // Staff pack and ship in the console while the customer still has the page open.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staffPage = await staffContext.newPage();
  await openConsoleAs(staffPage, staff, `/admin/orders/${orderId}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  const status = staffPage.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Pack' }).click();
  await staffPage
    .getByRole('dialog', { name: `Mark order ${orderNumber} as packed?` })
    .getByRole('button', { name: 'Mark packed' })
    .click();
  await expect(status.getByRole('button', { name: 'Pack' })).toHaveCount(0);
  const awb = `DLV${Date.now()}`.slice(0, 16);
  const trackingUrl = `https://www.delhivery.com/track/package/${awb}`;
  await status.getByRole('button', { name: 'Shipped another way' }).click();
  const shipDialog = staffPage.getByRole('dialog', { name: `Order ${orderNumber} shipped another way` });
  await shipDialog.getByLabel('Carrier').fill('Delhivery');
  await shipDialog.getByLabel('AWB number').fill(awb);
  await shipDialog.getByLabel('Tracking link (optional)').fill(trackingUrl);
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(shipDialog).toBeHidden();
  await expect(staffPage.getByRole('region', { name: 'Shipment' })).toContainText(awb);

  // The page was behind: cancelling now answers why not, and the page catches up.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const cancelDialog = page.getByRole('dialog', { name: `Cancel order ${orderNumber}?` });
  await cancelDialog.getByLabel('Why are you cancelling?').fill('Found it cheaper elsewhere');
  await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancelDialog.getByRole('alert')).toContainText('can no longer be cancelled');
  allowFailedApiCalls(consoleErrors, 409);
  await cancelDialog.getByRole('button', { name: 'Keep my order' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(heading).toBeFocused();

  const tracking = page.getByTestId('order-tracking');
  await expect(tracking).toContainText('Delhivery');
  await expect(tracking).toContainText(awb);
  const trackLink = tracking.getByRole('link', {
    name: /Track your parcel on Delhivery \(opens in a new tab\)/,
  });
  await expect(trackLink).toHaveAttribute('href', trackingUrl);
  await expect(trackLink).toHaveAttribute('target', '_blank');
  await expect(trackLink).toHaveAttribute('rel', /noopener/);
  await expect(page.getByTestId('order-fulfilment-status')).toHaveText('Shipped');
  await expect(step).toContainText('Shipped');
  await expect(page.locator('.order-page-head .order-status')).toHaveText('Shipped');
  await screenshots(page, 'shipped');
  const shipped = await expectMail(me.email, `order ${orderNumber} has shipped`);
  expect(shipped.text).toContain(awb);
  expect(shipped.text).toContain(trackingUrl);

  // Delivered: the customer can ask for a return of one line.
  await status.getByRole('button', { name: 'Mark delivered' }).click();
  await staffPage
    .getByRole('dialog', { name: `Mark order ${orderNumber} as delivered?` })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await expect(status).toContainText('Returns can be asked for until');
  await expectMail(me.email, `order ${orderNumber} has been delivered`);
  await reloadUntil(page, () =>
    expect(page.getByTestId('order-fulfilment-status')).toHaveText('Delivered', { timeout: 1000 }),
  );
  const returnButton = page.getByRole('button', { name: 'Return items' });
  await returnButton.click();
  const returnDialog = page.getByRole('dialog', { name: 'Return items' });
  await expect(returnDialog).toBeVisible();
  // Nothing chosen: the dialog says what is missing, puts the focus there and sends nothing.
  await returnDialog.getByRole('button', { name: 'Ask to return' }).click();
  const firstBox = returnDialog.getByRole('checkbox').first();
  await expect(firstBox).toBeFocused();
  await expect(firstBox).toHaveAccessibleDescription(/Please choose at least one item to return\./);
  await expect(returnDialog.getByLabel('Why are you returning them?')).toHaveAccessibleDescription(
    /Please give a reason for the return/,
  );
  await returnDialog.getByRole('checkbox', { name: returned!.title }).check();
  await returnDialog
    .getByRole('combobox', { name: `Units of ${returned!.title} to return` })
    .selectOption('2');
  await expect(returnDialog).toContainText(`Value of the items chosen: ${rupees(returned!.price * 2)}`);
  await returnDialog.getByLabel('Why are you returning them?').fill('The colour is not as shown');
  await screenshots(page, 'return-dialog', false);
  await returnDialog.getByRole('button', { name: 'Ask to return' }).click();
  await expect(returnDialog).toBeHidden();
  await expect(page.locator('.order-notice')).toContainText('Your return request is sent');
  const returns = page.getByTestId('order-returns');
  await expect(returns).toContainText('Requested, waiting for our approval');
  await expect(returns).toContainText(`${returned!.title} × 2`);
  // The other line can still be returned: the button stays, and has the focus back.
  await expect(returnButton).toBeFocused();
  await screenshots(page, 'return-requested');

  // Staff approve the return in the console, receive the goods and refund them.
  await staffPage.reload();
  const staffReturns = staffPage.getByRole('region', { name: 'Returns' });
  await expect(staffReturns).toContainText('The colour is not as shown');
  await staffReturns.getByRole('button', { name: 'Approve' }).click();
  const approve = staffPage.getByRole('dialog', { name: `Approve the return on order ${orderNumber}?` });
  await approve.getByLabel('Note to the customer (optional)').fill('Our courier collects it on Monday');
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(staffReturns).toContainText('Approved, awaiting the goods');
  const approved = await expectMail(me.email, `return for order ${orderNumber} is approved`);
  expect(approved.text).toContain('Our courier collects it on Monday');
  expect(approved.text).toContain(`${returned!.title} × 2`);
  await reloadUntil(page, () =>
    expect(returns).toContainText('Approved: please send the items back', { timeout: 1000 }),
  );
  await staffReturns.getByRole('button', { name: 'Receive' }).click();
  const receive = staffPage.getByRole('dialog', { name: `Receive the return on order ${orderNumber}` });
  await expect(receive.getByRole('checkbox', { name: /Refund the returned items now/ })).toBeChecked();
  await receive.getByRole('checkbox', { name: /The goods can be sold again/ }).check();
  await receive.getByRole('button', { name: 'Receive return' }).click();
  await expect(receive).toBeHidden();
  const staffRefunds = staffPage.getByRole('region', { name: 'Refunds' });
  await expect(staffRefunds.getByRole('row').nth(1)).toContainText(rupees(returned!.price * 2));
  const refundMail = await expectMail(me.email, `issued for order ${orderNumber}`);
  const refundAmount = rupees(returned!.price * 2);
  expect(refundMail.subject).toContain(refundAmount);
  expect(refundMail.text).toContain('5–7 working days');

  // The customer sees the refund: amount, status, reference.
  const refunds = page.getByTestId('order-refunds');
  await reloadUntil(page, () =>
    expect(refunds.getByTestId('order-refund')).toContainText('Refunded', { timeout: 1000 }),
  );
  await expect(refunds.getByTestId('order-refund')).toContainText(refundAmount);
  // The reference the customer reads is the one the e-mail gave and the one staff see.
  const reference = refundMail.text.match(/Refund reference: (\S+)\./)?.[1];
  expect(reference).toBeTruthy();
  await expect(refunds).toContainText(reference!);
  await staffPage.reload();
  await expect(staffRefunds).toContainText(reference!);
  await staffContext.close();
  await expect(page.getByTestId('order-refunded')).toHaveText(refundAmount);
  await expect(page.getByTestId('order-payment-status')).toHaveText('Partly refunded');
  await expect(returns).toContainText('Received by us');
  // Placed, packed, shipped, delivered, return asked for, approved, received, refunded: each a step.
  await expect.poll(() => timeline.getByRole('listitem').count()).toBeGreaterThanOrEqual(8);
  await expect(timeline).toContainText(awb);
  await screenshots(page, 'refunded');

  // Every step's e-mail, once each (the outbox sends the last just after its commit).
  await expectMail(me.email, `Refund of ${refundAmount} issued for order ${orderNumber}`);
  const subjects = (await mailsTo(me.email)).map((mail) => mail.subject);
  for (const wanted of [
    `order ${orderNumber} is confirmed`,
    `order ${orderNumber} has shipped`,
    `order ${orderNumber} has been delivered`,
    `return for order ${orderNumber} is approved`,
    `Refund of ${refundAmount} issued for order ${orderNumber}`,
  ]) {
    expect(
      subjects.filter((subject) => subject.includes(wanted)),
      wanted,
    ).toHaveLength(1);
  }
});

test('a customer cancels an order that has not shipped and sees the refund and the e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const me = await createCustomer(request);
  const order = await placeOrder(request, me);
  const item = order.lines[0]!;
  await signIn(page, me);

  // From My orders, by the card's link.
  await page.goto('/my-orders');
  await page
    .getByTestId('order-card')
    .getByRole('link', { name: `Track & manage order ${order.orderNumber}` })
    .click();
  await expect(page).toHaveURL(`/my-orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);

  const cancelButton = page.getByRole('button', { name: 'Cancel order' });
  await cancelButton.click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog).toContainText(`The full amount, ${rupees(item.price)}, will be refunded`);
  // Escape closes it and focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel('Why are you cancelling?');
  await expect(reason).toBeFocused();
  // No reason: the dialog asks for one, back in the field, and sends nothing.
  await reason.press('Tab');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(/Please give a reason for cancelling/);
  await screenshots(page, 'cancel-dialog', false);
  await reason.fill('Ordered the wrong colour');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.locator('.order-notice')).toContainText(`Order ${order.orderNumber} is cancelled.`);
  await expect(page.getByTestId('order-state')).toHaveText('Cancelled');
  await expect(page.locator('.order-page-head .order-status')).toHaveText('Cancelled');
  await expect(cancelButton).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const refund = page.getByTestId('order-refund');
  await expect(refund).toContainText(rupees(item.price));
  await reloadUntil(page, () => expect(refund).toContainText('Refunded', { timeout: 1000 }));
  await expect(page.getByTestId('order-payment-status')).toHaveText('Refunded in full');
  await expect(page.getByRole('list', { name: 'Order history, oldest first' })).toContainText(
    'Ordered the wrong colour',
  );
  await screenshots(page, 'cancelled');

  const mail = await expectMail(me.email, `order ${order.orderNumber} is cancelled`);
  expect(mail.text).toContain('As you asked');
  expect(mail.text).toContain(`The full amount, ${rupees(item.price)}, will be refunded`);
  await expectMail(me.email, `Refund of ${rupees(item.price)} issued for order ${order.orderNumber}`);

  // My orders shows the new status, not a cached one.
  await page.getByRole('link', { name: 'My orders' }).first().click();
  await expect(
    page.getByTestId('order-card').filter({ hasText: order.orderNumber }).locator('.order-status'),
  ).toHaveText('Cancelled');
});

test("another customer's order, and an address that is no order, are pages not found", async ({
  browser,
  page,
  request,
  consoleErrors,
}) => {
  const owner = await createCustomer(request);
  const order = await placeOrder(request, owner);
  const stranger = await createCustomer(request);
  await signIn(page, stranger);
  await page.goto(`/my-orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText(order.orderNumber)).toHaveCount(0);
  allowFailedApiCalls(consoleErrors, 404);
  await page.goto('/my-orders/not-an-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

  // The owner opens the same address and sees the order.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const own = await context.newPage();
  await signIn(own, owner);
  await own.goto(`/my-orders/${order._id}`);
  await expect(own.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
  await context.close();
});
