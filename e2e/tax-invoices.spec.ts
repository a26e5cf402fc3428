import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { placeOrder } from './buy';
import { createStaffMember, openConsoleAs } from './console';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * Tax invoices and credit notes as people get them: the customer downloads the invoice
 * and a refund's credit note from their order page, staff download both from the console's order
 * page, and staff read the month's GST summary and download it as CSV. The PDFs are read back as
 * text; the invoice's first page and the report are saved as pictures in test-results/screenshots/
 * for a person to look at (the invoice only where Debian's pdftoppm is installed).
 */
test.use({ viewport: { width: 1280, height: 900 } });
const shots = 'test-results/screenshots';

async function pdfTextOf(download: Download): Promise<{ text: string; file: string }> {
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), file };
}

/** The PDF's first page as a PNG, when pdftoppm (poppler-utils) is on this machine. */
function pictureOf(pdf: string, name: string) {
  if (!existsSync('/usr/bin/pdftoppm')) return;
  execFileSync('/usr/bin/pdftoppm', [
    '-png',
    '-r',
    '100',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    `${shots}/${name}`,
  ]);
}

test('the customer downloads the invoice and a credit note from the order page; staff from the console', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await createCustomer(request);
  const order = await placeOrder(request, customer);
  const staff = await createStaffMember(request, 'orders');
  const detail = await request.get(`/api/user/orders/${order._id}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const invoice = ((await detail.json()) as { invoice: { number: string } }).invoice;
  expect(invoice.number).toMatch(/^BB\/\d\d-\d\d\/\d{6}$/);
  const fileName = `${invoice.number.replace(/\//g, '-')}.pdf`;

  await signIn(page, customer);
  await page.goto(`/my-orders/${order._id}`);
  const documents = page.getByRole('region', { name: 'Invoice', exact: true });
  await expect(documents).toContainText(`Tax invoice ${invoice.number}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents.getByRole('button', { name: /^Download invoice/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const { text, file } = await pdfTextOf(download);
  expect(text).toContain('TAX INVOICE');
  expect(text).toContain(`Invoice number ${invoice.number}`);
  expect(text).toContain(`Order number ${order.orderNumber}`);
  expect(text).toContain('Place of supply Karnataka (29)');
  expect(text).toContain('Whether tax is payable on reverse charge: No');
  pictureOf(file, 'invoice');

  // Staff refund part of it: the customer's page lists the credit note against the invoice.
  const refunded = await request.post(`/api/admin/orders/${order._id}/refund`, {
    data: { reason: 'Price drop goodwill', amount: 10 },
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(refunded.status(), await refunded.text()).toBe(200);
  const note = ((await refunded.json()) as { creditNotes: { number: string }[] }).creditNotes[0]!;
  await page.reload();
  const row = page.getByTestId('order-credit-note');
  await expect(row).toContainText(`Credit note ${note.number}`);
  await expect(row).toContainText('₹10.00');
  const [noteDownload] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /^Download/ }).click(),
  ]);
  expect(noteDownload.suggestedFilename()).toBe(`${note.number.replace(/\//g, '-')}.pdf`);
  const credited = await pdfTextOf(noteDownload);
  expect(credited.text).toContain('CREDIT NOTE');
  expect(credited.text).toContain(`Against tax invoice ${invoice.number}`);
  expect(credited.text).toContain('Total credited (GST included) ₹10.00');
  pictureOf(credited.file, 'credit-note');
  await page.screenshot({ path: `${shots}/desktop-order-invoice.png`, fullPage: true });

  // Staff: the same invoice from the console's order page, and the credit note listed.
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const staffPage = await staffContext.newPage();
  await openConsoleAs(staffPage, staff, `/admin/orders/${order._id}`);
  await expect(
    staffPage.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` }),
  ).toBeVisible();
  const [staffDownload] = await Promise.all([
    staffPage.waitForEvent('download'),
    staffPage.getByRole('button', { name: /^Download invoice/ }).click(),
  ]);
  expect(staffDownload.suggestedFilename()).toBe(fileName);
  expect((await pdfTextOf(staffDownload)).text).toBe(text);
  const panel = staffPage.getByRole('region', { name: 'Invoice and credit notes' });
  await expect(panel).toContainText(invoice.number);
  await expect(panel.getByRole('row', { name: new RegExp(note.number) })).toContainText('₹10.00');
  const [staffNote] = await Promise.all([
    staffPage.waitForEvent('download'),
    panel.getByRole('button', { name: `Download credit note ${note.number} (PDF)` }).click(),
  ]);
  expect((await pdfTextOf(staffNote)).text).toContain(`Credit note number ${note.number}`);
  await staffPage.screenshot({ path: `${shots}/admin-order-invoice.png`, fullPage: true });
  await staffContext.close();
});

test('staff read the month’s GST summary by rate and state, and download it as CSV', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer(request);
  await placeOrder(request, customer);
  const staff = await createStaffMember(request, 'support');
  await openConsoleAs(page, staff, '/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'GST summary' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'GST summary' })).toBeVisible();
  const now = new Date(Date.now() + 330 * 60_000);
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(month);
  const byState = page.getByRole('region', { name: 'By place of supply' });
  await expect(byState.getByRole('rowheader', { name: 'Karnataka (29)' })).toBeVisible();
  const byRate = page.getByRole('region', { name: 'By rate' });
  await expect(byRate.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText(/Invoiced \(GST included\)/)).toBeVisible();
  await page.screenshot({ path: `${shots}/admin-gst-report.png`, fullPage: true });

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`gst-summary-${month}.csv`);
  const lines = readFileSync(await csv.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe(
    'Month,Place of supply,State code,Rate (%),Taxable value (INR),CGST (INR),SGST/UTGST (INR),IGST (INR),Total tax (INR)',
  );
  expect(lines.some((line) => line.startsWith(`${month},Karnataka,29,`))).toBe(true);
  expect(lines.at(-1)).toMatch(new RegExp(`^${month},Total,,,`));

  // Another month from the picker: the URL keeps it, a month without documents says so.
  await page.getByLabel('Month', { exact: true }).selectOption({ index: 35 });
  await expect(page).toHaveURL(/\/admin\/reports\/gst\?month=\d{4}-\d{2}$/);
  await expect(byRate).toContainText('No invoices or credit notes this month.');
});
