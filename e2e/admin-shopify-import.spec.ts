import { readFile } from 'node:fs/promises';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { expect, test } from './fixtures';

/**
 * A merchant moving from Shopify uploads its product export in the console: checked, imported
 * with its sizes and colours, and exported back in Shopify's columns.
 */
let manager: StaffMember;
test.beforeAll(async ({ request }) => {
  manager = await createStaffMember(request, 'catalogue');
});

/** One product of the repo's Shopify export (its 12 variant rows), under a handle and SKUs of this run. */
async function shopifyFile(stamp: number): Promise<string> {
  const file = await readFile('server/modules/catalog-csv/csv-formats/fixtures/shopify-products.csv', 'utf8');
  const [header, ...rows] = file.split(/\r?\n/);
  const tee = rows.filter((row) => row.startsWith('levi-s-crew-neck-t-shirt,'));
  return [header, ...tee]
    .join('\n')
    .replaceAll('levi-s-crew-neck-t-shirt', `e2e-shopify-tee-${stamp}`)
    .replaceAll('LEVI-S-CREW-', `E2E-${stamp}-`)
    .replace("Levi's Crew Neck T-Shirt", `E2E Shopify Tee ${stamp}`);
}

test('a Shopify product export is checked, imported with its variants, and exported back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  await openConsoleAs(page, manager, '/admin/products/import');
  const chooser = page.getByLabel('CSV file');
  await chooser.setInputFiles({
    name: 'products_export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(await shopifyFile(stamp)),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByText(/Checked 12 rows: 1 product would be added/)).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported 12 rows: 1 product added, 0 changed, 0 unchanged.')).toBeVisible();
  await expect(
    page.getByText(/pictures are at another shop's address \(such as Shopify's\) and were left out/),
  ).toBeVisible();

  const product = await (await page.request.get(`/api/product/e2e-shopify-tee-${stamp}`)).json();
  expect(product.options.map((o: { name: string }) => o.name)).toEqual(['Color', 'Size']);
  expect(product.variants).toHaveLength(12);
  expect(product.variants[0]).toMatchObject({
    sku: `E2E-${stamp}--1-1`,
    options: { Color: 'Navy', Size: 'S' },
  });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export with variants (Shopify CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^products-shopify-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toMatch(
    /^Handle,Title,Body \(HTML\),Vendor,Type,Tags,Published,Option1 Name/,
  );
  const rows = csv.split(/\r?\n/).filter((row) => row.startsWith(`e2e-shopify-tee-${stamp},`));
  expect(rows).toHaveLength(12);
  expect(rows[0]).toContain(`E2E-${stamp}--1-1`);
});
