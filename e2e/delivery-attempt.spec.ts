import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './axe';
import { type PlacedOrder, placeOrder } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { type Customer, createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';
import { allowFailedApiCalls, expectToast, recordToasts } from './shop';

/**
 * Failed deliveries (NDRs): a shipped order's parcel fails at the door, the customer is e-mailed
 * and answers on the order page (a day by keyboard, a new phone after a refused one) at 375 and
 * 1280 px, the courier re-attempts and delivers; staff see their queue, deliver one parcel again
 * and have another brought back. Each test ships orders of its own through the test courier.
 * Screenshots land in test-results/screenshots/.
 */
const shots = 'test-results/screenshots';
const bearer = (member: StaffMember) => ({ authorization: `Bearer ${member.token}` });

/** "Tue, 2 Dec" for YYYY-MM-DD, as the pages write days. */
const dayWords = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()]}, ${date.getUTCDate()} ${
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.getUTCMonth()]
  }`;
};

async function scan(request: APIRequestContext, awb: string, status: string, reason?: string) {
  const answer = await request.post(`/api/shipping/test-courier/shipments/${awb}/events`, {
    data: { status, ...(reason ? { reason } : {}) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** An order of the customer's, shipped, out for delivery, and failed at the door. */
async function failedAtTheDoor(
  request: APIRequestContext,
  member: StaffMember,
  customer: Customer,
  reason: string,
): Promise<{ order: PlacedOrder; awb: string; courier: string }> {
  const order = await placeOrder(request, customer);
  const shipped = await request.post(`/api/admin/orders/${order._id}/shipments`, {
    data: {},
    headers: bearer(member),
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const { awb, courier } = (await shipped.json()) as { awb: string; courier: string };
  for (const status of ['picked-up', 'in-transit', 'out-for-delivery']) await scan(request, awb, status);
  await scan(request, awb, 'ndr', reason);
  return { order, awb, courier };
}

type Tracking = {
  status: string;
  failedDelivery: {
    days: string[];
    answer: { day: string; phoneChanged: boolean; addressChanged: boolean } | null;
  } | null;
};
async function trackingOf(request: APIRequestContext, customer: Customer, order: PlacedOrder) {
  const answer = await request.get(`/api/user/orders/${order._id}/tracking`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { parcels: Tracking[] }).parcels[0]!;
}

test('the customer answers a failed delivery on the order page and the parcel is delivered again', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const member = await createStaffMember(request, 'orders');
  const customer = await createCustomer(request);
  const { order, awb, courier } = await failedAtTheDoor(request, member, customer, 'Customer not available');
  const mail = await expectMail(customer.email, 'could not deliver');
  expect(mail.text).toContain('Customer not available');
  expect(mail.text).toContain(`/my-orders/${order._id}`);
  const days = (await trackingOf(request, customer, order)).failedDelivery!.days;
  expect(days).toHaveLength(3);

  await signIn(page, customer);
  const panel = page.getByRole('region', { name: 'We could not deliver your parcel' });
  // At 1280 px: what happened, the deadline and the choice; nothing sent yet.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/my-orders/${order._id}`);
  // The e-mail reminder floats over the page's foot: put away for the visit, out of the pictures.
  const reminder = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await reminder.getByRole('button', { name: 'Not now' }).click();
  await expect(reminder).toHaveCount(0);
  await expect(panel).toContainText(`${courier} could not deliver parcel AWB ${awb}`);
  await expect(panel).toContainText('Customer not available');
  await expect(panel).toContainText('Tell us by');
  const choices = panel.getByRole('group', { name: 'Deliver again on' }).getByRole('radio');
  await expect(choices).toHaveCount(3);
  for (const [i, day] of days.entries()) await expect(choices.nth(i)).toHaveAccessibleName(dayWords(day));
  await expect(choices.first()).toBeChecked();
  expect(await axeViolations(page, '.delivery-attempt')).toEqual([]);
  await page.screenshot({ path: `${shots}/delivery-attempt-1280.png` });

  // At 375 px, by keyboard: the second day, a refused phone number shown at its field, then a good one.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(choices).toHaveCount(3);
  await choices.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(choices.nth(1)).toBeChecked();
  const phone = panel.getByRole('textbox', { name: /New phone number for the courier/ });
  await phone.fill('12345');
  await phone.press('Enter');
  await expect(panel.getByText('Enter a valid 10-digit Indian mobile number')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('alert')).toHaveText('Please correct what is marked.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.screenshot({ path: `${shots}/delivery-attempt-375-error.png` });
  await phone.fill('98450 12345');
  // And a corrected address: the landmark the courier could not find.
  await panel.getByRole('checkbox', { name: 'Correct the delivery address' }).check();
  await panel.getByRole('textbox', { name: 'Landmark' }).fill('Opposite the Ganesha temple');
  await expect(panel).toContainText('Karnataka 560038: the courier delivers only within this pincode.');
  await panel.screenshot({ path: `${shots}/delivery-attempt-375-form.png` });
  await page.keyboard.press('Tab');
  await panel.getByRole('button', { name: `Deliver on ${dayWords(days[1]!)}` }).press('Enter');
  await expect(panel.getByRole('status')).toHaveText(
    `Thank you. You asked to deliver again on ${dayWords(days[1]!)}, with a new phone number and the corrected address.`,
  );
  await expect(panel.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'We could not deliver your parcel' })).toBeFocused();
  // The order reads again: the corrected address is where it goes.
  await expect(page.getByRole('region', { name: 'Delivery and payment' })).toContainText(
    'Opposite the Ganesha temple',
  );
  expect(await axeViolations(page, '.delivery-attempt')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.screenshot({ path: `${shots}/delivery-attempt-375-answered.png` });
  allowFailedApiCalls(consoleErrors, 400);
  const answered = (await trackingOf(request, customer, order)).failedDelivery!.answer;
  expect(answered).toMatchObject({ day: days[1], phoneChanged: true, addressChanged: true });
  const detail = await request.get(`/api/user/orders/${order._id}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(((await detail.json()) as { shippingInfo: { mobile: string } }).shippingInfo.mobile).toBe(
    '9845012345',
  );

  // The courier goes out again and delivers: the panel is gone, the order delivered.
  await scan(request, awb, 'out-for-delivery');
  await scan(request, awb, 'delivered');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Parcel journey' })).toContainText('Delivered');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('list', { name: /Courier scans of/ }).getByRole('listitem')).toHaveCount(6);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(`Delivery attempt 1 failed (AWB ${awb})`);
  await expect(timeline).toContainText(`You asked for delivery again on ${dayWords(days[1]!)}`);
});

test('staff see the failed deliveries, deliver one again on a day and have another brought back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createStaffMember(request, 'orders');
  const customer = await createCustomer(request);
  const first = await failedAtTheDoor(request, member, customer, 'Customer asked to come later');
  const second = await failedAtTheDoor(request, member, customer, 'Refused by the customer');
  await recordToasts(page);
  await openConsoleAs(page, member, '/admin');
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Failed deliveries' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Failed deliveries' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Failed deliveries' });
  const rowOf = (awb: string) => table.getByRole('row').filter({ hasText: awb });
  await expect(rowOf(first.awb)).toContainText(first.order.orderNumber);
  await expect(rowOf(first.awb)).toContainText('Customer asked to come later');
  await expect(rowOf(first.awb)).toContainText('Attempt 1');
  await expect(rowOf(first.awb)).toContainText('Waiting');
  await expect(rowOf(second.awb)).toContainText('Refused by the customer');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-failed-deliveries.png`, fullPage: true });

  // Deliver the first again, on the third day offered.
  await rowOf(first.awb)
    .getByRole('button', { name: `Deliver again parcel ${first.awb}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Deliver parcel ${first.awb} again` });
  const days = dialog.getByRole('radio');
  await expect(days).toHaveCount(3);
  const third = (await days.nth(2).getAttribute('value'))!;
  await days.nth(2).check();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-failed-delivery-dialog.png` });
  await dialog.getByRole('button', { name: `Deliver on ${dayWords(third)}` }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `The courier will deliver parcel ${first.awb} again on ${dayWords(third)}.`);
  await expect(rowOf(first.awb)).toContainText(`Deliver on ${dayWords(third)}`);
  await expect(rowOf(first.awb)).toContainText('by staff');
  await expect(rowOf(first.awb).getByRole('button')).toHaveCount(0);

  // The second comes back to the shop.
  await rowOf(second.awb)
    .getByRole('button', { name: `Return parcel ${second.awb} to the shop` })
    .click();
  await page
    .getByRole('dialog', { name: `Return parcel ${second.awb} to the shop?` })
    .getByRole('button', { name: 'Return to the shop' })
    .click();
  await expectToast(page, `The courier will bring parcel ${second.awb} back.`);
  await expect(rowOf(second.awb)).toContainText('Return to the shop');
  await page.screenshot({ path: `${shots}/admin-failed-deliveries-answered.png`, fullPage: true });

  // The courier starts the return: the parcel leaves the queue.
  await scan(request, second.awb, 'rto-initiated');
  await page.reload();
  await expect(rowOf(first.awb)).toBeVisible();
  await expect(rowOf(second.awb)).toHaveCount(0);
});
