import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { expect, test } from './fixtures';

/**
 * The console's product pages: the table searched, filtered, sorted and paged by the
 * server; a product created with its pictures and colours, its stock adjusted through the ledger,
 * archived (it leaves the store) and restored, then deleted; a CSV checked (rows with problems
 * listed by number, nothing written), imported and exported. Each page is photographed at 1280 px.
 */
test.use({ viewport: { width: 1280, height: 900 } });

let manager: StaffMember;
test.beforeAll(async ({ request }) => {
  manager = await createStaffMember(request, 'catalogue');
});

const shot = async (page: import('@playwright/test').Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('the product table searches, filters, sorts and pages on the server', async ({ page }) => {
  await openConsoleAs(page, manager, '/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Products' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^1–25 of \d+/)).toBeVisible();
  await shot(page, 'products');

  // Search: the server answers, the URL keeps it.
  await page.getByLabel('Search products').fill('samsung');
  await expect(page).toHaveURL(/q=samsung/);
  await expect(rows.first()).toContainText(/Samsung/i);
  for (const text of await rows.allInnerTexts()) expect(text.toLowerCase()).toContain('samsung');

  // A category filter on top, then a stock state.
  await page.getByLabel('Search products').fill('');
  await expect(page).not.toHaveURL(/q=/);
  await page.getByLabel('Category').selectOption({ label: 'TVs' });
  await expect(page).toHaveURL(/category=/);
  await expect(rows.first()).toContainText('TVs ·');
  for (const text of await rows.allInnerTexts()) expect(text).toContain('TVs ·');

  // Sort by price, low to high, on the server.
  await page.getByRole('button', { name: /^Price/ }).click();
  await expect(page).toHaveURL(/sort=price%3Aasc|sort=price:asc/);
  await expect(table.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'ascending');
  // The table keeps the previous rows on screen until the sorted ones arrive: read until they have.
  const shownPrices = async () =>
    (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) =>
      Number(text.split('\n')[0]!.replace(/[^\d.]/g, '')),
    );
  await expect
    .poll(async () => {
      const prices = await shownPrices();
      return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);

  // Pages: ten per page through the page size, then the next page.
  await page.getByLabel('Category').selectOption({ label: 'All categories' });
  await page.getByLabel('Rows per page').selectOption('50');
  await expect(page.getByText(/^1–50 of \d+/)).toBeVisible();
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^51–/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  // The pager counts from the address at once; the rows of page 1 stay until page 2's arrive (a
  // loaded machine once clicked a page-1 row just as page 2 replaced it). Wait for them.
  await expect(page.locator('.table-wrap[aria-busy]')).toHaveCount(0);

  // A row opens its product. Its title and address are read together and the link clicked by its
  // address: other specs edit products meanwhile, which can reorder the table between a read of
  // the first row and a click on it (a CI run opened another product than the one it had read).
  const [title, href] = await rows
    .first()
    .getByRole('link')
    .evaluate((link) => [(link as HTMLElement).innerText, link.getAttribute('href') ?? '']);
  await table.locator(`a[href="${href}"]`).first().click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Reasonable on a tablet too.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByRole('region', { name: 'Stock' })).toBeVisible();
  await shot(page, 'product-edit-768');
  await page.goto('/admin/products');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'products-768');
});

test('a product is created with pictures and colours, its stock adjusted, archived, restored and deleted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openConsoleAs(page, manager, '/admin/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  const title = `E2E Console Watch ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Price (₹)').fill('2499');
  await page.getByLabel('MRP (₹)').fill('1999');
  await page.getByLabel('Category').selectOption({ label: 'Watches' });
  await page.getByLabel('Brand').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create product' }).click();
  // Checked with the API's own rules before anything is sent.
  await expect(page.getByText('MRP must be at least the price (or left empty)')).toBeVisible();
  await expect(page.getByText('Choose at least one colour')).toBeVisible();
  await page.getByLabel('MRP (₹)').fill('2999');
  const colours = page.getByRole('group', { name: 'Colours' }).getByRole('checkbox');
  await colours.nth(1).check();
  await colours.nth(0).check();
  await page.getByRole('group', { name: 'Tags' }).getByLabel('Featured').check();
  await page.getByLabel('Initial stock').fill('3');
  const editor = page.getByRole('textbox', { name: 'Description', exact: true });
  await editor.click();
  await page.keyboard.type('A steel watch that keeps time.');

  const png = (colour: string) =>
    sharp({ create: { width: 1200, height: 1200, channels: 3, background: colour } })
      .png()
      .toBuffer();
  await page.getByLabel('Add pictures').setInputFiles([
    { name: 'steel-watch-front.png', mimeType: 'image/png', buffer: await png('#475569') },
    { name: 'steel-watch-back.png', mimeType: 'image/png', buffer: await png('#b45309') },
  ]);
  await expect(page.getByRole('img', { name: 'Picture 1: steel watch front' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture 2: steel watch back' })).toBeVisible();
  // The back first, then one description improved.
  await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
  await expect(page.getByRole('img', { name: 'Picture 1: steel watch back' })).toBeVisible();
  await page.getByLabel('Picture 2 description').fill('The watch face, front on');
  await shot(page, 'product-new');

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`Product created: ${title}.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);

  // Stock: 3, then 5 received, recorded in the ledger.
  const stock = page.getByRole('region', { name: 'Stock' });
  await expect(stock.getByText('Low: 3')).toBeVisible();
  await stock.getByLabel('Units (a minus removes)').fill('5');
  await stock.getByLabel('Reason').selectOption('received');
  await stock.getByLabel('Note').fill('Invoice 2041');
  await stock.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(`Stock of ${title} is now 8.`)).toBeVisible();
  const ledger = stock.getByRole('table', { name: /Stock changes/ });
  await expect(ledger.locator('tbody tr').first()).toContainText('+5');
  await expect(ledger.locator('tbody tr').first()).toContainText('Invoice 2041');
  await expect(ledger.locator('tbody tr').nth(1)).toContainText('Initial stock');
  await stock.getByLabel('Set the count').check();
  await stock.getByLabel('New count').fill('6');
  await stock.getByLabel('Reason').selectOption('correction');
  await stock.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(`Stock of ${title} is now 6.`)).toBeVisible();
  await expect(ledger.locator('tbody tr').first()).toContainText('−2');
  await shot(page, 'product-edit');

  // The store shows it, pictures in the chosen order.
  const slug = (await page.getByLabel('Slug (web address)').inputValue()).trim();
  expect(slug).toMatch(/^e2e-console-watch-\d+$/);
  const store = await page.context().newPage();
  await store.goto(`/product/${slug}`);
  await expect(store.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(store.locator('main img[src*="/media/uploads/"]').first()).toBeVisible();

  // Archived: it leaves the store; restored: it is back.
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(`${title} is archived.`)).toBeVisible();
  await expect(page.getByText(/^Archived /)).toBeVisible();
  expect((await store.goto(`/product/${slug}`))?.status()).toBe(404);
  await page.getByRole('button', { name: 'Put back on sale' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Put back on sale' }).click();
  await expect(page.getByText(`${title} is on sale again.`)).toBeVisible();
  expect((await store.goto(`/product/${slug}`))?.status()).toBe(200);
  await store.close();

  // Nobody ordered it, so it can be deleted (after confirming).
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('removed for good');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${title} was deleted.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
});

test('a CSV is checked row by row, imported all at once, and exported', async ({ page }) => {
  test.setTimeout(60_000);
  await openConsoleAs(page, manager, '/admin/products/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  const stamp = Date.now();
  const header = 'slug,title,price,category,brand,colors,tags,quantity';
  const good = `e2e-csv-${stamp},E2E CSV Lamp ${stamp},799,Home Appliances,Philips,#000000,popular,4`;
  const colour = await page.request
    .get('/api/color')
    .then(async (r) => ((await r.json()) as { title: string }[])[0]!.title);
  const brand = await page.request
    .get('/api/brand')
    .then(async (r) => ((await r.json()) as { title: string }[])[0]!.title);
  const fixed = good.replace('Philips', brand).replace('#000000', colour);
  const broken = [header, fixed, `e2e-csv-bad-${stamp},E2E CSV Bad,abc,Nowhere,${brand},${colour},,1`].join(
    '\n',
  );

  const chooser = page.getByLabel('CSV file');
  await chooser.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('table', { name: 'Rows with problems' });
  await expect(page.getByText('1 of 2 rows has problems. Nothing was imported')).toBeVisible();
  await expect(report.getByRole('row', { name: /3 price/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /3 category Unknown category "Nowhere"/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  await shot(page, 'product-import-report');

  await chooser.setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, fixed].join('\n')),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(/Checked 1 row: 1 product would be added/)).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 1 row: 1 product added, 0 changed, 0 unchanged.')).toBeVisible();
  await shot(page, 'product-import');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export products (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(
    'slug,title,description,price,mrp,category,brand,colors,tags,quantity,images,hsn_code,gst_rate,title_hi,description_hi',
  );
  expect(csv).toContain(`e2e-csv-${stamp},E2E CSV Lamp ${stamp}`);

  // The imported product is in the table.
  await page.goto(`/admin/products?q=${encodeURIComponent(`E2E CSV Lamp ${stamp}`)}`);
  await expect(page.getByRole('link', { name: `E2E CSV Lamp ${stamp}` })).toBeVisible();

  // Taken away again: the store and the console table list every product.
  const headers = { authorization: `Bearer ${manager.token}` };
  const found = await page.request.get(
    `/api/admin/products?q=${encodeURIComponent(`e2e csv lamp ${stamp}`)}`,
    {
      headers,
    },
  );
  const [imported] = ((await found.json()) as { products: { _id: string }[] }).products;
  expect((await page.request.delete(`/api/admin/products/${imported!._id}`, { headers })).status()).toBe(200);
});
