import type { APIRequestContext, Page } from '@playwright/test';
import { createProduct, reviewProduct } from './data';
import { createCustomer, expect, signIn, test } from './fixtures';
import { accountPerFile, allowFailedApiCalls, expectToast, product, recordToasts } from './shop';

/**
 * The product page: what the server renders (title, price, real stock and review count, JSON-LD),
 * colour and quantity, adding to the cart with the header following, 'Go to cart', the visitor's
 * way to log in, copy link and the 404 of an unknown product.
 *
 * Sign-ups are rate limited per address (10 in 15 minutes for the whole suite), so the tests of
 * this file run one after another on one account, emptying its cart first.
 */
test.describe.configure({ mode: 'default' });

/**
 * The file's own products, made like demo ones: a shirt (₹699, two colours, two pictures, two
 * reviews), a smartwatch with 3 left and a camera with none. Carts and stock here are nobody else's.
 */
let made: Promise<{ shirt: string; lowStock: string; soldOut: string }> | undefined;
const own = (request: APIRequestContext) =>
  (made ??= (async () => ({
    shirt: await reviewedShirt(request),
    lowStock: (
      await createProduct(request, {
        like: 'noise-colorfit-pro-5-smartwatch',
        title: 'E2E Watch',
        quantity: 3,
      })
    ).slug,
    soldOut: (
      await createProduct(request, {
        like: 'nikon-d7500-dslr-camera-with-18-140mm-vr-lens',
        title: 'E2E Camera',
        quantity: 0,
      })
    ).slug,
  }))());

const customer = accountPerFile();

async function reviewedShirt(request: APIRequestContext): Promise<string> {
  const shirt = await createProduct(request, {
    like: 'levis-mens-housemark-crew-neck-t-shirt',
    title: 'E2E Shirt',
  });
  await reviewProduct(request, await customer(request), shirt, 4, 'Soft and true to size.');
  await reviewProduct(request, await createCustomer(request), shirt, 5, 'Keeps its colour in the wash.');
  return shirt.slug;
}

async function emptyCart(request: APIRequestContext, token: string) {
  const response = await request.delete('/api/user/empty-cart', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
}

/** The product page reacts to clicks once hydrated (before, the form would post to the server). */
async function openProduct(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await expect(page.locator('.add-to-cart')).toHaveAttribute('data-hydrated', 'true');
}

test.beforeEach(async ({ page }) => recordToasts(page));

test('the server renders the product with its real stock, review count and JSON-LD', async ({
  page,
  request,
}) => {
  const { shirt } = await own(request);
  const p = await product(request, shirt);
  const response = await request.get(`/product/${shirt}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  // Escaped as React's server renderer does in text: &, <, >, " and '.
  const escaped = p.title
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
  expect(html).toContain(`<h1 id="product-title">${escaped}</h1>`);
  expect(html).toContain('₹699.00');
  expect(html).toContain('In stock');
  expect(html).toContain(`(${p.ratingCount} reviews)`);
  expect(html).toContain(`Based on ${p.ratingCount} reviews`);
  expect(html).toContain(
    `<link rel="canonical" href="http://127.0.0.1:${process.env.E2E_PORT ?? 3100}/product/${shirt}"`,
  );
  const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
  expect(jsonLd).toBeTruthy();
  const data = JSON.parse(jsonLd!) as Record<string, unknown>;
  expect(data['@type']).toBe('Product');
  expect(data.offers).toMatchObject({
    priceCurrency: 'INR',
    price: '699.00',
    availability: 'https://schema.org/InStock',
  });
  expect(data.aggregateRating).toMatchObject({ reviewCount: p.ratingCount });

  await page.goto(`/product/${shirt}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
  await expect(page).toHaveTitle(`${p.title} | Bharat Bazaar`);
  await expect(page.getByRole('radio', { name: p.color[0]!.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You might be interested in' })).toBeVisible();
  const related = page.locator('.related-grid .product-card');
  expect(await related.count()).toBeGreaterThanOrEqual(4);
  expect(await related.count()).toBeLessThanOrEqual(8);
  await expect(page.locator('.related-grid').getByRole('link', { name: p.title })).toHaveCount(0);
});

test('low and empty stock show as such', async ({ page, request }) => {
  const { lowStock, soldOut } = await own(request);
  const low = await product(request, lowStock);
  await page.goto(`/product/${lowStock}`);
  await expect(page.locator('.product-stock')).toHaveText(
    low.quantity <= 0 ? 'Out of stock' : low.quantity <= 5 ? `Only ${low.quantity} left` : 'In stock',
  );
  await page.goto(`/product/${soldOut}`);
  await expect(page.locator('.product-stock')).toHaveText('Out of stock');
  // Where the cart button stands: a way to be told when it is back (e2e/notify-me.spec.ts).
  await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
});

test('an unknown product answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/product/no-such-product-at-all');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('a visitor pressing Add to cart is sent to log in and back', async ({ page, request }) => {
  const { shirt } = await own(request);
  await openProduct(page, shirt);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/product/${shirt}`)}`);
});

test('the quantity stays within 1..10 and the stock', async ({ page, request }) => {
  const { shirt, lowStock } = await own(request);
  await openProduct(page, shirt);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('25');
  await expect(quantity).toHaveValue('10');
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('-3');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');

  const low = await product(request, lowStock);
  test.skip(low.quantity <= 0 || low.quantity >= 10, 'needs a product with 1-9 in stock');
  await openProduct(page, lowStock);
  const lowQuantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await lowQuantity.fill('9');
  await expect(lowQuantity).toHaveValue(String(low.quantity));
});

test('adding needs a colour, then updates the header and becomes Go to cart', async ({ page, request }) => {
  const { shirt } = await own(request);
  const me = await customer(request);
  await emptyCart(request, me.token);
  await signIn(page, me);
  const p = await product(request, shirt);
  await openProduct(page, shirt);
  const cartLink = page.getByRole('link', { name: /^Cart ₹/ });
  await expect(cartLink).toHaveAccessibleName('Cart ₹0.00 0 items');

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Please choose color');

  const colour = p.color[1] ?? p.color[0]!;
  await page.getByRole('radio', { name: colour.name }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Product added to the cart');
  await expect(cartLink).toHaveAccessibleName('Cart ₹1,398.00 1 item');
  await expect(page.locator('.cart-badge')).toHaveText('1');
  await expect(page.getByRole('spinbutton', { name: 'Quantity' })).toHaveCount(0);
  await expect(page.locator('.add-to-cart').getByRole('radio')).toHaveCount(0);

  const cart = await request.get('/api/user/cart', { headers: { authorization: `Bearer ${me.token}` } });
  const lines = (await cart.json()) as { quantity: number; color: { _id: string } }[];
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ quantity: 2, color: { _id: colour._id } });

  // The in-cart check also runs on a fresh load.
  await page.reload();
  const goToCart = page.getByRole('link', { name: 'Go to cart' });
  await expect(goToCart).toBeVisible();
  await goToCart.click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart');
});

test('a failed add says so with the server message', async ({ page, request, consoleErrors }) => {
  const { shirt } = await own(request);
  const me = await customer(request);
  await emptyCart(request, me.token);
  await signIn(page, me);
  await page.route('**/api/user/cart', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { message: 'Only 1 left in stock. Please choose 1 or fewer.' } })
      : route.fallback(),
  );
  const p = await product(request, shirt);
  await openProduct(page, shirt);
  await page.getByRole('radio', { name: p.color[0]!.name }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, 'Something went wrong! Only 1 left in stock. Please choose 1 or fewer.');
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  allowFailedApiCalls(consoleErrors, 400);
});

test('copy link puts the product address on the clipboard', async ({ page, request, context, baseURL }) => {
  const { shirt } = await own(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openProduct(page, shirt);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/product/${shirt}`);
});

test('the gallery switches pictures and opens the large one', async ({ page, request }) => {
  const { shirt } = await own(request);
  await openProduct(page, shirt);
  const main = page.locator('.gallery-main-image');
  const first = await main.getAttribute('src');
  await page.getByRole('button', { name: 'Show picture 2 of 2' }).click();
  await expect(main).not.toHaveAttribute('src', first ?? '');
  await page.locator('.gallery-main-button').hover();
  await expect(page.locator('.gallery-zoom')).toBeVisible();
  await page.locator('.gallery-main-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});
