import type { APIRequestContext, Page } from '@playwright/test';
import type { ApiProduct } from '../shared/api-types';
import { createProduct } from './data';
import { expect, signIn, test } from './fixtures';
import { accountPerFile, allowFailedApiCalls, auth, expectToast, recordToasts, rupees } from './shop';

/**
 * The cart page: lines, quantity changes (typed values clamped) and removal with their toasts,
 * totals, the empty state, failures, and the header's badge and total following every change.
 * One account for the file (sign-ups are rate limited), its cart rebuilt through the API per test,
 * with a shirt and a speaker of the file's own.
 */
test.describe.configure({ mode: 'default' });

const customer = accountPerFile();

/** The file's own shirt and speaker, made like the demo ones (an MRP each, over ₹500 together). */
let goods: Promise<{ shirt: ApiProduct; speaker: ApiProduct }> | undefined;
const ownGoods = (request: APIRequestContext) => {
  goods ??= (async () => ({
    shirt: await createProduct(request, {
      like: 'levis-mens-housemark-crew-neck-t-shirt',
      title: 'E2E Cart Shirt',
    }),
    speaker: await createProduct(request, {
      like: 'boat-stone-1200-14w-bluetooth-speaker',
      title: 'E2E Cart Speaker',
    }),
  }))();
  return goods;
};

/** An empty cart, then the given lines. */
async function fillCart(
  request: APIRequestContext,
  token: string,
  lines: { product: ApiProduct; quantity: number }[],
) {
  expect((await request.delete('/api/user/empty-cart', { headers: auth(token) })).ok()).toBe(true);
  for (const { product: p, quantity } of lines) {
    const response = await request.post('/api/user/cart', {
      headers: auth(token),
      data: { productId: p._id, color: p.color[0]!._id, quantity, price: p.price },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

test.beforeEach(async ({ page }) => recordToasts(page));

async function setup(page: Page, request: APIRequestContext) {
  const me = await customer(request);
  const { shirt, speaker } = await ownGoods(request);
  await fillCart(request, me.token, [
    { product: shirt, quantity: 2 },
    { product: speaker, quantity: 1 },
  ]);
  await signIn(page, me);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart');
  return { me, shirt, speaker };
}

test('lines, totals and a quantity change update the page and the header', async ({ page, request }) => {
  const { shirt, speaker } = await setup(page, request);
  const header = page.getByRole('link', { name: /^Cart ₹/ });
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const first = shirt.price * 2 + speaker.price;
  await expect(header).toHaveAccessibleName(`Cart ${rupees(first)} 2 items`);
  await expect(page.getByRole('link', { name: shirt.title })).toHaveAttribute(
    'href',
    `/product/${shirt.slug}`,
  );
  await expect(page.getByText(`Colour: ${shirt.color[0]!.name}`)).toBeVisible();
  // The server's breakup: items at MRP, the discount, free delivery over ₹500, GST included.
  await expect(summary.locator('.price-breakup-mrp dd')).toHaveText(rupees(shirt.mrp! * 2 + speaker.mrp!));
  await expect(summary.locator('.price-breakup-delivery dd')).toHaveText('Free');
  await expect(summary.getByText('Inclusive of GST')).toBeVisible();
  await expect(summary.locator('.price-breakup-total dd')).toHaveText(rupees(first));
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/product');

  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${shirt.title}` });
  await quantity.fill('3');
  await expectToast(page, 'Product updated from cart successfully!');
  const second = shirt.price * 3 + speaker.price;
  await expect(summary.locator('.price-breakup-total dd')).toHaveText(rupees(second));
  await expect(header).toHaveAccessibleName(`Cart ${rupees(second)} 2 items`);

  // Typed values are clamped to 10 (and the stock), and saved once.
  await quantity.fill('25');
  await expect(quantity).toHaveValue('10');
  await expectToast(page, 'Product updated from cart successfully!');
  await expect(summary.locator('.price-breakup-total dd')).toHaveText(
    rupees(shirt.price * 10 + speaker.price),
  );

  // What the server keeps, not just what the page shows.
  await page.reload();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${shirt.title}` })).toHaveValue('10');
});

test('a quantity changed just before leaving the page is still saved', async ({ page, request }) => {
  const { me, shirt } = await setup(page, request);
  await page.getByRole('spinbutton', { name: `Quantity of ${shirt.title}` }).fill('4');
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL('/product');
  await expect
    .poll(async () => {
      const response = await request.get('/api/user/cart', { headers: auth(me.token) });
      const lines = (await response.json()) as { productId: { _id: string }; quantity: number }[];
      return lines.find((line) => line.productId._id === shirt._id)?.quantity;
    })
    .toBe(4);
});

test('removing lines down to the empty cart', async ({ page, request }) => {
  const { shirt, speaker } = await setup(page, request);
  const header = page.getByRole('link', { name: /^Cart ₹/ });
  await page.getByRole('button', { name: `Remove ${shirt.title} from cart` }).click();
  await expectToast(page, 'Product removed from cart!');
  await expect(page.getByRole('link', { name: shirt.title })).toHaveCount(0);
  await expect(header).toHaveAccessibleName(`Cart ${rupees(speaker.price)} 1 item`);
  await expect(page.locator('.cart-badge')).toHaveText('1');

  await page.getByRole('button', { name: `Remove ${speaker.title} from cart` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your cart is empty!');
  await expect(page.getByText('Add items to it now.')).toBeVisible();
  await expect(header).toHaveAccessibleName('Cart ₹0.00 0 items');
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page).toHaveURL('/product');
});

test('a failed change says so and keeps the saved quantity', async ({ page, request, consoleErrors }) => {
  const { shirt } = await setup(page, request);
  await page.route('**/api/user/update-product-cart/**', (route) =>
    route.fulfill({ status: 400, json: { message: 'Only 2 left in stock. Please choose 2 or fewer.' } }),
  );
  await page.route('**/api/user/delete-product-cart/**', (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } }),
  );
  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${shirt.title}` });
  await quantity.fill('5');
  await expectToast(page, 'Something went wrong! Only 2 left in stock. Please choose 2 or fewer.');
  await expect(quantity).toHaveValue('2');

  await page.getByRole('button', { name: `Remove ${shirt.title} from cart` }).click();
  await expectToast(page, 'Something went wrong! Something went wrong on our side.');
  await expect(page.getByRole('link', { name: shirt.title })).toBeVisible();
  allowFailedApiCalls(consoleErrors, 400, 500);
});

test('the header shows the cart on any page for a signed-in customer, and zero when signed out', async ({
  page,
  request,
}) => {
  const me = await customer(request);
  const { shirt } = await ownGoods(request);
  await fillCart(request, me.token, [{ product: shirt, quantity: 1 }]);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: /^Cart ₹/ })).toHaveAccessibleName('Cart ₹0.00 0 items');
  await signIn(page, me);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: /^Cart ₹/ })).toHaveAccessibleName(
    `Cart ${rupees(shirt.price)} 1 item`,
  );
});

test('a cart that cannot be loaded offers to try again', async ({ page, request, consoleErrors }) => {
  const me = await customer(request);
  await signIn(page, me);
  let fail = true;
  await page.route('**/api/user/cart', (route) =>
    fail
      ? route.fulfill({ status: 503, json: { message: 'The shop is busy. Please try again.' } })
      : route.fallback(),
  );
  await page.goto('/cart');
  await expect(page.getByText('The shop is busy. Please try again.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Your cart/);
  allowFailedApiCalls(consoleErrors, 503);
});

test("the server draws a signed-in shopper's cart, scripts or not, and forgets it at logout (decision 027)", async ({
  page,
  browser,
  request,
}) => {
  const me = await customer(request);
  const { shirt } = await ownGoods(request);
  await fillCart(request, me.token, [{ product: shirt, quantity: 1 }]);
  await signIn(page, me);
  // Any page of the shop writes the render cookie for the stored session, as a login does.
  await page.goto('/contact');
  const renderCookie = async () => (await page.context().cookies()).find((c) => c.name === 'bb_render');
  await expect.poll(async () => (await renderCookie())?.value).toBe(me.token);
  expect((await renderCookie())!.sameSite).toBe('Strict');

  // The page as the server sends it, with no script at all: the line and the server's total.
  const bare = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  await bare.addCookies([(await renderCookie())!]);
  const html = await bare.newPage();
  await html.goto('/cart');
  await expect(html.getByRole('heading', { level: 1 })).toHaveText('Your cart');
  await expect(html.getByRole('link', { name: shirt.title })).toBeVisible();
  const total = html.getByRole('complementary', { name: 'Order summary' }).locator('.price-breakup-total dd');
  await expect(total).toHaveText(rupees(shirt.price));
  await bare.close();

  // With its scripts, the same page hydrates and works, asking for the cart once (the page and the
  // header's loader learn of the session together).
  const cartCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/user/cart') cartCalls.push(r.url());
  });
  await page.goto('/cart');
  await page.waitForLoadState('networkidle');
  expect(cartCalls).toHaveLength(1);
  const quantity = page.getByRole('spinbutton', { name: `Quantity of ${shirt.title}` });
  await quantity.fill('2');
  await expectToast(page, 'Product updated from cart successfully!');
  await expect(
    page.getByRole('complementary', { name: 'Order summary' }).locator('.price-breakup-total dd'),
  ).toHaveText(rupees(shirt.price * 2));

  // Logout takes the cookie with the session: the next cart page is drawn for nobody.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await renderCookie()).toBeUndefined();
  const after = await (await page.request.get('/cart')).text();
  expect(after).not.toContain(shirt.title);
});
