import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations } from './axe';
import { placeOrder } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createProduct } from './data';
import { type Customer, createCustomer, expect, signIn, test } from './fixtures';
import { allowFailedApiCalls, auth, expectToast, recordToasts, rupees } from './shop';

/**
 * A parcel's whole life in the demo, with no AWB typed anywhere: a shopper pays (test gateway) after
 * seeing the delivery charge and the promised day for their pincode; staff ship the order from its
 * console page (the test courier's AWB), save the label, ask for a pickup on the Pickups page and
 * save its manifest; the test courier plays picked up, in transit, out for delivery and delivered;
 * the shopper's order page shows every scan and "Delivered". (The ship dialog's partial parcels,
 * bulk labels, cancelling and the 375 px tracking view are admin-shipping.spec.ts's; the pincode
 * promise's other cases are delivery.spec.ts's.) Screenshots land in test-results/screenshots/.
 */
test.use({ viewport: { width: 1280, height: 900 } });
const shots = 'test-results/screenshots';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayWords = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${DAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
};

async function pdfText(download: Download): Promise<string> {
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The first page of a PDF as a PNG beside the screenshots, to look at. */
async function pictureOf(download: Download, name: string) {
  if (!existsSync('/usr/bin/pdftoppm')) return;
  execFileSync('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '1',
    await download.path(),
    `${shots}/${name}`,
  ]);
}

/** The shopper buys one unit through the checkout page; answers the order's id. */
async function buyAtCheckout(page: Page, request: APIRequestContext, customer: Customer) {
  const item = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Parcel Life Tee',
    // Under the free-delivery threshold: the delivery charge is on the bill.
    price: 399,
    mrp: 599,
  });
  const added = await request.post('/api/user/cart', {
    headers: auth(customer.token),
    data: { productId: item._id, color: item.color[0]!._id, quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-address-cleared')) {
      localStorage.removeItem('address');
      sessionStorage.setItem('e2e-address-cleared', '1');
    }
  });
  await signIn(page, customer);
  await page.goto('/checkout');
  await page.getByLabel('Country').selectOption('India');
  await page.getByLabel('First name', { exact: true }).fill('Meera');
  await page.getByLabel('Last name', { exact: true }).fill('Iyer');
  await page.getByLabel('Address', { exact: true }).fill('12, 4th Cross, Indiranagar');
  await page.getByLabel('Landmark', { exact: true }).fill('Near the metro');
  await page.getByLabel('Pincode', { exact: true }).fill('560038');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Bengaluru');

  // What the server promises and charges for this pincode, on the page before paying.
  const place = (await (await request.get('/api/pincode/560038')).json()) as { deliveryBy: string };
  await expect(page.locator('.checkout-delivery')).toHaveText(
    `Bengaluru, Karnataka: delivery by ${dayWords(place.deliveryBy)}`,
  );
  const quote = (await (
    await request.post('/api/user/order/quote', {
      headers: auth(customer.token),
      data: { pincode: '560038' },
    })
  ).json()) as { delivery: number; total: number };
  expect(quote.delivery).toBeGreaterThan(0);
  await expect(page.locator('.price-breakup-delivery dd').first()).toHaveText(rupees(quote.delivery));
  await expect(page.locator('.price-breakup-total dd')).toHaveText(rupees(quote.total));
  await page.screenshot({ path: `${shots}/parcel-life-checkout.png`, fullPage: true });

  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const sheet = page.getByRole('dialog', { name: 'Bharat Bazaar' });
  await sheet.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL('/my-orders');
  const orders = (await (
    await request.get('/api/user/getmyorders', { headers: auth(customer.token) })
  ).json()) as { orders: { _id: string; orderNumber: string; orderItems: { title: string }[] }[] };
  const order = orders.orders.find((o) => o.orderItems.some((line) => line.title === item.title));
  expect(order, 'the order just paid').toBeTruthy();
  return { ...order!, itemTitle: item.title };
}

/** Staff ship it from its page with the courier the shop's rule picks, and save the label. */
async function shipFromConsole(page: Page, member: StaffMember, order: { _id: string; orderNumber: string }) {
  await openConsoleAs(page, member, `/admin/orders/${order._id}`);
  await page
    .getByRole('region', { name: 'Status' })
    .getByRole('button', { name: 'Ship', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Book the parcel' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'AWB TC');
  const parcel = page.getByRole('region', { name: 'Shipments' }).getByRole('listitem').first();
  await expect(parcel).toContainText('Booked, awaiting pickup');
  const awb = ((await parcel.locator('.parcel-awb code').textContent()) ?? '').trim();
  expect(awb).toMatch(/^TC\d{10}$/);
  const [label] = await Promise.all([
    page.waitForEvent('download'),
    parcel.getByRole('button', { name: /^Label/ }).click(),
  ]);
  expect(label.suggestedFilename()).toBe(`label-${awb}.pdf`);
  const text = await pdfText(label);
  expect(text).toContain(awb);
  expect(text).toContain(order.orderNumber);
  await pictureOf(label, 'parcel-life-label');
  return awb;
}

/** Staff ask for a pickup of that parcel on the first day offered, and save its manifest. */
async function schedulePickup(page: Page, awb: string, orderNumber: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Pickups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pickups' })).toBeVisible();
  const waiting = page.getByRole('table', { name: 'Parcels waiting for a pickup' });
  const row = waiting.getByRole('row').filter({ hasText: awb });
  await expect(row).toContainText(orderNumber);
  // Other specs' parcels wait too: only this one goes.
  await page.getByRole('checkbox', { name: 'Select every parcel waiting' }).uncheck();
  await row.getByRole('checkbox', { name: `Select parcel ${awb} of order ${orderNumber}` }).check();
  const day = page.getByLabel('Pickup day');
  const chosen = await day.inputValue();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/admin-pickups-waiting.png`, fullPage: true });
  await page.getByRole('button', { name: 'Request pickup (1 parcel)' }).click();
  await expectToast(page, `Pickup of 1 parcel asked for ${dayWords(chosen)}`);
  await expect(waiting.getByRole('row').filter({ hasText: awb })).toHaveCount(0);

  const pickup = page.getByRole('listitem').filter({ has: page.getByRole('cell', { name: awb }) });
  await expect(pickup.getByRole('heading', { level: 3 })).toHaveText(`Pickup on ${dayWords(chosen)}`);
  await expect(pickup).toContainText('Scheduled');
  await expect(pickup).toContainText('Reference TCP-');
  expect(await axeViolations(page)).toEqual([]);
  await pickup.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/admin-pickups-scheduled.png`, fullPage: true });

  const [manifest] = await Promise.all([
    page.waitForEvent('download'),
    pickup.getByRole('button', { name: /^Manifest/ }).click(),
  ]);
  expect(manifest.suggestedFilename()).toMatch(new RegExp(`^manifest-${chosen}-TCP-\\d{10}\\.pdf$`));
  const text = await pdfText(manifest);
  for (const words of ['Pickup manifest', awb, orderNumber, 'Parcels: 1', 'Received by'])
    expect(text).toContain(words);
  await pictureOf(manifest, 'parcel-life-manifest');
}

test('a paid order goes to delivered with no typed AWB: checkout promise, ship, label, pickup, manifest, scans', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await createCustomer(request);
  const order = await buyAtCheckout(page, request, customer);

  const member = await createStaffMember(request, 'orders');
  await recordToasts(page);
  const awb = await shipFromConsole(page, member, order);
  await schedulePickup(page, awb, order.orderNumber);

  // The courier's scans, as its webhooks bring them.
  const journey = [
    ['picked-up', 'Bengaluru hub', 'Picked up by the courier'],
    ['in-transit', 'Hosur sorting centre', 'On its way'],
    ['out-for-delivery', 'Indiranagar', 'Out for delivery'],
    ['delivered', 'Indiranagar', 'Delivered'],
  ] as const;
  for (const [status, location] of journey) {
    const scanned = await request.post(`/api/shipping/test-courier/shipments/${awb}/events`, {
      data: { status, location },
    });
    expect(scanned.status(), await scanned.text()).toBe(200);
    expect(((await scanned.json()) as { status: string }).status).toBe('processed');
  }

  // The shopper's order page: delivered, with every scan, newest first.
  await page.goto(`/my-orders/${order._id}`);
  const tracking = page.getByRole('region', { name: 'Parcel journey' });
  await expect(tracking.locator('.order-parcel-title')).toHaveText('Delivered');
  await expect(tracking).toContainText(`· AWB ${awb}`);
  const scans = tracking
    .getByRole('list', { name: `Courier scans of ${awb}, newest first` })
    .getByRole('listitem');
  await expect(scans).toHaveCount(4);
  for (const [i, [, location, words]] of [...journey].reverse().entries())
    await expect(scans.nth(i)).toContainText(`${words} · ${location}`);
  await expect(page.getByRole('main')).toContainText('Delivered');
  // The e-mail confirmation banner sits over the page's foot: put off, as a shopper would.
  const later = page.getByRole('button', { name: 'Not now' });
  if (await later.isVisible()) await later.click();
  await tracking.screenshot({ path: `${shots}/parcel-life-delivered.png` });

  // And the console's pickup shows the parcel delivered.
  const staffView = await request.get('/api/admin/shipments/pickups', { headers: auth(member.token) });
  const { pickups } = (await staffView.json()) as {
    pickups: { parcels: { awb: string; status: string }[] }[];
  };
  expect(pickups.flatMap((p) => p.parcels).find((p) => p.awb === awb)?.status).toBe('delivered');
});

test('staff who only read orders see the pickups but cannot ask for one', async ({ page, request }) => {
  const support = await createStaffMember(request, 'support');
  await openConsoleAs(page, support, '/admin/shipments/pickups');
  await expect(page.getByRole('heading', { level: 1, name: 'Pickups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Parcels waiting for a pickup' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Request pickup/ })).toHaveCount(0);
});

test('a parcel cancelled while the pickups page is open: the refusal is shown and the list catches up', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const member = await createStaffMember(request, 'orders');
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer);
  const shipped = await request.post(`/api/admin/orders/${order._id}/shipments`, {
    data: {},
    headers: auth(member.token),
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const parcel = (await shipped.json()) as { _id: string; awb: string };

  await openConsoleAs(page, member, '/admin/shipments/pickups');
  const waiting = page.getByRole('table', { name: 'Parcels waiting for a pickup' });
  await page.getByRole('checkbox', { name: 'Select every parcel waiting' }).uncheck();
  await waiting
    .getByRole('checkbox', { name: `Select parcel ${parcel.awb} of order ${order.orderNumber}` })
    .check();
  const cancelled = await request.post(`/api/admin/shipments/${parcel._id}/cancel`, {
    data: {},
    headers: auth(member.token),
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.getByRole('button', { name: 'Request pickup (1 parcel)' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    `Parcel ${parcel.awb} was cancelled: there is nothing to collect.`,
  );
  await expect(waiting.getByRole('row').filter({ hasText: parcel.awb })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/admin-pickups-refused.png`, fullPage: true });
  allowFailedApiCalls(consoleErrors, 409);
});
