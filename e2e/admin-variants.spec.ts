import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createProduct, uniqueStamp } from './data';
import { expect, test } from './fixtures';

/**
 * The product editor's options and variants: Colour and Size defined, the grid of every
 * combination generated and priced, a SKU another product has refused (409, the input kept),
 * two rows repriced at once, and one variant's stock changed through the ledger, which names its
 * SKU. The editor is photographed at 1280 px with its 12-variant grid and in its error state.
 */
test.use({
  viewport: { width: 1280, height: 900 },
  // The refused SKU, which the test then checks the page explains.
  allowedConsoleErrors: [/status of 409 .*\/api\/admin\/products\/[\w-]+\/variants/],
});

let manager: StaffMember;
test.beforeAll(async ({ request }) => {
  manager = await createStaffMember(request, 'catalogue');
});

/** The whole editor, and the variants panel alone; into GRID_SHOTS_DIR when set. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.GRID_SHOTS_DIR;
  if (dir) await mkdir(dir, { recursive: true });
  const path = (suffix: string) =>
    dir ? `${dir}/${name}${suffix}.png` : test.info().outputPath(`${name}${suffix}.png`);
  await page.screenshot({ path: path(''), fullPage: true });
  await page.getByRole('region', { name: 'Options and variants' }).screenshot({ path: path('-panel') });
};

type Colour = { _id: string; title: string; name?: string };

test('a product gets Colour and Size, a priced grid, a refused SKU, bulk prices and per-variant stock', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const auth = { authorization: `Bearer ${manager.token}` };
  const product = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Variant Tee',
    price: 699,
    mrp: 999,
  });
  // Another product already sells this SKU.
  const other = await createProduct(request, { title: 'E2E SKU Holder' });
  const takenSku = `E2E-TAKEN-${uniqueStamp()}`.toUpperCase();
  const holder = await request.put(`/api/admin/products/${other._id}/variants`, {
    data: { options: [], variants: [{ sku: takenSku, values: [], price: 499 }] },
    headers: auth,
  });
  expect(holder.status(), await holder.text()).toBe(200);

  const colours = ((await (await request.get('/api/color')).json()) as Colour[])
    .map((colour) => colour.name || colour.title)
    .slice(0, 3);
  expect(colours).toHaveLength(3);
  const [first, second] = colours as [string, string, string];

  await openConsoleAs(page, manager, `/admin/products/${product._id}`);
  const panel = page.getByRole('region', { name: 'Options and variants' });
  await expect(panel).toBeVisible();
  const grid = panel.getByRole('table', { name: /^Variants/ });
  await expect(grid.locator('tbody tr')).toHaveCount(1);

  // Colour (three of the shop's colours) and Size (typed).
  await panel.getByRole('button', { name: 'Add an option' }).click();
  await panel.getByLabel('Name of option 1').fill('Colour');
  await expect(panel.getByLabel('Values of option 1 are')).toHaveValue('color');
  const colourValues = panel.getByRole('group', { name: 'Colours of Colour' });
  for (const name of colours) await colourValues.getByLabel(name, { exact: true }).check();
  await panel.getByRole('button', { name: 'Add an option' }).click();
  await panel.getByLabel('Name of option 2').fill('Size');
  await panel.getByLabel('Values of Size').fill('S, M, L, XL');
  await panel.getByRole('button', { name: 'Generate variants' }).click();
  await expect(grid.locator('tbody tr')).toHaveCount(12);
  const slug = product.slug.toUpperCase();
  const skuOf = (label: string) => panel.getByLabel(`SKU of ${label}`, { exact: true });
  const priceOf = (label: string) => panel.getByLabel(`Price of ${label}`, { exact: true });
  await expect(priceOf(`${first} / S`)).toHaveValue('699');
  await expect(skuOf(`${first} / S`)).toHaveValue(new RegExp(`^${slug}-.+-S$`));

  // XL costs more; one row's SKU is one another product has.
  for (const colour of colours) await priceOf(`${colour} / XL`).fill('799');
  await panel.getByLabel(`Weight (g) of ${first} / S`, { exact: true }).fill('180');
  await panel.getByLabel(`Picture 1 shows ${first} / S`, { exact: true }).check();
  const suggested = await skuOf(`${second} / M`).inputValue();
  await skuOf(`${second} / M`).fill(takenSku.toLowerCase());
  await shot(page, 'variant-grid-12');
  expect(await axeViolations(page)).toEqual([]);
  // Usable at 1280 px: the grid scrolls inside its own box, the page does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await panel.getByRole('button', { name: 'Save variants' }).click();
  const refusal = `The SKU ${takenSku} is already used by ${other.title}. Choose another.`;
  await expect(panel.getByRole('alert')).toHaveText(refusal);
  await expect(skuOf(`${second} / M`)).toHaveAttribute('aria-invalid', 'true');
  await expect(skuOf(`${second} / M`)).toHaveValue(takenSku.toLowerCase());
  await expect(priceOf(`${first} / XL`)).toHaveValue('799');
  await shot(page, 'variant-grid-error');
  expect(await axeViolations(page)).toEqual([]);

  await skuOf(`${second} / M`).fill(suggested);
  await panel.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText(`Saved 12 variants of ${product.title}.`)).toBeVisible();
  await expect(panel.getByRole('alert')).toBeHidden();
  await expect(grid.getByText('New')).toHaveCount(0);

  // Two rows repriced at once, then saved.
  await panel.getByLabel(`Select ${first} / S`, { exact: true }).check();
  await panel.getByLabel(`Select ${first} / M`, { exact: true }).check();
  const bulk = panel.getByRole('region', { name: 'Change the selected variants' });
  await expect(bulk).toContainText('2 variants selected.');
  await bulk.getByLabel('New price (₹)').fill('649');
  await bulk.getByRole('button', { name: 'Set for 2 selected' }).click();
  await expect(priceOf(`${first} / M`)).toHaveValue('649');
  await expect(priceOf(`${first} / L`)).toHaveValue('699');
  await panel.getByRole('button', { name: 'Save variants' }).click();
  await expect(page.getByText(`Saved 12 variants of ${product.title}.`).first()).toBeVisible();
  const saved = (await (
    await request.get(`/api/admin/products/${product._id}/variants`, { headers: auth })
  ).json()) as {
    variants: { label: string; sku: string; price: number; weight: number | null; images: number[] }[];
  };
  const byLabel = new Map(saved.variants.map((v) => [v.label, v]));
  expect(byLabel.get(`${first} / S`)).toMatchObject({ price: 649, weight: 180, images: [0] });
  expect(byLabel.get(`${first} / M`)?.price).toBe(649);
  expect(byLabel.get(`${first} / L`)?.price).toBe(699);
  expect(byLabel.get(`${second} / XL`)?.price).toBe(799);

  // One variant's stock through the stock panel: the ledger names its SKU.
  const target = byLabel.get(`${second} / L`)!;
  const stock = page.getByRole('region', { name: 'Stock' });
  await stock.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(stock.getByText("Choose which variant's stock to change")).toBeVisible();
  await stock.getByLabel('Variant').selectOption({ label: `${second} / L · ${target.sku} (0 in stock)` });
  await stock.getByLabel('Units (a minus removes)').fill('7');
  await stock.getByLabel('Reason').selectOption('received');
  await stock.getByLabel('Note').fill('Carton 12');
  await stock.getByRole('button', { name: 'Adjust stock' }).click();
  await expect(page.getByText(`Stock of ${product.title} (${second} / L) is now 7.`)).toBeVisible();
  const ledger = stock.getByRole('table', { name: /Stock changes/ });
  await expect(ledger.locator('tbody tr').first()).toContainText(target.sku);
  await expect(ledger.locator('tbody tr').first()).toContainText('+7');
  await expect(ledger.locator('tbody tr').first()).toContainText('Carton 12');
  // The grid's figure follows.
  const row = grid
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: `${second} / L`, exact: true }) });
  await expect(row.locator('.variant-stock')).toContainText('7');
  await expect(row.locator('.variant-stock')).toContainText('0 held · 0 sold');

  // The selected two get 3 each through the ledger: a line per variant.
  await bulk.getByLabel('Set the count').check();
  await bulk.getByLabel('New count for each').fill('3');
  await bulk.getByLabel('Reason for the change').selectOption('correction');
  await bulk.getByRole('button', { name: 'Change stock of 2 selected' }).click();
  await expect(bulk.getByText('2 changed.')).toBeVisible();
  await expect(ledger.locator('tbody tr').first()).toContainText('+3');
});
