import { describe, expect, it } from 'vitest';
import { type ApiClient, ApiError, type RenderContext, render } from './entry-server';

const ctx: RenderContext = {
  publicUrl: 'https://shop.example.in',
  api: {
    call: async () => {
      throw new ApiError(500, 'not used by placeholder pages');
    },
  },
};

describe('render', () => {
  it('renders a public page inside the layout, with its meta and chunk', async () => {
    const result = await render('/contact?from=footer', ctx);
    expect(result.status).toBe(200);
    expect(result.redirect).toBeUndefined();
    expect(result.html).toContain('<header class="site-header">');
    expect(result.html).toContain('<footer class="site-footer">');
    expect(result.html).toContain('<h1>Contact us</h1>');
    expect(result.html).toContain('aria-current="page" href="/contact"');
    expect(result.head).toContain('<title>Contact us | Bharat Bazaar</title>');
    expect(result.head).toContain('<link rel="canonical" href="https://shop.example.in/contact">');
    expect(result.data).toEqual({ key: '/contact?from=footer', kind: 'ready' });
    // The page's chunk and its messages in its language, preloaded together.
    expect(result.modules).toEqual([
      'web/pages/contact-page.tsx',
      'web/i18n/messages/en/common.json',
      'web/i18n/messages/en/contact.json',
    ]);
    expect(result.lang).toBe('en-IN');
  });

  it('renders a page in Hindi under /hi, in its language, naming both', async () => {
    const result = await render('/hi/contact', ctx);
    expect(result.status).toBe(200);
    expect(result.lang).toBe('hi-IN');
    expect(result.html).toContain('aria-current="page" href="/hi/contact"');
    expect(result.html).toContain('हमारी दुकान');
    expect(result.head).toContain('<link rel="canonical" href="https://shop.example.in/hi/contact">');
    expect(result.head).toContain(
      '<link rel="alternate" hreflang="en" href="https://shop.example.in/contact">',
    );
    expect(result.data).toEqual({ key: '/contact', kind: 'ready' });
    expect(result.modules).toContain('web/i18n/messages/hi/common.json');
    expect(result.modules).not.toContain('web/i18n/messages/en/common.json');
  });

  it('spells the Hindi home page /hi/, and keeps the language in canonical redirects', async () => {
    expect(await render('/hi', ctx)).toMatchObject({ status: 301, redirect: '/hi/' });
    expect(await render('/hi?q=1', ctx)).toMatchObject({ status: 301, redirect: '/hi/?q=1' });
    expect(await render('/hi/terms-conditions', ctx)).toMatchObject({
      status: 301,
      redirect: '/hi/Terms-conditions',
    });
    expect((await render('/hi/no/such/page', ctx)).status).toBe(404);
  });

  it('answers unknown paths with the 404 page', async () => {
    const result = await render('/no/such/page', ctx);
    expect(result.status).toBe(404);
    expect(result.html).toContain('<h1>Page not found</h1>');
    expect(result.head).toContain('noindex');
    expect(result.data).toEqual({ key: '/no/such/page', kind: 'not-found' });
    expect(result.modules).toEqual(['web/i18n/messages/en/common.json']);
  });

  it('treats a protocol-relative looking path as a path', async () => {
    const result = await render('//evil.example/contact', ctx);
    expect(result.status).toBe(404);
    expect(result.redirect).toBeUndefined();
  });

  it('renders signed-in pages as a session check, never indexed', async () => {
    const result = await render('/cart', ctx);
    expect(result.status).toBe(200);
    expect(result.html).toContain('Checking your account…');
    expect(result.head).toContain('<title>Your cart | Bharat Bazaar</title>');
    expect(result.head).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(result.data).toEqual({ key: '/cart', kind: 'checking' });
    // The customer is most likely signed in: fetch the page chunk early.
    expect(result.modules).toEqual([
      'web/pages/cart-page.tsx',
      'web/i18n/messages/en/common.json',
      'web/i18n/messages/en/cart.json',
      'web/i18n/messages/en/buy.json',
      'web/i18n/messages/en/lines.json',
      'web/i18n/messages/en/delivery.json',
    ]);
  });

  it('renders a signed-in page as a session check when the request carries no token', async () => {
    const result = await render('/cart', ctx);
    expect(result.private).toBe(true);
    expect((await render('/contact', ctx)).private).toBe(false);
  });

  it("draws a signed-in page with the shopper's data through the token's API (decision 027)", async () => {
    const calls: string[] = [];
    const line = {
      _id: 'line-1',
      productId: { _id: 'p1', title: 'Levis crew neck T-shirt', slug: 'levis-tee', images: [] },
      color: { _id: 'c1', title: 'Navy', name: 'Navy', hex: '#001f5b' },
      quantity: 2,
      price: 699,
    };
    const customerApi: ApiClient = {
      call: async (endpoint) => {
        calls.push(`${endpoint.method} ${endpoint.path}`);
        if (endpoint.path === '/api/user/cart') return [line] as never;
        throw new ApiError(400, 'no quote in this test');
      },
    };
    const result = await render('/cart', { ...ctx, customerApi });
    expect(calls.sort()).toEqual(['GET /api/user/cart', 'POST /api/user/order/quote']);
    expect(result.status).toBe(200);
    expect(result.private).toBe(true);
    expect(result.html).not.toContain('Checking your account…');
    expect(result.html).toContain('<h1>Your cart</h1>');
    expect(result.html).toContain('Levis crew neck T-shirt');
    // The header stays the signed-out one the browser replaces, as on every page.
    expect(result.html).toContain('href="/login" class="header-action account-action"');
    expect(result.head).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(result.data).toEqual({ key: '/cart', kind: 'ready', data: { lines: [line], quote: null } });
  });

  it('leaves the page to the browser when the token is refused or the data fails', async () => {
    for (const failure of [new ApiError(401, 'Please log in'), new ApiError(503, 'Busy'), new Error('bug')]) {
      const errors: unknown[] = [];
      const customerApi: ApiClient = {
        call: async () => {
          throw failure;
        },
      };
      const result = await render('/my-orders', { ...ctx, customerApi, onError: (e) => errors.push(e) });
      expect(result.status).toBe(200);
      expect(result.html).toContain('Checking your account…');
      expect(result.data).toEqual({ key: '/my-orders', kind: 'checking' });
      // Only a failure that is not an API answer is a bug worth logging.
      expect(errors).toEqual(failure instanceof ApiError ? [] : [failure]);
    }
  });

  it('never gives the token to a public page', async () => {
    const calls: string[] = [];
    const customerApi: ApiClient = {
      call: async (endpoint) => {
        calls.push(endpoint.path);
        return [] as never;
      },
    };
    for (const url of ['/blogs', '/product', '/contact']) await render(url, { ...ctx, customerApi });
    expect(calls).toEqual([]);
  });

  it('renders the signed-out header, whatever the session (the browser draws the signed-in one)', async () => {
    const { html } = await render('/', ctx);
    expect(html).toContain('href="/login" class="header-action account-action"');
    expect(html).toMatch(
      /href="\/login" class="header-action cart-action">.*₹0\.00.*>0<.*> (<!-- -->)?items</s,
    );
    expect(html).not.toContain('Logout');
  });

  it('redirects other spellings to the canonical URL, keeping the query', async () => {
    const result = await render('/shipping-policy/?utm=x', ctx);
    expect(result).toMatchObject({ status: 301, redirect: '/Shipping-policy?utm=x' });
  });

  it("leaves preloading to the head: React's own preloads of the pictures are not in the markup", async () => {
    // The contact page shows its map's picture at once, for which React writes a preload.
    const { html } = await render('/contact', ctx);
    expect(html).toMatch(/<img [^>]*map-facade[^>]*>/);
    expect(html).not.toContain('<link');
    expect(html).toMatch(/^<a class="skip-link"|^<div/);
  });

  it('puts the home page JSON-LD in the head', async () => {
    const { head } = await render('/', ctx);
    expect(head).toContain('"@type":"WebSite"');
    expect(head).toContain('"target":"https://shop.example.in/product?q={search_term_string}"');
  });
});

describe('render /login?next=', () => {
  it('carries a next on this site over to the sign-up link', async () => {
    const { html, status } = await render('/login?next=%2Fmy-orders', ctx);
    expect(status).toBe(200);
    expect(html).toContain('href="/signup?next=%2Fmy-orders"');
  });

  it.each(['/..//evil.example/phish', '/.//evil.example', '/%2e%2e//evil.example', '//evil.example'])(
    'drops a next that resolves off the site (%s)',
    async (next) => {
      const { html, status } = await render(`/login?${new URLSearchParams({ next })}`, ctx);
      expect(status).toBe(200);
      expect(html).not.toContain('evil.example');
      expect(html).toContain('href="/signup"');
    },
  );
});
