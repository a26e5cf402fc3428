import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { expect, test } from './fixtures';

/**
 * GST classes in the console: a category's HSN code and rate set when it is added and
 * changed in its row; a product takes them unless its Tax panel sets its own, checked with the
 * API's rules before sending.
 */
test.use({ viewport: { width: 1280, height: 900 } });

let manager: StaffMember;
test.beforeAll(async ({ request }) => {
  manager = await createStaffMember(request, 'catalogue');
});

test('a category’s GST defaults, and a product’s own HSN code and rate', async ({ page }) => {
  test.setTimeout(60_000);
  await openConsoleAs(page, manager, '/admin/categories');
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Categories' });

  // The demo's categories carry the rates in force.
  await page.getByLabel('Search categories').fill('TVs');
  await expect(table.getByRole('row', { name: /TVs/ })).toContainText('8528 · 18%');

  const name = `E2E Tees ${Date.now()}`;
  const add = page.getByRole('region', { name: 'Add a category' });
  await add.getByLabel('Category name').fill(name);
  await add.getByLabel('HSN code').fill('61');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(add.getByText('An HSN code is 4, 6 or 8 digits, such as 8517 or 85171300')).toBeVisible();
  await add.getByLabel('HSN code').fill('6109');
  await add.getByLabel('GST rate').selectOption('5');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText(`Added the category ${name}.`)).toBeVisible();

  await page.getByLabel('Search categories').fill(name);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('6109 · 5%');
  await table.getByRole('button', { name: `Edit ${name}` }).click();
  await table.getByLabel('GST rate').selectOption('18');
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Saved the category ${name}.`)).toBeVisible();
  await expect(row).toContainText('6109 · 18%');

  // A product in it: the category's defaults until it sets its own.
  await page.goto('/admin/products/new');
  await page.getByLabel('Title', { exact: true }).fill(`E2E Tee ${Date.now()}`);
  await page.getByLabel('Price (₹)').fill('999');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: name });
  await page.getByLabel('Brand').selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Colours' }).getByRole('checkbox').first().check();
  const tax = page.getByRole('region', { name: 'Tax' });
  await expect(tax).toContainText('use the category’s (6109 · 18%)');
  await expect(tax.getByLabel('GST rate').locator('option').first()).toHaveText('Category’s (18%)');
  // Clothing is taxed by the price of a piece, whatever is chosen.
  await expect(tax).toContainText('5% up to ₹2,500 a piece before tax, 18% above');
  await tax.getByLabel('HSN code').fill('6109 10');
  await tax.getByLabel('GST rate').selectOption('3');
  await tax.getByLabel('GST rate').selectOption('5');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tax' }).getByLabel('HSN code')).toHaveValue('610910');
  await expect(page.getByRole('region', { name: 'Tax' }).getByLabel('GST rate')).toHaveValue('5');
});
