import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProductPage } from '../shared/api/catalog.schemas';
import { ownerSession } from './console';
import { createProduct, uniqueStamp } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, auth, expectToast, recordToasts } from './shop';

/**
 * The product page's variant pickers, on a T-shirt of the file's own: Colour (Navy, Black) and
 * Size (S, M, L), Navy M and Black L sold out, Navy L with two left, in a category of its own with
 * a size chart. The shopper is refused until a size is chosen, sees "Notify me" for the sold-out Navy M, picks
 * Navy L (the URL names it, a reload keeps it), adds it, and the cart says "Navy / L".
 */
test.describe.configure({ mode: 'default' });

const customer = accountPerFile();
const randomOctet = () => 1 + Math.floor(Math.random() * 250);
const asStaff = async (request: APIRequestContext) => ({
  authorization: `Bearer ${await ownerSession(request)}`,
  'x-forwarded-for': `10.91.${randomOctet()}.${randomOctet()}`,
});

async function colourId(request: APIRequestContext, name: string, hex: string): Promise<string> {
  const colours = (await (await request.get('/api/color')).json()) as { _id: string; name: string }[];
  const found = colours.find((colour) => colour.name === name);
  if (found) return found._id;
  const made = await request.post('/api/color', {
    data: { title: hex, name },
    headers: await asStaff(request),
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  return ((await made.json()) as { _id: string })._id;
}

type Tee = {
  product: ApiProductPage;
  category: string;
  sku: (colour: 'NVY' | 'BLK', size: 'S' | 'M' | 'L') => string;
};

let made: Promise<Tee> | undefined;
/** The file's T-shirt, made once: its own category (with a size chart), colours and six variants. */
function tee(request: APIRequestContext): Promise<Tee> {
  made ??= (async () => {
    const stamp = uniqueStamp();
    const category = `E2E Tees ${stamp}`;
    const created = await request.post('/api/category', {
      data: {
        title: category,
        sizeChart: {
          columns: ['Size', 'Chest (cm)', 'Length (cm)'],
          rows: [
            ['S', '96', '69'],
            ['M', '102', '71'],
            ['L', '108', '73'],
          ],
        },
      },
      headers: await asStaff(request),
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const base = await createProduct(request, {
      like: 'levis-mens-housemark-crew-neck-t-shirt',
      title: 'E2E Variant Tee',
      category,
    });
    const navy = await colourId(request, 'Navy', '#000080');
    const black = await colourId(request, 'Black', '#111111');
    const sku = (colour: 'NVY' | 'BLK', size: 'S' | 'M' | 'L') =>
      `E2E-${stamp}-${colour}-${size}`.toUpperCase();
    const stock = { NVY: { S: 8, M: 0, L: 2 }, BLK: { S: 6, M: 9, L: 0 } } as const;
    const variants = (['NVY', 'BLK'] as const).flatMap((colour) =>
      (['S', 'M', 'L'] as const).map((size) => ({
        sku: sku(colour, size),
        values: [colour === 'NVY' ? navy : black, size],
        price: size === 'L' ? 899 : 699,
        mrp: 999,
        quantity: stock[colour][size],
      })),
    );
    const saved = await request.put(`/api/admin/products/${base._id}/variants`, {
      data: {
        options: [
          { name: 'Colour', kind: 'color', values: [navy, black] },
          { name: 'Size', values: ['S', 'M', 'L'] },
        ],
        variants,
      },
      headers: await asStaff(request),
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const product = (await (await request.get(`/api/product/${base.slug}`)).json()) as ApiProductPage;
    expect(product.options.map((option) => option.name)).toEqual(['Colour', 'Size']);
    return { product, category, sku };
  })();
  return made;
}

const sizeGroup = (page: Page) => page.getByRole('group', { name: /^Size/ });
const colourGroup = (page: Page) => page.getByRole('group', { name: /^Colour/ });

test.beforeEach(async ({ page }) => recordToasts(page));

test('a sold-out size is refused, Navy / L is chosen, kept in the URL and added to the cart', async ({
  page,
  request,
}) => {
  const { product, sku } = await tee(request);
  const me = await customer(request);
  expect((await request.delete('/api/user/empty-cart', { headers: auth(me.token) })).ok()).toBe(true);
  await signIn(page, me);
  const productRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/product/${product.slug}`) productRequests.push(r.url());
  });
  await page.goto(`/product/${product.slug}`);
  await expect(page.locator('.product-price-now')).toHaveText('₹699 – ₹899');

  await colourGroup(page).getByRole('radio', { name: 'Navy' }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toBeVisible();
  await expect(sizeGroup(page).getByRole('radio', { name: 'S', exact: true })).toBeFocused();

  const medium = sizeGroup(page).getByRole('radio', { name: 'M, sold out' });
  await expect(medium).toBeVisible();
  await medium.check();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size' })).toHaveCount(0);
  await expect(page.locator('.product-stock')).toHaveText('Sold out in Navy / M');
  await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('variant')).toBe(sku('NVY', 'M'));

  const historyBefore = await page.evaluate(() => history.length);
  await sizeGroup(page).getByRole('radio', { name: 'L', exact: true }).check();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${sku('NVY', 'L')}$`));
  await expect(page.locator('.product-price-now')).toHaveText('₹899.00');
  await expect(page.locator('.product-price-was')).toHaveText('List price ₹999.00');
  await expect(page.locator('.product-stock')).toHaveText('Only 2 left in Navy / L');
  await expect(page.getByRole('status').filter({ hasText: 'Navy / L: ₹899.00' })).toHaveCount(1);
  // Replaced, not pushed: choosing sizes leaves the back button as it was, and reloads nothing.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  expect(productRequests).toEqual([]);

  await page.reload();
  await expect(sizeGroup(page).getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await expect(colourGroup(page).getByRole('radio', { name: 'Navy' })).toBeChecked();
  await expect(page.locator('.product-price-now')).toHaveText('₹899.00');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Product added to the cart');
  await expect(page.getByText('Navy / L is in your cart.')).toBeVisible();

  await page.goto('/cart');
  const line = page.locator('.cart-line').filter({ hasText: product.title });
  await expect(line.locator('.cart-line-color')).toHaveText('Navy / L');
  await expect(line.locator('.line-sku')).toHaveText(`SKU ${sku('NVY', 'L')}`);
  // Its title opens the product on the same choice.
  await expect(line.getByRole('link', { name: product.title })).toHaveAttribute(
    'href',
    `/product/${product.slug}?variant=${sku('NVY', 'L')}`,
  );
});

test('the server draws the linked variant, and the head has a ProductGroup', async ({ page, request }) => {
  const { product, sku } = await tee(request);
  const answer = await request.get(`/product/${product.slug}?variant=${sku('BLK', 'L').toLowerCase()}`);
  const html = await answer.text();
  expect(html).toContain('Sold out in Black / L');
  const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);
  expect(jsonLd).toMatchObject({
    '@type': 'ProductGroup',
    variesBy: ['https://schema.org/color', 'https://schema.org/size'],
  });
  expect(jsonLd.hasVariant).toHaveLength(6);
  expect(jsonLd.hasVariant).toContainEqual(
    expect.objectContaining({
      sku: sku('NVY', 'M'),
      color: 'Navy',
      size: 'M',
      offers: expect.objectContaining({ availability: 'https://schema.org/OutOfStock', price: '699.00' }),
    }),
  );
  await page.goto(`/product/${product.slug}?variant=${sku('BLK', 'S')}`);
  await expect(colourGroup(page).getByRole('radio', { name: 'Black' })).toBeChecked();
  await expect(sizeGroup(page).getByRole('radio', { name: 'S', exact: true })).toBeChecked();
  await expect(sizeGroup(page).getByRole('radio', { name: 'L, sold out' })).toBeVisible();
});

test('keyboard only: arrow keys choose within a group, the size chart opens and closes', async ({
  page,
  request,
}) => {
  const { product, sku } = await tee(request);
  const me = await customer(request);
  expect((await request.delete('/api/user/empty-cart', { headers: auth(me.token) })).ok()).toBe(true);
  await signIn(page, me);
  await page.goto(`/product/${product.slug}`);

  await colourGroup(page).getByRole('radio', { name: 'Navy' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(colourGroup(page).getByRole('radio', { name: 'Black' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(sizeGroup(page).getByRole('radio', { name: 'S', exact: true })).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(sizeGroup(page).getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`\\?variant=${sku('BLK', 'M')}$`));

  await page.keyboard.press('Tab');
  const chartButton = page.getByRole('button', { name: 'Size chart' });
  await expect(chartButton).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /M 102 71/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close the size chart' })).toBeFocused();
  // Modal: nothing behind the dialog takes focus (the browser's own controls may).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(
      () => document.activeElement === document.body || Boolean(document.activeElement?.closest('dialog')),
    ),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(chartButton).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Product added to the cart');
  const lines = (await (await request.get('/api/user/cart', { headers: auth(me.token) })).json()) as {
    sku: string;
    options: string;
  }[];
  expect(lines).toEqual([expect.objectContaining({ sku: sku('BLK', 'M'), options: 'Black / M' })]);
});

/** Not assertions on pixels: for a person to look at (SHOTS_DIR, else test-results/screenshots). */
test('screenshots of the pickers, the size chart and the cart', async ({ page, request }) => {
  test.setTimeout(90_000);
  const dir = process.env.SHOTS_DIR ?? 'test-results/screenshots';
  const { product, sku } = await tee(request);
  const me = await customer(request);
  await request.delete('/api/user/empty-cart', { headers: auth(me.token) });
  await request.post('/api/user/cart', {
    headers: auth(me.token),
    data: { productId: product._id, variantId: product.variants.find((v) => v.sku === sku('NVY', 'L'))!._id },
  });
  await signIn(page, me);
  for (const [device, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/product/${product.slug}?variant=${sku('NVY', 'M')}`);
    await page.screenshot({ path: `${dir}/variants-${device}-product.png`, fullPage: true });
    await page.goto(`/product/${product.slug}?variant=${sku('BLK', 'S')}`);
    await page.getByRole('button', { name: 'Add to cart' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/variants-${device}-product-in-stock.png` });
    await page.getByRole('button', { name: 'Size chart' }).click();
    await page.screenshot({ path: `${dir}/variants-${device}-size-chart.png` });
    await page.keyboard.press('Escape');
    await page.goto('/product/levis-mens-housemark-crew-neck-t-shirt');
    await page.screenshot({ path: `${dir}/variants-${device}-product-without-options.png`, fullPage: true });
    await page.goto('/cart');
    await expect(page.locator('.cart-line').first()).toBeVisible();
    await page.screenshot({ path: `${dir}/variants-${device}-cart.png`, fullPage: true });
  }
});

test('the store filters a category by size: counts, the address, and only products with it in stock', async ({
  page,
  request,
}) => {
  const { product, category } = await tee(request);
  // A polo beside the tee: its M is sold out, its XL in stock.
  const polo = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Variant Polo',
    category,
  });
  const saved = await request.put(`/api/admin/products/${polo._id}/variants`, {
    data: {
      options: [{ name: 'Size', values: ['M', 'XL'] }],
      variants: ['M', 'XL'].map((size) => ({
        sku: `${polo.slug}-${size}`.toUpperCase(),
        values: [size],
        price: 799,
        quantity: size === 'XL' ? 3 : 0,
      })),
    },
    headers: await asStaff(request),
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/product?category=${encodeURIComponent(category)}`);
  await expect(page.locator('.store[data-ready]')).toBeAttached();
  const panel = page.getByRole('complementary');
  const sizes = panel.getByRole('group', { name: 'Size' });
  // In the sizes' own order, each with the products that have it in stock (the polo's M is sold out).
  const offered = ['S (1)', 'M (1)', 'L (1)', 'XL (1)'];
  await expect(sizes.getByRole('checkbox')).toHaveCount(offered.length);
  for (const [n, name] of offered.entries()) {
    await expect(sizes.getByRole('checkbox').nth(n)).toHaveAccessibleName(name);
  }
  const grid = page.locator('.store-grid > li');
  await expect(grid).toHaveCount(2);

  const xl = sizes.getByRole('checkbox', { name: /^XL/ });
  await xl.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/[?&]size=XL(&|$)/);
  await expect(grid).toHaveCount(1);
  await expect(grid.first()).toContainText('E2E Variant Polo');

  await sizes.getByRole('checkbox', { name: /^M/ }).check();
  await expect(grid).toHaveCount(2);
  await expect(page.locator('.store-grid')).toContainText(product.title);

  await page.goBack();
  await expect(grid).toHaveCount(1);
  await expect(xl).toBeChecked();

  const dir = process.env.SHOTS_DIR ?? 'test-results/screenshots';
  for (const [device, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/product?category=${encodeURIComponent(category)}&size=XL`);
    if (device === '375') {
      await page.getByRole('button', { name: 'Shop By Categories' }).click();
      const dialog = page.getByRole('dialog', { name: 'Shop By Categories' });
      await dialog.getByRole('group', { name: 'Size' }).scrollIntoViewIfNeeded();
      await expect(
        dialog.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^XL/ }),
      ).toBeChecked();
    }
    await page.screenshot({
      path: `${dir}/variants-${device}-store-size-filter.png`,
      fullPage: device === '1280',
    });
  }
});

test.describe('the size chart when its code cannot come', () => {
  // The refused chunk is the point of the test: the browser reports it in the console.
  test.use({ allowedConsoleErrors: [/ERR_FAILED/] });

  test('says so in a toast and opens nothing', async ({ page, request }) => {
    const { product } = await tee(request);
    await page.route(/\/assets\/size-chart-dialog-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`/product/${product.slug}`);
    // A press before the page is interactive would do nothing at all.
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('button', { name: 'Size chart' }).click();
    await expectToast(page, 'The size chart could not be loaded. Please try again.');
    await expect(page.getByRole('dialog', { name: 'Size chart' })).toHaveCount(0);
  });
});
