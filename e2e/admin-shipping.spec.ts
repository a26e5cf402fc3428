import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations } from './axe';
import { type PlacedOrder, placeOrder } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';
import { allowFailedApiCalls, expectToast, recordToasts } from './shop';

/**
 * The console's shipping: an order shipped through the (test) courier in two parcels from its page,
 * labels as PDFs, a parcel cancelled and one the courier already has refused; orders ticked in the
 * list and shipped at once with one labels PDF; the shipping settings saved, and a bad value shown
 * at its field. Each test buys its own orders and signs in as an orders member of its own; the
 * settings test puts the shop's settings back as it found them. Screenshots at 1280 px land in
 * test-results/screenshots/.
 */
test.use({ viewport: { width: 1280, height: 900 } });
const shots = 'test-results/screenshots';

const bearer = (member: StaffMember) => ({ authorization: `Bearer ${member.token}` });

async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const downloaded = async (download: Download) => readFileSync(await download.path());

type Parcel = {
  _id: string;
  awb: string | null;
  status: string;
  lines: { lineId: string; quantity: number }[];
};
async function parcelsOf(request: APIRequestContext, member: StaffMember, order: PlacedOrder) {
  const answer = await request.get(`/api/admin/orders/${order._id}/shipments`, { headers: bearer(member) });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { shipments: Parcel[] }).shipments;
}

/** The order's status as the API says it (the page's Status panel holds buttons naming "Ship" too). */
async function orderStatus(request: APIRequestContext, member: StaffMember, order: PlacedOrder) {
  const answer = await request.get(`/api/admin/orders/${order._id}`, { headers: bearer(member) });
  return ((await answer.json()) as { status: string }).status;
}

const openShipDialog = async (page: Page, order: PlacedOrder) => {
  await page
    .getByRole('region', { name: 'Status' })
    .getByRole('button', { name: 'Ship', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  // The couriers are quoted, the shop's rule's pick chosen.
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
  return dialog;
};

test('staff ship an order in two parcels through the courier, print a label and cancel a parcel', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer, { lines: 2, units: 2 });
  const [first, second] = [order.lines[0]!, order.lines[1]!];
  const member = await createStaffMember(request, 'orders');
  await recordToasts(page);
  await openConsoleAs(page, member, `/admin/orders/${order._id}`);
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments).toContainText('Not shipped yet.');

  // The first parcel: one unit of the first item only.
  let dialog = await openShipDialog(page, order);
  await expect(dialog.getByRole('row').filter({ hasText: first.title })).toContainText('2 of 2 left to ship');
  await expect(dialog.getByRole('radio')).not.toHaveCount(1);
  await dialog.getByRole('row').filter({ hasText: second.title }).getByRole('checkbox').uncheck();
  await dialog.getByRole('row').filter({ hasText: first.title }).getByRole('spinbutton').fill('1');
  // Quoted again for the smaller parcel; staff take another courier than the rule's.
  await expect(dialog.locator('fieldset[aria-busy="true"]')).toHaveCount(0);
  const other = dialog.getByRole('radio', { checked: false }).last();
  const courier = await other.inputValue();
  await other.check();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-ship-dialog.png` });
  await dialog.getByRole('button', { name: 'Book the parcel' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, `Parcel booked with ${courier}: AWB TC`);
  const parcels = shipments.getByRole('list').first().locator(':scope > li');
  await expect(parcels).toHaveCount(1);
  await expect(parcels.first()).toContainText(courier);
  await expect(parcels.first()).toContainText(`1 × ${first.title}`);
  await expect(parcels.first()).toContainText('Booked, awaiting pickup');
  const [booked] = await parcelsOf(request, member, order);
  const awb = booked!.awb!;
  expect(awb).toMatch(/^TC\d{10}$/);
  await expect(parcels.first()).toContainText(awb);
  expect(await orderStatus(request, member, order)).not.toBe('Shipped');

  // Its label: saved from the page, and the same PDF through the API carries the AWB.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    parcels
      .first()
      .getByRole('button', { name: /^Label/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`label-${awb}.pdf`);
  expect(await pdfText(await downloaded(download))).toContain(awb);
  const label = await request.get(`/api/admin/shipments/${booked!._id}/label`, { headers: bearer(member) });
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toContain('application/pdf');
  expect(await pdfText(await label.body())).toContain(awb);

  // The rest: what is left is offered, and once every unit is in a parcel the order has shipped.
  dialog = await openShipDialog(page, order);
  await expect(dialog.getByRole('row').filter({ hasText: first.title })).toContainText('1 of 2 left to ship');
  await expect(dialog.getByRole('row').filter({ hasText: second.title })).toContainText(
    '2 of 2 left to ship',
  );
  await dialog.getByRole('button', { name: 'Book the parcel' }).click();
  await expect(dialog).toBeHidden();
  await expect(parcels).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Status' }).locator('.status-now')).toContainText('Shipped');
  await expect(
    page.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Ship', exact: true }),
  ).toHaveCount(0);
  await page.screenshot({ path: `${shots}/admin-order-parcels.png`, fullPage: true });

  // The courier picks the first parcel up while the page still offers to cancel it: the refusal is shown.
  const picked = await request.post(`/api/shipping/test-courier/shipments/${awb}/events`, {
    data: { status: 'picked-up' },
  });
  expect(picked.status(), await picked.text()).toBe(200);
  await parcels
    .first()
    .getByRole('button', { name: /^Cancel shipment/ })
    .click();
  await page
    .getByRole('dialog', { name: `Cancel parcel ${awb}?` })
    .getByRole('button', { name: 'Cancel shipment' })
    .click();
  await expect(shipments.getByRole('alert')).toContainText('picked up');
  await expect(parcels.first()).toContainText('Picked up');
  await expect(parcels.first().getByRole('button', { name: /^Cancel shipment/ })).toHaveCount(0);

  // The second is still with the shop: cancelled, its units free to ship again.
  const secondAwb = (await parcelsOf(request, member, order))[1]!.awb!;
  await parcels
    .nth(1)
    .getByRole('button', { name: /^Cancel shipment/ })
    .click();
  await page
    .getByRole('dialog', { name: `Cancel parcel ${secondAwb}?` })
    .getByRole('button', { name: 'Cancel shipment' })
    .click();
  await expect(parcels.nth(1)).toContainText('Cancelled');
  await expect(parcels.nth(1).getByRole('button', { name: /^Label/ })).toHaveCount(0);
  allowFailedApiCalls(consoleErrors, 409);
});

test('staff tick orders in the list, ship them at once, read who was refused and print one labels PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await createCustomer(request);
  const orders = [await placeOrder(request, customer), await placeOrder(request, customer)];
  const cancelled = await placeOrder(request, customer);
  const member = await createStaffMember(request, 'orders');
  const cancel = await request.post(`/api/admin/orders/${cancelled._id}/cancel`, {
    data: { reason: 'Customer changed their mind' },
    headers: bearer(member),
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await openConsoleAs(page, member, '/admin/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  // Ticks stay while staff search for the next order.
  for (const [i, order] of [...orders, cancelled].entries()) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(order.orderNumber);
    const tick = table.getByRole('checkbox', { name: `Select order ${order.orderNumber}` });
    if (i === 0) {
      // By keyboard: a real checkbox, ticked with the space bar.
      await tick.focus();
      await page.keyboard.press('Space');
      await expect(tick).toBeChecked();
    } else await tick.check();
  }
  const bar = page.getByRole('group', { name: 'Selected orders' });
  await expect(bar).toContainText('3 orders selected');
  await bar.getByRole('button', { name: 'Ship selected' }).click();
  await page
    .getByRole('dialog', { name: 'Ship 3 orders?' })
    .getByRole('button', { name: 'Ship 3 orders' })
    .click();

  const summary = page.getByRole('region', { name: 'Shipped 2 of 3 orders' });
  await expect(summary).toBeVisible();
  for (const order of orders) await expect(summary).toContainText(`Order ${order.orderNumber}: `);
  // The reason names the order once.
  await expect(summary.locator('.bulk-refused li')).toHaveText(
    `Order ${cancelled.orderNumber} was cancelled: there is nothing to ship.`,
  );
  await expect(bar).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-bulk-ship.png`, fullPage: true });

  const awbs = (await Promise.all(orders.map((order) => parcelsOf(request, member, order)))).map(
    (parcels) => parcels[0]!.awb!,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    summary.getByRole('button', { name: 'Print labels (2)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('labels-2-parcels.pdf');
  const text = await pdfText(await downloaded(download));
  for (const awb of awbs) expect(text).toContain(awb);
  if (existsSync('/usr/bin/pdftoppm')) {
    const { execFileSync } = await import('node:child_process');
    execFileSync('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '60',
      '-f',
      '1',
      '-l',
      '1',
      await download.path(),
      `${shots}/admin-bulk-labels`,
    ]);
  }
});

test('the shipping settings page saves a rate card and shows a bad value at its field', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const member = await createStaffMember(request, 'orders');
  const before = await request.get('/api/admin/shipping/settings', { headers: bearer(member) });
  expect(before.status()).toBe(200);
  const original = (await before.json()) as Record<string, unknown> & {
    rates: Record<string, unknown>[];
    warehouse: Record<string, unknown> | null;
  };
  await recordToasts(page);
  try {
    await openConsoleAs(page, member, '/admin');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Shipping' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    const card = page.getByRole('table', { name: 'Rate card by zone' });
    const zones = [
      'Within city',
      'Within state',
      'Metro to metro',
      'Rest of India',
      'North-east, Jammu & Kashmir and Ladakh',
    ];
    for (const [i, zone] of zones.entries()) {
      await card.getByLabel(`First 0.5 kg (₹), ${zone}`).fill(String(40 + i * 10));
      await card.getByLabel(`Each further 0.5 kg (₹), ${zone}`).fill('30');
      await card.getByLabel(`Days (least), ${zone}`).fill(String(1 + i));
      await card.getByLabel(`Days (most), ${zone}`).fill(String(2 + i * 2));
    }
    await card.getByLabel('First 0.5 kg (₹), Metro to metro').fill('61.5');
    // A 2 kg parcel: four slabs, in rupees as India writes them.
    await expect(card.getByRole('row', { name: /Metro to metro/ })).toContainText('₹151.50');
    await card.getByLabel('First 0.5 kg (₹), North-east, Jammu & Kashmir and Ladakh').fill('1234.5');
    await expect(card.getByRole('row', { name: /North-east/ })).toContainText('₹1,324.50');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    await expectToast(page, 'Shipping settings saved.');
    await expect(page.getByText('Last saved')).toBeVisible();
    await page.screenshot({ path: `${shots}/admin-shipping-settings.png`, fullPage: true });

    await page.reload();
    await expect(card.getByLabel('First 0.5 kg (₹), Metro to metro')).toHaveValue('61.5');

    // Days the wrong way round: the server's message, at the field it names.
    await card.getByLabel('Days (least), Within city').fill('9');
    await card.getByLabel('Days (most), Within city').fill('2');
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    const most = card.getByLabel('Days (most), Within city');
    await expect(most).toHaveAttribute('aria-invalid', 'true');
    const message = (await page.getByRole('alert').filter({ hasText: /./ }).last().textContent()) ?? '';
    expect(message.length).toBeGreaterThan(5);
    await expect(card.getByRole('row', { name: /Within city/ })).toContainText(message.trim());
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/admin-shipping-settings-error.png`, fullPage: true });
    allowFailedApiCalls(consoleErrors, 400);
  } finally {
    const { label: _l, flat: _f, updatedAt: _u, warehouse, rates, ...rest } = original;
    const body = {
      ...rest,
      rates: rates.map(({ label: _label, ...rate }) => rate),
      warehouse: warehouse && (({ id: _id, ...fields }) => fields)(warehouse),
    };
    const restored = await request.put('/api/admin/shipping/settings', {
      data: body,
      headers: bearer(member),
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});

test('support staff read the shipping settings but cannot save them nor tick orders to ship', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const support = await createStaffMember(request, 'support');
  await openConsoleAs(page, support, '/admin/settings/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Rate card by zone' }).getByRole('spinbutton').first(),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save shipping settings' })).toHaveCount(0);
  await expect(page.getByText('changing them needs the orders role')).toBeVisible();
  // Nor can they tick orders to ship.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select every order on this page' })).toHaveCount(0);
});

test('the customer follows the parcel on the order page: courier, AWB and every scan, at 375 and 1280 px', async ({
  page,
  request,
}) => {
  const member = await createStaffMember(request, 'orders');
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer);
  const shipped = await request.post(`/api/admin/orders/${order._id}/shipments`, {
    data: {},
    headers: bearer(member),
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const { awb, courier } = (await shipped.json()) as { awb: string; courier: string };
  for (const [status, location] of [
    ['picked-up', 'Bengaluru hub'],
    ['in-transit', 'Hyderabad hub'],
  ]) {
    const scanned = await request.post(`/api/shipping/test-courier/shipments/${awb}/events`, {
      data: { status, location },
    });
    expect(scanned.status(), await scanned.text()).toBe(200);
  }

  await signIn(page, customer);
  for (const [device, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/my-orders/${order._id}`);
    const tracking = page.getByRole('region', { name: 'Parcel journey' });
    await expect(tracking).toContainText('On its way');
    await expect(tracking).toContainText(`${courier} · AWB ${awb}`);
    // Newest scan first.
    const scans = tracking
      .getByRole('list', { name: `Courier scans of ${awb}, newest first` })
      .getByRole('listitem');
    await expect(scans).toHaveCount(2);
    await expect(scans.first()).toContainText('On its way · Hyderabad hub');
    await expect(scans.last()).toContainText('Picked up by the courier · Bengaluru hub');
    expect(await axeViolations(page, '.order-panel')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await tracking.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/order-tracking-${device}.png` });
  }
});
