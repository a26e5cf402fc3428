import { describe, expect, it } from 'vitest';
import { ApiError, type RenderContext, render } from './entry-server';

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
    expect(result.modules).toEqual(['web/pages/contact-page.tsx']);
  });

  it('answers unknown paths with the 404 page', async () => {
    const result = await render('/no/such/page', ctx);
    expect(result.status).toBe(404);
    expect(result.html).toContain('<h1>Page not found</h1>');
    expect(result.head).toContain('noindex');
    expect(result.data).toEqual({ key: '/no/such/page', kind: 'not-found' });
    expect(result.modules).toEqual([]);
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
    expect(result.modules).toEqual(['web/pages/cart-page.tsx']);
  });

  it('renders the signed-out header (the server cannot see the session)', async () => {
    const { html } = await render('/', ctx);
    expect(html).toContain('href="/login" class="header-action account-action"');
    expect(html).toMatch(/href="\/login" class="header-action cart-action">.*₹0\.00.*>0<.*> items</s);
    expect(html).not.toContain('Logout');
  });

  it('redirects other spellings to the canonical URL, keeping the query', async () => {
    const result = await render('/shipping-policy/?utm=x', ctx);
    expect(result).toMatchObject({ status: 301, redirect: '/Shipping-policy?utm=x' });
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
