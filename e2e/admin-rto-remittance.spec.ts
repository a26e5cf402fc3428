import type { APIRequestContext } from '@playwright/test';
import { axeViolations } from './axe';
import { type PlacedOrder, placeCodOrder, placeOrder } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';
import { expectToast, recordToasts, rupees } from './shop';

/**
 * Parcels that come back and cash that comes in: a prepaid order shipped through the test courier
 * is returned to origin, waits in the console's returns-to-origin list, is received back there and
 * refunded (once); a cash-on-delivery order delivered by the courier is marked paid by the
 * remittance report uploaded on the COD remittances page, which lists a row it could not match.
 * Both pages and the receive dialog pass axe. Screenshots at 1280 px land in test-results/screenshots/.
 */
test.use({ viewport: { width: 1280, height: 900 } });
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';

const bearer = (member: StaffMember) => ({ authorization: `Bearer ${member.token}` });

/** Books one parcel of every unit of the order; answers its id and AWB. */
async function shipAll(request: APIRequestContext, member: StaffMember, orderId: string) {
  const made = await request.post(`/api/admin/orders/${orderId}/shipments`, {
    data: {},
    headers: bearer(member),
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { _id: string; awb: string; codAmount: number };
}

/** The test courier's scans, as its scanners would send them. */
async function scans(request: APIRequestContext, awb: string, ...statuses: string[]) {
  for (const status of statuses) {
    const answer = await request.post(`/api/shipping/test-courier/shipments/${awb}/events`, {
      data: { status, ...(status === 'rto-initiated' ? { reason: 'Customer refused the parcel' } : {}) },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
}

async function staffOrder(request: APIRequestContext, member: StaffMember, order: { _id: string }) {
  const answer = await request.get(`/api/admin/orders/${order._id}`, { headers: bearer(member) });
  return (await answer.json()) as {
    status: string;
    paymentStatus: string;
    refunds: { amount: number; method: string }[];
  };
}

test('a prepaid parcel returned to origin is received back in the console and refunded once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request);
  const order: PlacedOrder = await placeOrder(request, customer);
  const member = await createStaffMember(request, 'orders');
  const parcel = await shipAll(request, member, order._id);
  await scans(request, parcel.awb, 'picked-up', 'in-transit', 'out-for-delivery', 'rto-initiated');
  const told = await expectMail(customer.email, 'is coming back to us');
  expect(told.text).toContain(parcel.awb);
  await scans(request, parcel.awb, 'rto-delivered');

  await recordToasts(page);
  await openConsoleAs(page, member, '/admin/shipments/returns-to-origin');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns to origin' })).toBeVisible();
  const toReceive = page.getByRole('table', { name: 'Parcels back at the shop, waiting to be received' });
  const row = toReceive.getByRole('row').filter({ hasText: parcel.awb });
  await expect(row).toContainText(order.orderNumber);
  await expect(row).toContainText('Asha Verma');
  await expect(row).toContainText('Prepaid');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-returns-to-origin.png`, fullPage: true });

  await row.getByRole('button', { name: `Receive back parcel ${parcel.awb}` }).click();
  const dialog = page.getByRole('dialog', { name: `Receive back parcel ${parcel.awb}` });
  await expect(dialog.getByRole('radio', { name: /Intact/ })).toBeChecked();
  await expect(dialog.getByRole('spinbutton')).toHaveValue('1');
  await dialog.getByRole('textbox', { name: /Note/ }).fill('Box sealed, as sent');
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-rto-receive-dialog.png` });
  await dialog.getByRole('button', { name: 'Receive parcel' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `Parcel ${parcel.awb} received back. ${rupees(order.total)} is being refunded`);
  await expect(toReceive.getByRole('row').filter({ hasText: parcel.awb })).toHaveCount(0);

  // The order: returned, refunded once, the receipt on its parcel.
  await expect
    .poll(async () => (await staffOrder(request, member, order)).paymentStatus, { timeout: 15_000 })
    .toBe('refunded');
  const closed = await staffOrder(request, member, order);
  expect(closed.status).toBe('Returned');
  expect(closed.refunds).toEqual([expect.objectContaining({ amount: order.total, method: 'provider' })]);
  const again = await request.post(`/api/admin/shipments/${parcel._id}/rto-receipt`, {
    data: { condition: 'intact', restock: 'all' },
    headers: bearer(member),
  });
  expect(((await again.json()) as { alreadyReceived: boolean }).alreadyReceived).toBe(true);
  expect((await staffOrder(request, member, order)).refunds).toHaveLength(1);

  await page.goto(`/admin/orders/${order._id}`);
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments).toContainText('Received back');
  await expect(shipments).toContainText('Box sealed, as sent');
  await expect(page.getByRole('region', { name: 'Status' }).locator('.status-now')).toContainText('Returned');
  await page.screenshot({ path: `${shots}/admin-order-returned-to-origin.png`, fullPage: true });

  // The dashboard counts it in the RTO rate.
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /^RTO rate, 30 days: \d/ })).toBeVisible();
  await page.screenshot({ path: `${shots}/admin-dashboard-rto-rate.png` });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the customer of a cash-on-delivery order that came back reads that they owe nothing', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const order = await placeCodOrder(request);
    const member = await createStaffMember(request, 'orders');
    const parcel = await shipAll(request, member, order._id);
    await scans(request, parcel.awb, 'picked-up', 'rto-initiated', 'rto-delivered');
    const received = await request.post(`/api/admin/shipments/${parcel._id}/rto-receipt`, {
      data: { condition: 'intact', restock: 'all' },
      headers: bearer(member),
    });
    expect(received.status(), await received.text()).toBe(200);

    await signIn(page, order.customer);
    await page.goto(`/my-orders/${order._id}`);
    const panel = page.getByRole('region', { name: 'Not charged' });
    await expect(panel).toContainText(`Not charged: parcel ${parcel.awb} came back to us undelivered`);
    await expect(panel).toContainText('You have nothing to pay for the items that came back to us.');
    await expect(
      page.getByText(`Parcel ${parcel.awb} could not be delivered and is coming back to us`),
    ).toBeVisible();
    await page.screenshot({ path: `${shots}/order-not-charged-375.png`, fullPage: true });
  });
});

test('a COD remittance report marks the delivered order paid and lists the row it could not match', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const order = await placeCodOrder(request);
  const member = await createStaffMember(request, 'orders');
  const parcel = await shipAll(request, member, order._id);
  await scans(request, parcel.awb, 'picked-up', 'out-for-delivery', 'delivered');
  expect((await staffOrder(request, member, order)).paymentStatus).toBe('unpaid');

  const utr = `UTR${Date.now()}`;
  const csv = [
    'Order ID,AWB Code,Courier,COD Amount,CRF ID,UTR No,Remittance Date',
    `${order.orderNumber},${parcel.awb},TC Surface,${parcel.codAmount.toFixed(2)},CRF1,${utr},2026-12-01`,
    `BB-UNKNOWN,TC0000000001,TC Surface,499.00,CRF1,${utr},2026-12-01`,
  ].join('\n');

  await recordToasts(page);
  await openConsoleAs(page, member, '/admin/shipping/remittances');
  await expect(page.getByRole('heading', { level: 1, name: 'COD remittances' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByLabel('Remittance report (CSV)').setInputFiles({
    name: `remittance-${utr}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, `1 parcel applied (${rupees(parcel.codAmount)}); 1 difference listed.`);

  const outcome = page.getByRole('region', { name: `remittance-${utr}.csv` });
  await expect(outcome).toContainText('1 of 2 rows');
  const differences = outcome.getByRole('table', { name: 'Rows not applied, with the reason' });
  await expect(differences.getByRole('row').filter({ hasText: 'TC0000000001' })).toContainText('Unknown AWB');
  const applied = outcome.getByRole('table', { name: 'Rows applied' });
  await expect(applied.getByRole('row').filter({ hasText: parcel.awb })).toContainText(order.orderNumber);
  await expect(page.getByRole('table', { name: 'Remittance reports uploaded, newest first' })).toContainText(
    `remittance-${utr}.csv`,
  );
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-cod-remittances.png`, fullPage: true });
  expect((await staffOrder(request, member, order)).paymentStatus).toBe('paid');

  // The same file again changes nothing and says so.
  await page.getByLabel('Remittance report (CSV)').setInputFiles({
    name: `remittance-${utr}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'This report was uploaded before: nothing changed.');
  await expect(page.getByRole('status').filter({ hasText: 'This file was uploaded before' })).toBeVisible();
});
