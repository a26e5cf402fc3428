import { productsToBuy } from './buy';
import { expect, test } from './fixtures';
import { accountPerFile } from './shop';

/**
 * The original storefront client runs on an origin of its own and talks to this shop's
 * API from the browser. A stand-in page is served at http://localhost:5173 (CORS_ORIGINS in
 * playwright.config.ts; the route answers it, nothing listens there) and does what that client
 * does: reads the catalogue and its total, shows pictures, signs in, fills the cart and pays
 * through the test gateway's sheet, loaded from this shop as Razorpay's would be from its CDN.
 * Chromium asks the shopper before a page that is not itself on a private address calls one
 * (Local Network Access), and a route-served page counts as public: the test grants it, as a
 * shopper would. A deployed shop is not on loopback, so real shoppers never see that prompt.
 */
const clientOrigin = 'http://localhost:5173';
const account = accountPerFile();
/** What createCustomer (e2e/fixtures.ts) signs up with. */
const password = 'correct-horse-42';

const randomOctet = () => 1 + Math.floor(Math.random() * 250);

test.beforeEach(async ({ context, page }) => {
  await context.grantPermissions(['local-network-access'], { origin: clientOrigin });
  // Its own address (the e2e server trusts the loopback proxy): the login limit counts per shopper.
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
  });
  await page.route(`${clientOrigin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Original client</title></head><body><h1>Original client</h1></body></html>',
    }),
  );
  await page.goto(`${clientOrigin}/`);
});

test('reads the catalogue with its total and shows its pictures', async ({ page, baseURL }) => {
  const result = await page.evaluate(async (api) => {
    // Oldest first: the demo catalogue's, not the products other specs make meanwhile.
    const response = await fetch(`${api}/api/product?sort=createdAt&limit=20`);
    const products = (await response.json()) as { images: { url: string }[] }[];
    const url = products.find((p) => p.images.length > 0)!.images[0]!.url;
    const width = await new Promise<number>((resolve) => {
      const image = new Image();
      image.onload = () => resolve(image.naturalWidth);
      image.onerror = () => resolve(0);
      image.src = url;
      document.body.append(image);
    });
    return { status: response.status, total: response.headers.get('x-total-count'), url, width };
  }, baseURL!);
  expect(result.status).toBe(200);
  expect(Number(result.total)).toBeGreaterThan(0);
  // Absolute, on the shop's media (seeded pictures under /media/products, uploads under /media/uploads).
  expect(result.url.startsWith(`${baseURL}/media/`)).toBe(true);
  expect(result.width).toBeGreaterThan(0);
});

test('signs in, fills the cart and pays through the test gateway sheet', async ({
  page,
  baseURL,
  request,
}) => {
  const customer = await account(request);
  const [own] = await productsToBuy(request, 1);
  const started = await page.evaluate(
    async ({ api, email, password, productId, color }) => {
      const call = async (method: string, path: string, token?: string, body?: unknown) => {
        const response = await fetch(`${api}/api${path}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return {
          status: response.status,
          cache: response.headers.get('cache-control'),
          body: await response.json(),
        };
      };
      const login = await call('POST', '/user/login', undefined, { email, password });
      const token = login.body.token as string;
      await call('DELETE', '/user/empty-cart', token);
      const added = await call('POST', '/user/cart', token, { productId, color, quantity: 1 });
      const cart = await call('GET', '/user/cart', token);
      const checkout = await call('POST', '/user/order/checkout', token, {});
      return { login, added: added.status, cart, checkout: checkout.body, checkoutStatus: checkout.status };
    },
    { api: baseURL!, email: customer.email, password, productId: own!._id, color: own!.color[0]!._id },
  );
  expect(started.login.status).toBe(200);
  expect(started.login.cache).toBe('no-store');
  expect(started.added).toBe(201);
  expect(started.cart.status).toBe(200);
  expect(started.cart.cache).toBe('no-store');
  expect(started.cart.body).toHaveLength(1);
  expect(started.checkoutStatus, JSON.stringify(started.checkout)).toBe(200);

  // The sheet's script comes from the shop; its stylesheet and endpoints must follow it there.
  await page.evaluate(
    async ({ api, start }) => {
      await new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = `${api}/pay/checkout.js`;
        script.onload = resolve;
        script.onerror = reject;
        document.body.append(script);
      });
      const Razorpay = (window as unknown as { Razorpay: new (options: object) => { open(): void } })
        .Razorpay;
      new Razorpay({
        key: start.key,
        amount: start.order.amount,
        currency: start.order.currency,
        name: 'Original client',
        description: 'Payment for 1 item',
        order_id: start.order.id,
        handler: (response: unknown) => {
          (window as unknown as { paid: unknown }).paid = response;
        },
      }).open();
    },
    { api: baseURL!, start: started.checkout },
  );
  const sheet = page.getByTestId('test-gateway');
  await expect(sheet.getByRole('dialog')).toBeVisible();
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute('href', `${baseURL}/pay/checkout.css`);
  // Styled by that stylesheet: the backdrop covers the page.
  await expect(page.locator('.bbpay-backdrop')).toHaveCSS('position', 'fixed');
  await sheet.getByRole('button', { name: /^Pay / }).click();
  await expect(sheet).toHaveCount(0);
  const paid = await page.evaluate(() => (window as unknown as { paid?: Record<string, string> }).paid);
  expect(paid).toMatchObject({
    razorpay_order_id: started.checkout.order.id,
    razorpay_payment_id: expect.any(String),
    razorpay_signature: expect.any(String),
  });
});
