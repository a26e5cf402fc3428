import type { Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { expect, test } from './fixtures';

const cards = (page: Page) => page.locator('.store-grid > li');
const showing = (page: Page) => page.locator('.store-count');
const panel = (page: Page) => page.getByRole('complementary');

/** Opens a store address and waits until the page is hydrated (interactive). */
async function openStore(page: Page, path = '/product') {
  await page.goto(path);
  await expect(page.locator('.store[data-ready]')).toBeAttached();
}

/** Prices on the cards, in rupees, in the order shown. */
async function shownPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.store-grid .product-card-price-now').allTextContents();
  // A product whose variants differ in price shows "₹699 – ₹899": it sorts and filters by its lowest.
  return texts.map((t) => Number(t.split('–')[0]!.replace(/[^\d.]/g, '')));
}

async function apiTotal(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/product?${query}&limit=1`);
  return Number(response.headers()['x-total-count']);
}

test.describe('store page', () => {
  test('a product card hovered has its page ready: the click asks the server for nothing more', async ({
    page,
  }) => {
    const beforeClick: string[] = [];
    const record = (request: { url(): string }) => beforeClick.push(new URL(request.url()).pathname);
    page.on('request', record);
    await openStore(page, '/product');
    const link = cards(page).first().locator('a.product-card-link');
    const href = (await link.getAttribute('href'))!;
    const productApi = `/api/product/${href.split('/').pop()}`;
    const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === productApi);
    await link.hover();
    await prefetched;
    // Give the prefetch its answer, then count what the click itself asks for.
    await page.waitForLoadState('networkidle');
    page.off('request', record);
    const afterClick: string[] = [];
    page.on('request', (request) => afterClick.push(new URL(request.url()).pathname));
    await link.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Neither the product's data nor the product page's code is asked for again. (Once the page
    // shows, the links it brings into view have other pages' code fetched on idle: the compare
    // page's, say. That is the next prefetch, not this click's.)
    expect(
      afterClick.filter((path) => path === productApi || path.startsWith('/assets/product-page')),
    ).toEqual([]);
    // Nor any script or API answer already fetched (the browser may ask for the favicon again).
    expect(afterClick.filter((path) => /^\/(assets|api)\//.test(path) && beforeClick.includes(path))).toEqual(
      [],
    );
  });

  test('lists a page of products with paging that works', async ({ page }) => {
    const total = await apiTotal(page, '');
    expect(total).toBeGreaterThan(24);
    await openStore(page, '/product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our store');
    await expect(cards(page)).toHaveCount(24);
    await expect(showing(page)).toHaveText(`Showing 1-24 of ${total}`);
    const firstTitle = await cards(page).first().getByRole('heading').textContent();

    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pages.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/product?page=2');
    await expect(showing(page)).toHaveText(`Showing 25-${Math.min(48, total)} of ${total}`);
    await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstTitle!);
    await pages.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/product');
    await expect(cards(page).first().getByRole('heading')).toHaveText(firstTitle!);
  });

  test('category and brand filters change the results and the address; back restores them', async ({
    page,
  }) => {
    const tvs = await apiTotal(page, 'category=TVs');
    const sonyTvs = await apiTotal(page, 'category=TVs&brand=Sony');
    expect(sonyTvs).toBeGreaterThan(0);
    expect(sonyTvs).toBeLessThan(tvs);

    await openStore(page, '/product');
    await expect(panel(page).getByRole('checkbox', { name: `TVs (${tvs})` })).toBeVisible();
    const tvBox = panel(page).getByRole('checkbox', { name: /^TVs/ });
    await tvBox.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL('/product?category=TVs');
    await expect(showing(page)).toHaveText(`Showing 1-${tvs} of ${tvs}`);
    // The keyboard user keeps their place in the panel.
    await expect(tvBox).toBeFocused();
    await expect(cards(page)).toHaveCount(tvs);

    await panel(page).getByRole('checkbox', { name: /^Sony/ }).check();
    await expect(page).toHaveURL('/product?category=TVs&brand=Sony');
    await expect(cards(page)).toHaveCount(sonyTvs);
    for (const brand of await page.locator('.store-grid .product-card-brand').allTextContents()) {
      expect(brand).toBe('Sony');
    }

    await page.goBack();
    await expect(page).toHaveURL('/product?category=TVs');
    await expect(cards(page)).toHaveCount(tvs);
    await expect(panel(page).getByRole('checkbox', { name: /^Sony/ })).not.toBeChecked();
    await expect(panel(page).getByRole('checkbox', { name: /^TVs/ })).toBeChecked();

    await page.goForward();
    await expect(cards(page)).toHaveCount(sonyTvs);
    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL('/product');
    await expect(cards(page)).toHaveCount(24);
    await expect(panel(page).getByRole('checkbox', { name: /^TVs/ })).not.toBeChecked();
  });

  test('price From/To is checked, then filters', async ({ page }) => {
    await openStore(page, '/product');
    const from = panel(page).getByLabel('From', { exact: true });
    const to = panel(page).getByLabel('To', { exact: true });
    await from.fill('5000');
    await to.fill('1000');
    await panel(page).getByRole('button', { name: 'Apply price' }).click();
    await expect(panel(page).getByRole('alert')).toHaveText(
      'The From price must not be more than the To price.',
    );
    await expect(page).toHaveURL('/product');

    await from.fill('1000');
    await to.fill('5000');
    await to.press('Enter');
    await expect(page).toHaveURL('/product?min=1000&max=5000');
    await expect(panel(page).getByRole('alert')).toHaveCount(0);
    const total = await apiTotal(page, 'price[gte]=1000&price[lte]=5000');
    await expect(showing(page)).toHaveText(new RegExp(`of ${total}$`));
    const prices = await shownPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(1000);
      expect(price).toBeLessThanOrEqual(5000);
    }

    // A From typed but not applied survives a tick elsewhere; the tick keeps the applied price.
    await from.fill('2000');
    await panel(page)
      .getByRole('checkbox', { name: /^Watches/ })
      .check();
    await expect(page).toHaveURL('/product?category=Watches&min=1000&max=5000');
    await expect(from).toHaveValue('2000');
  });

  test('availability counts are real and filter', async ({ page }) => {
    const facets = (await (await page.request.get('/api/product/facets')).json()) as {
      availability: { inStock: number; outOfStock: number };
    };
    const { inStock, outOfStock } = facets.availability;
    expect(outOfStock).toBeGreaterThan(0);
    await openStore(page, '/product');
    await expect(panel(page).getByRole('checkbox', { name: `In stock (${inStock})` })).toBeVisible();
    await panel(page)
      .getByRole('checkbox', { name: `Out of stock (${outOfStock})` })
      .check();
    await expect(page).toHaveURL('/product?availability=out-of-stock');
    await expect(cards(page)).toHaveCount(outOfStock);
    for (const card of await cards(page).all()) await expect(card).toContainText('Out of stock');
  });

  test('sorting orders by price', async ({ page }) => {
    await openStore(page, '/product');
    const sort = page.getByLabel('Sort by');
    await expect(sort.locator('option')).toHaveText([
      'Alphabetically, A-Z',
      'Alphabetically, Z-A',
      'Price, high to low',
      'Price, low to high',
      'Date, new to old',
      'Date, old to new',
    ]);
    await sort.selectOption({ label: 'Price, low to high' });
    await expect(page).toHaveURL('/product?sort=price');
    await expect(page.locator('.store-results')).not.toHaveAttribute('aria-busy', 'true');
    let prices = await shownPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const cheapest = (await (
      await page.request.get('/api/product?sort=price&limit=1')
    ).json()) as ApiProduct[];
    expect(prices[0]).toBe(cheapest[0]!.price);

    await sort.selectOption({ label: 'Price, high to low' });
    await expect(page).toHaveURL('/product?sort=-price');
    await expect(cards(page).first()).not.toContainText(cheapest[0]!.title);
    prices = await shownPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test('grid choices; descriptions only in the list layout', async ({ page }) => {
    await openStore(page, '/product');
    const grid = page.getByRole('group', { name: 'Products per row' });
    await expect(grid.getByRole('button', { name: '4 per row' })).toHaveAttribute('aria-pressed', 'true');
    const descriptions = page.locator('.store-grid .product-card-description');
    await expect(descriptions).toHaveCount(0);
    const rowTops = async () => {
      const boxes = await Promise.all((await cards(page).all()).slice(0, 7).map((c) => c.boundingBox()));
      return boxes.filter((b) => b && b.y === boxes[0]!.y).length;
    };
    expect(await rowTops()).toBe(4);

    await grid.getByRole('button', { name: 'List with descriptions' }).click();
    await expect(grid.getByRole('button', { name: 'List with descriptions' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(descriptions).toHaveCount(24);
    // Newest first: a product another spec just imported from a CSV may have no description.
    await expect(descriptions.filter({ hasText: /\S/ }).first()).toBeVisible();
    expect(await rowTops()).toBe(1);

    await grid.getByRole('button', { name: '6 per row' }).click();
    await expect(descriptions).toHaveCount(0);
    expect(await rowTops()).toBe(6);
    await grid.getByRole('button', { name: '3 per row' }).click();
    expect(await rowTops()).toBe(3);
  });

  test('a slow load says so; a search with no result offers to clear it', async ({ page }) => {
    await openStore(page, '/product');
    await page.route('**/api/product?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await panel(page)
      .getByRole('checkbox', { name: /^Cameras/ })
      .check();
    await expect(
      page.getByRole('status').filter({ hasText: 'Fetching products, please wait...' }),
    ).toBeVisible();
    await expect(page.getByText('Fetching products, please wait...')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cameras');
    await page.unrouteAll();

    await openStore(page, '/product?q=zzzzqq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Results for 'zzzzqq'");
    await expect(page.getByRole('heading', { name: "No products match 'zzzzqq'" })).toBeVisible();
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/product');
    await expect(cards(page)).toHaveCount(24);
  });

  test('works without JavaScript: filters, sort and pages are real forms and links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/product?page=2');
    await expect(page.locator('.store-count')).toHaveText(/^Showing 25-/);
    await page.goto('/product');
    await page
      .getByRole('complementary')
      .getByRole('checkbox', { name: /^Laptops/ })
      .check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/product\?category=Laptops/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laptops');
    await page.getByLabel('Sort by').selectOption('price');
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/category=Laptops/);
    await expect(page).toHaveURL(/sort=price/);
    await context.close();
  });

  test('on a phone, filters open in a modal and apply with Apply; two cards a row', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openStore(page, '/product');
    await expect(panel(page)).toBeHidden();
    const boxes = await Promise.all([cards(page).nth(0).boundingBox(), cards(page).nth(1).boundingBox()]);
    expect(boxes[0]!.y).toBe(boxes[1]!.y);
    const third = await cards(page).nth(2).boundingBox();
    expect(third!.y).toBeGreaterThan(boxes[0]!.y);

    const open = page.getByRole('button', { name: 'Shop By Categories' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Shop By Categories' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: /^Watches/ }).check();
    // Nothing applies before Apply; Escape closes and keeps the page as it was.
    await expect(page).toHaveURL('/product');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(page).toHaveURL('/product');

    await open.click();
    await expect(dialog.getByRole('checkbox', { name: /^Watches/ })).not.toBeChecked();
    await dialog.getByRole('checkbox', { name: /^Watches/ }).check();
    await dialog.getByRole('checkbox', { name: /^In stock/ }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/product?category=Watches&availability=in-stock');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watches');
    const total = await apiTotal(page, 'category=Watches&availability=in-stock');
    await expect(cards(page)).toHaveCount(total);
  });
});
