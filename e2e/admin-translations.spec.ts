import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { createStaffMember, openConsoleAs, type StaffMember } from './console';
import { createProduct, uniqueStamp } from './data';
import { expect, test } from './fixtures';

/**
 * Content in Hindi in the console (decision 050), as a catalogue manager writes it: a product's
 * Hindi title and description beside the English, found through the dashboard's count and the
 * product list's "Missing Hindi" filter; a brand's Hindi name; a category's size chart in Hindi.
 * Screenshots at 1280 and 375 px go to test-results/screenshots/ for a person to look at.
 */
// The console's CSP forbids the inline script axe is injected as (as in admin-accessibility.spec.ts).
test.use({ viewport: { width: 1280, height: 900 }, bypassCSP: true });

let manager: StaffMember;
test.beforeAll(async ({ request }) => {
  manager = await createStaffMember(request, 'owner');
});

async function shoot(page: Page, name: string) {
  for (const [device, width] of [
    ['laptop', 1280],
    ['phone', 375],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `test-results/screenshots/${device}-console-${name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const publicProduct = async (request: APIRequestContext, slug: string) =>
  (await (await request.get(`/api/product/${slug}`)).json()) as {
    translations: { hi?: { title?: string; description?: string } };
  };

test('a product is written in Hindi beside the English, after the dashboard and the list show it missing', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const product = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Hindi Kurta',
  });
  await openConsoleAs(page, manager, '/admin');

  // The dashboard counts products not yet in Hindi, and leads to them.
  const figure = page.getByRole('link', { name: /^Products without Hindi: [\d,]+\+?$/ });
  await expect(figure).toBeVisible();
  await shoot(page, 'dashboard');
  await figure.click();
  await expect(page).toHaveURL(/\/admin\/products\?missing=hi/);
  await expect(page.getByLabel('Translation')).toHaveValue('hi');
  await page.getByLabel('Search products').fill(product.title);
  await page.getByLabel('Search products').press('Enter');
  const row = page.getByRole('row', { name: new RegExp(product.title) });
  await expect(row).toContainText('Hindi missing');
  await shoot(page, 'products-missing-hindi');

  await row.getByRole('link', { name: product.title }).click();
  const title = page.getByLabel('Hindi title (हिंदी)');
  await expect(title).toHaveAttribute('lang', 'hi');
  const description = page.getByRole('textbox', { name: 'Hindi description (हिंदी)' });
  await expect(description).toHaveAttribute('lang', 'hi');
  await title.fill('लिवाइस सूती कुर्ता');
  await description.click();
  await page.keyboard.type('रोज़ पहनने के लिए मुलायम सूती कुर्ता।');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved ${product.title}.`)).toBeVisible();
  await expect(title).toHaveValue('लिवाइस सूती कुर्ता');
  await shoot(page, 'product-hindi');

  expect((await publicProduct(request, product.slug)).translations).toEqual({
    hi: { title: 'लिवाइस सूती कुर्ता', description: '<p>रोज़ पहनने के लिए मुलायम सूती कुर्ता।</p>' },
  });

  // No longer missing: the filtered list leaves it out.
  await page.goto(`/admin/products?missing=hi&q=${encodeURIComponent(product.title)}`);
  await expect(page.getByText('No products match. Try other words or fewer filters.')).toBeVisible();
});

test('a brand takes its Hindi name, and a category its size chart in Hindi', async ({ page, request }) => {
  test.setTimeout(60_000);
  await openConsoleAs(page, manager, '/admin/brands');
  const brand = `E2E Hindi Brand ${uniqueStamp()}`;
  const add = page.getByRole('region', { name: 'Add a brand' });
  await add.getByLabel('Brand name').fill(brand);
  await expect(add.getByLabel('Hindi name (हिंदी)')).toHaveAttribute('lang', 'hi');
  await add.getByLabel('Hindi name (हिंदी)').fill('ई2ई ब्रांड');
  await add.getByRole('button', { name: 'Add brand' }).click();
  await expect(page.getByText(`Added the brand ${brand}.`)).toBeVisible();
  await page.getByLabel('Search brands').fill(brand);
  const brands = page.getByRole('table', { name: 'Brands' });
  await expect(brands.getByRole('row')).toHaveCount(2);
  await expect(brands).toContainText('ई2ई ब्रांड');
  await shoot(page, 'brands-hindi');

  // A category with a chart of its own (the demo's Fashion chart is left to the storefront's tests).
  const owner = { authorization: `Bearer ${manager.token}` };
  const name = `E2E Footwear ${uniqueStamp()}`;
  const created = await request.post('/api/category', {
    headers: owner,
    data: {
      title: name,
      sizeChart: {
        columns: ['Size', 'Foot (cm)'],
        rows: [
          ['UK 7', '25.4'],
          ['UK 8', '26.2'],
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { _id } = (await created.json()) as { _id: string };
  await page.goto('/admin/categories');
  await page.getByLabel('Search categories').fill(name);
  const categories = page.getByRole('table', { name: 'Categories' });
  await expect(categories.getByRole('row')).toHaveCount(2);
  await expect(categories).toContainText('Not in Hindi');
  await categories.getByRole('button', { name: `Translate the size chart of ${name}` }).click();
  const panel = page.getByRole('region', { name: `Size chart of ${name}` });
  await panel.getByLabel('Hindi for the heading “Size”').fill('साइज़');
  await panel.getByLabel('Hindi for the heading “Foot (cm)”').fill('पैर (सेमी)');
  await expect(panel.getByLabel('Hindi for “UK 7” (Size, row 1)')).toHaveAttribute('lang', 'hi');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'size-chart-hindi');
  await panel.getByRole('button', { name: 'Save size chart' }).click();
  await expect(page.getByText(`Saved the size chart of ${name}.`)).toBeVisible();
  await expect(categories).toContainText('In Hindi');

  const category = (await (await request.get(`/api/category/${_id}`)).json()) as {
    translations: { hi?: { sizeChart?: unknown } };
  };
  // Cells left empty read as in English; the chart keeps the English one's shape.
  expect(category.translations.hi?.sizeChart).toEqual({
    columns: ['साइज़', 'पैर (सेमी)'],
    rows: [
      ['UK 7', '25.4'],
      ['UK 8', '26.2'],
    ],
  });
});

test('a blog post has a Hindi section under the English', async ({ page }) => {
  await openConsoleAs(page, manager, '/admin/blogs/new');
  const region = page.getByRole('region', { name: 'Hindi (हिंदी)' });
  await expect(region.getByLabel('Hindi title (हिंदी)')).toHaveAttribute('lang', 'hi');
  await expect(region.getByRole('textbox', { name: 'Hindi post (हिंदी)' })).toHaveAttribute('lang', 'hi');
  await shoot(page, 'blog-hindi');
});
