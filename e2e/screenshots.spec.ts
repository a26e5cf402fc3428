import { productsToBuy } from './buy';
import { createCustomer, expect, signIn, test } from './fixtures';

/**
 * Not assertions on pixels: full-page screenshots of the key pages on a laptop and a phone, kept in
 * test-results/screenshots/ for a person to look at after a layout change.
 */
const pages = [
  ['home', '/'],
  ['store', '/product'],
  ['login', '/login'],
  ['signup', '/signup'],
  ['blogs', '/blogs'],
  ['blog', '/blog/tws-earbuds-under-2-000-what-actually-matters'],
  ['contact', '/contact'],
  ['about', '/about'],
  ['compare', '/compare-product'],
  ['privacy-policy', '/privacy-policy'],
  ['not-found', '/no-such-page'],
  ['product', '/product/levis-mens-housemark-crew-neck-t-shirt'],
] as const;

const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['mobile', { width: 375, height: 812 }],
] as const;

for (const [device, viewport] of viewports) {
  test(`screenshots at ${device} size`, async ({ page }) => {
    // A dozen full-page shots in one test: on a busy 2-core machine that takes more than 30 s.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/${device}-${name}.png`, fullPage: true });
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Shop Categories' }).click();
    await page.screenshot({ path: `test-results/screenshots/${device}-categories-open.png` });
  });
}

/** The signed-in pages with something in them: a cart of two lines and a wishlist of two. */
test('screenshots of the cart and wishlist', async ({ page, request }) => {
  test.setTimeout(120_000);
  const me = await createCustomer(request);
  const headers = { authorization: `Bearer ${me.token}` };
  // A shirt and a speaker of the test's own, made like the demo ones.
  for (const product of await productsToBuy(request, 2)) {
    await request.post('/api/user/cart', {
      headers,
      data: { productId: product._id, color: product.color[0]!._id, quantity: 2, price: product.price },
    });
    await request.put('/api/product/wishlist', { headers, data: { prodId: product._id } });
  }
  await signIn(page, me);
  for (const [device, viewport] of viewports) {
    await page.setViewportSize(viewport);
    for (const name of ['cart', 'wishlist']) {
      await page.goto(`/${name}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/${device}-${name}.png`, fullPage: true });
    }
  }
});

/** Checkout with a cart of two lines, then My orders after paying through the test gateway. */
test('screenshots of checkout and my orders', async ({ page, request }) => {
  // Two whole checkouts with four full-page shots: 6-9 s on an idle machine, but more than 30 s
  // (twice, with its retry) in a CI run on a slow 2-core machine beside the other worker.
  test.setTimeout(120_000);
  const me = await createCustomer(request);
  const headers = { authorization: `Bearer ${me.token}` };
  await signIn(page, me);
  // What it buys is the test's own, made like the demo shirt and speaker.
  const products = await productsToBuy(request, 2);
  for (const [device, viewport] of viewports) {
    await page.setViewportSize(viewport);
    for (const product of products) {
      const added = await request.post('/api/user/cart', {
        headers,
        data: { productId: product._id, color: product.color[0]!._id, quantity: 1, price: product.price },
      });
      expect(added.ok(), await added.text()).toBe(true);
    }
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByLabel('Country').selectOption('India');
    await page.getByLabel('First name').fill('Asha');
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('Address', { exact: true }).fill('12, 4th Cross, Indiranagar');
    await page.getByLabel('Landmark').fill('Near the metro');
    await page.getByLabel('City').fill('Bengaluru');
    await page.getByLabel('State').selectOption('Karnataka');
    await page.getByLabel('Pincode').fill('560038');
    await page.screenshot({ path: `test-results/screenshots/${device}-checkout.png`, fullPage: true });
    await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL('/my-orders');
    await expect(page.getByTestId('order-card').first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/${device}-my-orders.png`, fullPage: true });
  }
});
