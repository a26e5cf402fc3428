import { createCustomer, expect, signIn, test } from './fixtures';
import { layoutShiftOf } from './layout-shift';
import { allowFailedApiCalls } from './shop';

const publicPages = [
  ['/', 'Bharat Bazaar: online shopping for electronics, appliances and fashion'],
  ['/contact', 'Contact us'],
  ['/product', 'Our store'],
  ['/product/levis-mens-housemark-crew-neck-t-shirt', "Levi's Men's Housemark Crew Neck T-Shirt"],
  ['/blogs', 'Blog'],
  ['/blog/tws-earbuds-under-2-000-what-actually-matters', 'TWS Earbuds Under ₹2,000: What Actually Matters'],
  ['/about', 'About us'],
  ['/compare-product', 'Compare products'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password/some-token', 'Set a new password'],
  ['/Terms-conditions', 'Terms & conditions'],
  ['/privacy-policy', 'Privacy policy'],
  ['/refund-policy', 'Refund policy'],
  ['/Shipping-policy', 'Shipping policy'],
  ['/login', 'Login'],
  ['/signup', 'Create an account'],
  ['/unsubscribe?token=not-a-real-token-at-all', 'Stop offers by e-mail'],
] as const;

const signedInPages = ['/wishlist', '/cart', '/my-orders', '/my-profile', '/checkout'] as const;

test.describe('every route', () => {
  for (const [path, heading] of publicPages) {
    test(`${path} renders in the layout`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(
        heading.includes('Bharat Bazaar') ? heading : `${heading} | Bharat Bazaar`,
      );
      const html = await response!.text();
      expect(html).toContain('<link rel="canonical"');
      expect(html).toContain('<meta name="description"');
      expect(html).toContain('<script type="application/json" id="__DATA__">');
      expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/[\w-]+-page-/);
    });
  }

  for (const path of signedInPages) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await response!.text()).toContain('<meta name="robots" content="noindex, nofollow">');
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
    });
  }

  test('an unknown address answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page).toHaveTitle('Page not found | Bharat Bazaar');
  });

  test('other spellings of a route redirect to the canonical one', async ({ request }) => {
    const response = await request.get('/terms-conditions/?ref=x', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/Terms-conditions?ref=x');
  });
});

test.describe('header', () => {
  test('the categories menu works with the keyboard', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Shop Categories' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('.categories-list');
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Home Appliances',
      'Computers & Laptop',
      'Mobiles & Tablets',
      'Music & Gaming',
    ]);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Home Appliances' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('link', { name: 'Music & Gaming' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/product?category=Music+and+Gaming');
    await expect(menu).toBeHidden();
  });

  test('the categories menu closes on a click outside', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Shop Categories' }).click();
    await expect(page.locator('.categories-list')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.locator('.categories-list')).toBeHidden();
  });

  test('the search box is inline on wide screens and has its own row under 768px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const search = page.getByRole('search');
    const brand = page.getByRole('link', { name: 'Bharat Bazaar home' }).first();
    let searchBox = (await search.boundingBox())!;
    let brandBox = (await brand.boundingBox())!;
    expect(searchBox.y).toBeLessThan(brandBox.y + brandBox.height);
    expect(searchBox.x).toBeGreaterThan(brandBox.x + brandBox.width);

    await page.setViewportSize({ width: 375, height: 812 });
    searchBox = (await search.boundingBox())!;
    brandBox = (await brand.boundingBox())!;
    expect(searchBox.y).toBeGreaterThanOrEqual(brandBox.y + brandBox.height);
    expect(searchBox.width).toBeGreaterThan(300);
    // Nothing in the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByLabel('Search products')).toBeVisible();
  });

  test('searching goes to the store with the query', async ({ page }) => {
    await page.goto('/about');
    await page.getByLabel('Search products').fill('  smart tv ');
    await page.getByLabel('Search products').press('Enter');
    await expect(page).toHaveURL('/product?q=smart+tv');
    await expect(page.getByLabel('Search products')).toHaveValue('smart tv');
  });

  test('shows an empty cart and sends a visitor to login', async ({ page }) => {
    await page.goto('/');
    const cart = page.getByRole('link', { name: /^Cart ₹0\.00 0 items$/ });
    await expect(cart).toHaveAttribute('href', '/login');
    await expect(cart.locator('.cart-badge')).toHaveText('0');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  });
});

test.describe('signed in', () => {
  test('the header switches to the account without moving, and logout signs out', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const customer = await createCustomer(request);
    await signIn(page, customer);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/my-profile');
    await expect(page.getByRole('link', { name: /^Cart ₹/ })).toHaveAttribute('href', '/cart');
    const shift = await layoutShiftOf(page);
    expect(shift).toBeLessThan(0.01);

    // Signed-in pages open; login and signup send the customer home.
    await page.getByRole('link', { name: 'My Orders' }).first().click();
    // A new customer: the orders page's empty state.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No Ordered Items');
    await page.goto('/login');
    await expect(page).toHaveURL('/');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('customer'))).toBeNull();
    // The home page's wishlist (its hearts) may still be loading when logout revokes the token:
    // that answer is a 401, which the browser logs, and the reload after logout shows the page
    // signed out anyway. Seen once in CI.
    allowFailedApiCalls(consoleErrors, 401);
    const me = await request.get('/api/user/me', { headers: { authorization: `Bearer ${customer.token}` } });
    expect(me.status()).toBe(401);
  });
});

test.describe('navigation', () => {
  test('links navigate on the client, without reloading the document', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Store' }).click();
    await expect(page).toHaveURL('/product');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our store');
    await expect(page).toHaveTitle('Our store | Bharat Bazaar');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our store');
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('still here');
    expect(documents).toEqual([]);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Store' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a new page starts at the top, with focus on the content', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('#main')).toBeFocused();
  });

  test('an unknown address reached by a link shows the not-found page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      history.pushState(null, '', '/gone-missing');
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});

test.describe('accessibility basics', () => {
  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await page.goto('/contact');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('landmarks, the toast area and one h1 are in place', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    const box = await toasts.evaluate((element) => getComputedStyle(element));
    expect(box.position).toBe('fixed');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  });
});

test.describe('scripts after the largest paint (decision 026)', () => {
  test.use({ startAppEarly: false });
  const product = '/product/levis-mens-housemark-crew-neck-t-shirt';
  const isEntryScript = (url: string) => /\/assets\/index-[\w-]+\.js$/.test(url);

  test("the app's scripts are asked for once the largest picture is in, and the page then works", async ({
    page,
  }) => {
    const events: string[] = [];
    page.on('request', (request) => {
      if (isEntryScript(request.url())) events.push('entry script asked');
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image' && request.url().includes('/media/products/'))
        events.push('picture in');
    });
    await page.goto(product);
    await expect(page.locator('.add-to-cart')).toHaveAttribute('data-hydrated', 'true');
    expect(events).toContain('entry script asked');
    expect(events.indexOf('picture in')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('picture in')).toBeLessThan(events.indexOf('entry script asked'));
  });

  test('a picture that never arrives does not keep the page from working: a key press starts it', async ({
    page,
  }) => {
    await page.route('**/media/products/**', () => {}); // never answered
    let asked = false;
    page.on('request', (request) => {
      if (isEntryScript(request.url())) asked = true;
    });
    await page.goto(product, { waitUntil: 'domcontentloaded' });
    expect(asked).toBe(false);
    await page.keyboard.press('Shift');
    await expect(page.locator('.add-to-cart')).toHaveAttribute('data-hydrated', 'true');
    expect(asked).toBe(true);
  });

  test('and without any input, it starts within 2 s', async ({ page }) => {
    await page.route('**/media/products/**', () => {});
    await page.goto(product, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('.add-to-cart')).toHaveAttribute('data-hydrated', 'true', {
      timeout: 4000,
    });
  });
});

test.describe('server', () => {
  test('hashed assets are cached for a year and compressed', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/') && response.url().endsWith('.js')) scripts.push(response.url());
    });
    await page.goto('/');
    await expect.poll(() => scripts.length).toBeGreaterThan(0);
    const asset = await request.get(scripts[0]!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toBe('gzip');
  });

  test('pages are not cached stale, and robots.txt keeps crawlers out of private pages', async ({
    request,
  }) => {
    const page = await request.get('/about', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers()['cache-control']).toBe('no-cache');
    expect(page.headers()['content-encoding']).toBe('br');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /checkout');
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  });

  test('unknown API paths still answer JSON', async ({ request }) => {
    const response = await request.get('/api/no-such-endpoint');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/no-such-endpoint' });
  });
});
