import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/customers.js';
import { createProduct } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * Every answer that depends on the bearer token, and the account answers that hand out
 * tokens or personal data without one, say `Cache-Control: no-store`; public catalogue reads
 * without a token keep their caching.
 */
let ctx: TestContext;
let customer: Awaited<ReturnType<typeof signUp>>;
let productSlug: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await signUp(ctx.app);
  productSlug = (await createProduct(ctx.database.db)).slug;
});

afterAll(async () => {
  await ctx?.close();
});

describe('Cache-Control: no-store', () => {
  it('is on the login answer (it carries the token) and on a failed login', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: customer.password },
      remoteAddress: '10.9.0.1',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toHaveProperty('token');
    expect(login.headers['cache-control']).toBe('no-store');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: customer.email, password: 'not the password at all' },
      remoteAddress: '10.9.0.1',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('is on the other account answers sent without a token', async () => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstname: 'Meera',
        lastname: 'Iyer',
        email: `meera-${process.pid}@example.in`,
        mobile: '9811122233',
        password: 'a good long password',
      },
      remoteAddress: '10.9.0.2',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');

    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password-token',
      payload: { email: customer.email },
      remoteAddress: '10.9.0.3',
    });
    expect(forgot.headers['cache-control']).toBe('no-store');

    const reset = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/reset-password/not-a-real-token',
      payload: { password: 'another good password' },
      remoteAddress: '10.9.0.4',
    });
    expect(reset.statusCode).toBeGreaterThanOrEqual(400);
    expect(reset.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/user/me'],
    ['GET', '/api/user/cart'],
    ['GET', '/api/user/wishlist'],
    ['GET', '/api/user/getmyorders'],
  ] as const)('is on %s %s with a token', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: customer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['no token', {}],
    ['a bad token', { authorization: 'Bearer not-a-real-token' }],
    ['a malformed header', { authorization: 'Basic abc' }],
  ])('is on the 401 answer to %s', async (_label, headers) => {
    for (const [method, url] of [
      ['GET', '/api/user/cart'],
      ['GET', '/api/user/getmyorders'],
      ['PUT', '/api/product/wishlist'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        headers,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['cache-control'], `${method} ${url}`).toBe('no-store');
    }
  });

  it('is on any /api answer to a request with a token, public reads and errors included', async () => {
    for (const url of ['/api/product', `/api/product/${productSlug}`, '/api/blog', '/api/no-such-thing']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: customer.headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is not added to public catalogue reads without a token', async () => {
    for (const url of ['/api/product', `/api/product/${productSlug}`, '/api/product/facets', '/api/blog']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBeUndefined();
    }
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: customer.headers });
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600');
  });
});
