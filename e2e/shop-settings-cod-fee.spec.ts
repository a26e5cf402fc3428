import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { axeViolations } from './axe';
import { addToCart, productsToBuy } from './buy';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';
import { expectMail } from './outbox';
import { allowFailedApiCalls, expectToast, recordToasts, rupees } from './shop';

/**
 * Cash on delivery's handling fee and live courier rates (decision 049). The shopper sees the fee on
 * the cash-on-delivery option and as a line of the total before placing the order; the order page
 * and the tax invoice show it as its own line. Staff choose live courier rates with a floor and a
 * cap on the shipping settings page (a cap under the floor is refused at its field) and set the fee,
 * its example worked out as they type.
 *
 * These tests change the shop's own settings, which every checkout reads: they run in the
 * `shop-settings` project, after every other spec, one at a time, and put the settings back.
 * Screenshots land in SHOTS_DIR (default test-results/screenshots): storefront at 375 and 1280 px,
 * the console at 1280.
 */
test.describe.configure({ mode: 'serial' });
const shots = process.env.SHOTS_DIR ?? 'test-results/screenshots';
const bearer = (member: StaffMember) => ({ authorization: `Bearer ${member.token}` });

type Settings = Record<string, unknown> & {
  rates: Record<string, unknown>[];
  warehouse: Record<string, unknown> | null;
};

/** The settings as they are, to put back; and a PUT body from them with `change` applied. */
async function settingsOf(request: APIRequestContext, member: StaffMember): Promise<Settings> {
  const answer = await request.get('/api/admin/shipping/settings', { headers: bearer(member) });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Settings;
}
function bodyOf(settings: Settings, change: Record<string, unknown> = {}) {
  const { flat: _f, updatedAt: _u, warehouse, rates, ...rest } = settings;
  return {
    ...rest,
    rates: rates.map(({ label: _label, ...rate }) => rate),
    warehouse: warehouse && (({ id: _id, ...fields }) => fields)(warehouse),
    ...change,
  };
}
async function putSettings(request: APIRequestContext, member: StaffMember, body: object) {
  const answer = await request.put('/api/admin/shipping/settings', { data: body, headers: bearer(member) });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function screenshots(page: Page, name: string) {
  const before = page.viewportSize();
  for (const [device, width] of [
    ['desktop', 1280],
    ['mobile', 375],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${device}-cod-fee-${name}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

async function pdfTextOf(download: Download): Promise<string> {
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The invoice's first page as a picture to look at, where poppler is installed.
  if (existsSync('/usr/bin/pdftoppm'))
    execFileSync('/usr/bin/pdftoppm', [
      '-png',
      '-r',
      '100',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      `${shots}/cod-fee-invoice`,
    ]);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test('the COD fee is shown before the order is placed, and on the order page and the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const staff = await createStaffMember(request, 'orders');
  const original = await settingsOf(request, staff);
  try {
    // ₹49 for cash on delivery, delivery flat as the demo has it.
    await putSettings(request, staff, bodyOf(original, { mode: 'flat', codFee: 49, codFeePercent: 0 }));
    const me = await createCustomer(request);
    const [product] = await productsToBuy(request, 1);
    await addToCart(request, me, [{ product: product!, units: 1 }]);
    await signIn(page, me);
    await page.goto('/checkout');
    const quote = await (
      await request.post('/api/user/order/quote', {
        data: {},
        headers: { authorization: `Bearer ${me.token}` },
      })
    ).json();
    const online = quote.total as number;
    const inCash = online + 49;

    // The option names the fee before it is chosen; paying online, the total has none.
    const payment = page.getByRole('group', { name: 'Payment' });
    const cod = payment.getByRole('radio', { name: /^Cash on delivery: ₹49\.00 handling fee/ });
    await expect(cod).toBeVisible();
    await expect(page.locator('.checkout-pay-total')).toHaveText(`Total to pay ${rupees(online)}`);
    await expect(page.locator('.price-breakup-cod-fee')).toHaveCount(0);

    await page.getByLabel('Country').selectOption('India');
    await page.getByLabel('First name', { exact: true }).fill('Priya');
    await page.getByLabel('Last name', { exact: true }).fill('Raman');
    await page.getByLabel('Address', { exact: true }).fill('14, MG Road');
    await page.getByLabel('Landmark', { exact: true }).fill('Opposite the metro station');
    await page.getByLabel('Pincode', { exact: true }).fill('560001');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Bengaluru');
    await cod.check();
    // Chosen: the fee is a line of the breakup, and the total to pay at the door includes it.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.locator('.price-breakup-cod-fee')).toHaveText('Cash on delivery fee₹49.00');
    await expect(summary.locator('.price-breakup-total dd')).toHaveText(rupees(inCash));
    await expect(page.locator('.checkout-pay-total')).toHaveText(
      `To pay on delivery ${rupees(inCash)} (with the ₹49.00 handling fee)`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'checkout');
    await page.getByRole('button', { name: 'Place order' }).click();

    // The order page: the fee as a line, inside the amount due.
    await expect(page).toHaveURL(/\/my-orders\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').at(-1)!;
    await expect(page.getByTestId('order-cod-due')).toHaveText(`${rupees(inCash)} to pay on delivery`);
    const breakup = page.locator('.order-pay .price-breakup');
    await expect(breakup.locator('.price-breakup-cod-fee')).toHaveText('Cash on delivery fee₹49.00');
    await expect(breakup.locator('.price-breakup-total dd')).toHaveText(rupees(inCash));
    const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
      .replace('Order ', '')
      .trim();
    const mail = await expectMail(me.email, `is your code to confirm order ${orderNumber}`);
    const panel = page.getByRole('region', { name: 'Confirm your order' });
    await panel.getByLabel('Confirmation code').fill(/^(\d{6}) /.exec(mail.subject)![1]!);
    await panel.getByRole('button', { name: 'Confirm order' }).click();
    await expect(panel).toBeHidden();
    const confirmed = await expectMail(me.email, `order ${orderNumber} is confirmed`);
    expect(confirmed.text).toContain('Cash on delivery fee: ₹49.00');

    // Shipped: the invoice is issued, the fee its own row taxed as delivery is.
    for (const [step, data] of [
      ['pack', {}],
      ['ship', { carrier: 'Delhivery', awb: `DLV${Date.now()}` }],
    ] as const) {
      const answer = await request.post(`/api/admin/orders/${orderId}/${step}`, {
        data,
        headers: bearer(staff),
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    await page.reload();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, 'order');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('order-documents')
        .getByRole('button', { name: /^Download invoice/ })
        .click(),
    ]);
    const text = await pdfTextOf(download);
    expect(text).toMatch(/Cash on delivery handling fee — 1 OTH [\d.,]+ \d+% .* 49\.00/);
    expect(text).toContain(rupees(inCash).replace('₹', ''));
  } finally {
    await putSettings(request, staff, bodyOf(original));
  }
});

test('staff choose live courier rates with a floor and a cap, and set the COD fee', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const member = await createStaffMember(request, 'orders');
  const original = await settingsOf(request, member);
  await recordToasts(page);
  try {
    await openConsoleAs(page, member, '/admin/settings/shipping');
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping' })).toBeVisible();
    const live = page.getByRole('radio', { name: /^Live courier rates/ });
    await live.check();
    const floor = page.getByLabel('Floor (₹)');
    const cap = page.getByLabel('Cap (₹)');
    await floor.fill('60');
    await cap.fill('45');
    // The live mode falls back to the rate card: fill it if the shop has none yet.
    const card = page.getByRole('table', { name: 'Rate card by zone' });
    if ((await card.getByLabel('First 0.5 kg (₹), Within city').inputValue()) === '') {
      for (const zone of [
        'Within city',
        'Within state',
        'Metro to metro',
        'Rest of India',
        'North-east, Jammu & Kashmir and Ladakh',
      ]) {
        await card.getByLabel(`First 0.5 kg (₹), ${zone}`).fill('50');
        await card.getByLabel(`Each further 0.5 kg (₹), ${zone}`).fill('40');
        await card.getByLabel(`Days (least), ${zone}`).fill('2');
        await card.getByLabel(`Days (most), ${zone}`).fill('5');
      }
    }
    if ((await page.getByLabel('Warehouse name').inputValue()) === '') {
      await page.getByLabel('Warehouse name').fill('Bengaluru warehouse');
      await page.getByLabel('Contact mobile').fill('9876543210');
      await page.getByLabel('Address', { exact: true }).fill('4th Floor, Prestige Tech Park');
      await page.getByLabel('City').fill('Bengaluru');
      await page.getByLabel('State').selectOption('Karnataka');
      await page.getByLabel('Pincode').fill('560103');
    }
    // The COD fee, worked out on an example order as the checkout will.
    await page.getByLabel('Fixed fee (₹)').fill('25');
    await page.getByLabel('Percent of the order (%)').fill('2');
    await expect(
      page.getByText(/On a ₹1,000\.00 order the shopper sees “Cash on delivery: ₹45\.00 handling fee”/),
    ).toBeVisible();

    // A cap under the floor: refused, at the cap.
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    await expect(cap).toHaveAttribute('aria-invalid', 'true');
    await expect(cap).toHaveAccessibleDescription(/The cap cannot be less than the floor\./);
    allowFailedApiCalls(consoleErrors, 400);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/admin-shipping-live-error.png`, fullPage: true });

    await cap.fill('250');
    await page.getByRole('button', { name: 'Save shipping settings' }).click();
    await expectToast(page, 'Shipping settings saved.');
    await page.reload();
    await expect(page.getByRole('radio', { name: /^Live courier rates/ })).toBeChecked();
    await expect(page.getByLabel('Floor (₹)')).toHaveValue('60');
    await expect(page.getByLabel('Cap (₹)')).toHaveValue('250');
    await expect(page.getByLabel('Fixed fee (₹)')).toHaveValue('25');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/admin-shipping-live.png`, fullPage: true });
    const saved = await settingsOf(request, member);
    expect(saved).toMatchObject({ mode: 'live', liveFloor: 60, liveCap: 250, codFee: 25, codFeePercent: 2 });
  } finally {
    await putSettings(request, member, bodyOf(original));
  }
});
