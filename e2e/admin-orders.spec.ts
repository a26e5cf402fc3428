import type { APIRequestContext, Page } from '@playwright/test';
import { type PlacedOrder, placeOrder, testAddress } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createCustomer, expect, test } from './fixtures';
import { allowFailedApiCalls, rupees } from './shop';

/**
 * The console's order page through an order's life: staff print the packing slip, pack,
 * ship with an AWB, mark delivered, refund part, keep notes, and decide a customer's returns; a tab
 * that fell behind is told why (the API's 409) instead of failing silently. Each test buys its own
 * order through the shop's API and signs in as an orders member of its own. Screenshots of each
 * state land in test-results/screenshots/ for a person to look at.
 */
test.use({ viewport: { width: 1280, height: 900 } });
const shots = 'test-results/screenshots';

const openOrder = async (page: Page, member: StaffMember, order: PlacedOrder) => {
  await openConsoleAs(page, member, `/admin/orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
};

/** Confirms the console's confirmation dialog. */
const confirmIn = async (page: Page, title: string, button: string) => {
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: button }).click();
};

/** A staff action through the API (to reach a state quickly), answered 200. */
async function staffCall(request: APIRequestContext, member: StaffMember, path: string, data: object = {}) {
  const answer = await request.post(path, { data, headers: { authorization: `Bearer ${member.token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('staff print the packing slip, pack, ship with an AWB, deliver and refund part of an order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer, { units: 2 });
  const line = order.lines[0]!;
  const member = await createStaffMember(request, 'orders');
  await openOrder(page, member, order);

  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Placed');
  await expect(status).toContainText('Paid');
  await expect(status).toContainText('Not packed yet');
  await expect(status.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Shipment' })).toContainText('Not shipped yet.');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByRole('listitem')).not.toHaveCount(0);
  await page.screenshot({ path: `${shots}/admin-order-new.png`, fullPage: true });

  // The packing slip: the address with the mobile, the line, its colour and units, no prices.
  await page.getByRole('link', { name: 'Print packing slip' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Packing slip for order ${order.orderNumber}` }),
  ).toBeVisible();
  const slip = page.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText(order.orderNumber);
  await expect(slip).toContainText(`${testAddress.city}, ${testAddress.state} ${testAddress.pincode}`);
  await expect(slip).toContainText(`Mobile ${testAddress.mobile}`);
  const slipRow = slip.getByRole('row').filter({ hasText: line.title });
  await expect(slipRow.getByRole('cell').last()).toHaveText('2');
  await expect(slipRow.getByRole('checkbox')).not.toBeChecked();
  await expect(slip).not.toContainText('₹');
  await page.screenshot({ path: `${shots}/admin-packing-slip.png`, fullPage: true });
  // On paper only the slip: the console's sidebar and the page's header are not printed.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
  await expect(slip).toBeVisible();
  await page.screenshot({ path: `${shots}/admin-packing-slip-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();

  await status.getByRole('button', { name: 'Pack' }).click();
  await confirmIn(page, `Mark order ${order.orderNumber} as packed?`, 'Mark packed');
  await expect(status).toContainText('Processing');
  await expect(status.getByRole('button', { name: 'Pack' })).toHaveCount(0);

  await status.getByRole('button', { name: 'Shipped another way' }).click();
  const ship = page.getByRole('dialog', { name: `Order ${order.orderNumber} shipped another way` });
  await ship.getByLabel('Carrier').fill('Delhivery');
  await ship.getByLabel('AWB number').fill('x');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  // The API's own rule, checked before anything is sent.
  await expect(ship).toContainText('The AWB number is 4 to 40 letters, digits or hyphens');
  await ship.getByLabel('AWB number').fill('DLV1234567890');
  await ship
    .getByLabel('Tracking link (optional)')
    .fill('https://www.delhivery.com/track/package/DLV1234567890');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(ship).toBeHidden();
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await expect(shipment).toContainText('Delhivery');
  await expect(shipment).toContainText('DLV1234567890');
  await expect(shipment.getByRole('link', { name: /Track the parcel/ })).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track/package/DLV1234567890',
  );
  await expect(status).toContainText('Shipped');
  // Shipped: no cancelling any more.
  await expect(status.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('DLV1234567890');
  await expect(timeline).toContainText(member.email);
  await page.screenshot({ path: `${shots}/admin-order-shipped.png`, fullPage: true });

  await status.getByRole('button', { name: 'Mark delivered' }).click();
  await confirmIn(page, `Mark order ${order.orderNumber} as delivered?`, 'Mark delivered');
  await expect(status.getByText('Delivered', { exact: true }).first()).toBeVisible();
  await expect(status).toContainText('Returns can be asked for until');

  // Part of it back: one of the two units.
  await status.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
  await expect(refund).toContainText(`Left to refund${rupees(order.total)}`);
  await refund.getByRole('radio', { name: 'Chosen items' }).check();
  await refund.getByRole('spinbutton', { name: /Units of .* to refund, at most 2/ }).fill('1');
  await expect(refund).toContainText(`Items chosen: ${rupees(line.price)}`);
  await refund.getByLabel('Reason').fill('One unit arrived scratched');
  await page.screenshot({ path: `${shots}/admin-order-refund-dialog.png` });
  await refund.getByRole('button', { name: `Refund ${rupees(line.price)}` }).click();
  await expect(refund).toBeHidden();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  const refundRow = refunds.getByRole('row', { name: /One unit arrived scratched/ });
  await expect(refundRow).toContainText(rupees(line.price));
  await expect(refundRow).toContainText(/Pending|Processed/);
  await expect(refunds).toContainText(`${rupees(order.total - line.price)} left to refund`);
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('1 refunded');

  await page.getByLabel('Staff note').fill('Customer called: keeps the other unit.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline.getByRole('listitem').last()).toContainText('Customer called: keeps the other unit.');
  await expect(page.getByLabel('Staff note')).toHaveValue('');
});

test('a tab that did not see the order ship is told why it cannot cancel it; a refund finds nothing left', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer);
  const member = await createStaffMember(request, 'orders');
  await openOrder(page, member, order);
  const other = await page.context().newPage();
  await other.goto(`/admin/orders/${order._id}`);
  const otherStatus = other.getByRole('region', { name: 'Status' });
  await expect(otherStatus.getByRole('button', { name: 'Cancel order' })).toBeVisible();

  // The first tab packs and ships it.
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Pack' }).click();
  await confirmIn(page, `Mark order ${order.orderNumber} as packed?`, 'Mark packed');
  await expect(status).toContainText('Processing');
  await status.getByRole('button', { name: 'Shipped another way' }).click();
  const ship = page.getByRole('dialog', { name: `Order ${order.orderNumber} shipped another way` });
  await ship.getByLabel('Carrier').fill('Blue Dart');
  await ship.getByLabel('AWB number').fill('BD-77881234');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(status).toContainText('Shipped');

  // The second still offers Cancel: the API refuses, and the dialog says why.
  await otherStatus.getByRole('button', { name: 'Cancel order' }).click();
  const cancel = other.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(cancel).toContainText('is refunded to the customer');
  await expect(cancel).toContainText('back into stock');
  await cancel.getByLabel('Reason for cancelling').fill('Customer asked by phone');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancel.getByRole('alert')).toContainText(/already shipped/);
  await other.screenshot({ path: `${shots}/admin-order-409.png` });
  await cancel.getByRole('button', { name: 'Keep the order' }).click();
  // The page fetched the order again: shipped, nothing to cancel.
  await expect(otherStatus).toContainText('Shipped');
  await expect(otherStatus.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // The first tab refunds everything; the second, still showing the full amount left, cannot refund more.
  await status.getByRole('button', { name: 'Refund' }).click();
  const refundAll = page.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
  await refundAll.getByLabel('Reason').fill('Goodwill: the parcel was late');
  await refundAll.getByRole('button', { name: `Refund ${rupees(order.total)}` }).click();
  await expect(refundAll).toBeHidden();
  await expect(page.getByRole('region', { name: 'Refunds' })).toContainText(`${rupees(0)} left to refund`);

  await otherStatus.getByRole('button', { name: 'Refund' }).click();
  const refundMore = other.getByRole('dialog', { name: `Refund order ${order.orderNumber}` });
  await refundMore.getByRole('radio', { name: 'An amount' }).check();
  await refundMore.getByLabel('Amount in rupees').fill('100');
  await refundMore.getByLabel('Reason').fill('Delivery charge back');
  await refundMore.getByRole('button', { name: `Refund ${rupees(100)}` }).click();
  await expect(refundMore.getByRole('alert')).toContainText(/nothing left to refund|left to refund/);
  await refundMore.getByRole('button', { name: 'Cancel' }).click();
  await expect(other.getByRole('region', { name: 'Refunds' })).toContainText(`${rupees(0)} left to refund`);
  await other.close();
  allowFailedApiCalls(consoleErrors, 409);
});

test('staff approve and receive one return with its refund, and reject another with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer, { lines: 2 });
  const [kept, sentBack] = [order.lines[0]!, order.lines[1]!];
  const member = await createStaffMember(request, 'orders');
  const base = `/api/admin/orders/${order._id}`;
  await staffCall(request, member, `${base}/pack`);
  await staffCall(request, member, `${base}/ship`, { carrier: 'DTDC', awb: 'D12345678' });
  await staffCall(request, member, `${base}/deliver`);
  const asCustomer = { authorization: `Bearer ${customer.token}` };
  const returned = await request.post(`/api/user/orders/${order._id}/return`, {
    data: { lines: [{ lineId: sentBack._id, quantity: 1 }], reason: 'Too small for my wrist' },
    headers: asCustomer,
  });
  expect(returned.status(), await returned.text()).toBe(200);

  await openOrder(page, member, order);
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Requested');
  await expect(returns).toContainText('Too small for my wrist');
  await expect(returns).toContainText(`1 × ${sentBack.title}`);
  await returns.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve the return on order ${order.orderNumber}?` });
  await approve.getByLabel('Note to the customer (optional)').fill('A courier collects it tomorrow.');
  await approve.getByRole('button', { name: 'Approve return' }).click();
  await expect(returns).toContainText('Approved, awaiting the goods');
  await expect(returns).toContainText('A courier collects it tomorrow.');

  await returns.getByRole('button', { name: 'Receive' }).click();
  const receive = page.getByRole('dialog', { name: `Receive the return on order ${order.orderNumber}` });
  await expect(receive.getByRole('checkbox', { name: /Refund the returned items now/ })).toBeChecked();
  await receive.getByRole('checkbox', { name: /The goods can be sold again/ }).check();
  await receive.getByRole('button', { name: 'Receive return' }).click();
  await expect(receive).toBeHidden();
  await expect(returns).toContainText('Received');
  await expect(returns.getByRole('button')).toHaveCount(0);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(refunds.getByRole('row').nth(1)).toContainText(rupees(sentBack.price));
  await expect(page.getByRole('region', { name: 'Items' })).toContainText('1 returned');

  // A second request, for the other line, rejected with a reason the customer reads.
  const again = await request.post(`/api/user/orders/${order._id}/return`, {
    data: { lines: [{ lineId: kept._id, quantity: 1 }], reason: 'Changed my mind' },
    headers: asCustomer,
  });
  expect(again.status(), await again.text()).toBe(200);
  await page.reload();
  await expect(returns.getByRole('listitem').filter({ hasText: 'Changed my mind' })).toContainText(
    'Requested',
  );
  await returns.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject the return on order ${order.orderNumber}?` });
  await reject.getByRole('button', { name: 'Reject return' }).click();
  await expect(reject).toContainText('Please give a reason for the rejection');
  await reject.getByLabel('Reason').fill('Opened and used: not returnable');
  await reject.getByRole('button', { name: 'Reject return' }).click();
  await expect(reject).toBeHidden();
  await expect(returns.getByRole('listitem').filter({ hasText: 'Changed my mind' })).toContainText(
    'Rejected',
  );
  await page.screenshot({ path: `${shots}/admin-order-return-refund.png`, fullPage: true });
});

test('an order returned in full is found under Returned in the orders list; support sees it without actions', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer);
  const member = await createStaffMember(request, 'orders');
  const base = `/api/admin/orders/${order._id}`;
  await staffCall(request, member, `${base}/pack`);
  await staffCall(request, member, `${base}/ship`, { carrier: 'Ekart', awb: 'EK99887766' });
  await staffCall(request, member, `${base}/deliver`);
  const line = order.lines[0]!;
  const returned = await request.post(`/api/user/orders/${order._id}/return`, {
    data: { lines: [{ lineId: line._id, quantity: line.quantity }], reason: 'Wrong size' },
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(returned.status(), await returned.text()).toBe(200);
  const returnId = ((await returned.json()) as { returns: { _id: string }[] }).returns[0]!._id;
  await staffCall(request, member, `${base}/returns/${returnId}/approve`);
  await staffCall(request, member, `${base}/returns/${returnId}/receive`, { restockable: true });

  await openConsoleAs(page, member, '/admin/orders');
  await page
    .getByRole('group', { name: 'Show orders by status' })
    .getByRole('button', { name: 'Returned' })
    .click();
  await expect(page).toHaveURL(/[?&]status=Returned/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(order.orderNumber);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Orders' });
  const row = table.getByRole('row').filter({ hasText: order.orderNumber });
  await expect(row.getByText('Returned', { exact: true })).toBeVisible();
  // Under Delivered it is not.
  await page
    .getByRole('group', { name: 'Show orders by status' })
    .getByRole('button', { name: 'Delivered' })
    .click();
  await expect(page).toHaveURL(/[?&]status=Delivered/);
  await expect(table).toContainText('No orders match these filters.');

  // Support reads the order (orders.read) but has none of its actions (orders.write).
  const support = await createStaffMember(request, 'support');
  await openOrder(page, support, order);
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText('Received');
  await expect(page.getByRole('region', { name: 'Status' })).toContainText('Returned');
  await expect(page.getByRole('region', { name: 'Status' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Returns' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByLabel('Staff note')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Print packing slip' })).toBeVisible();
});
