import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogs } from '../db/schema.js';
import { signUp } from './customers.js';
import { createBlog, createProduct } from './factories.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * The original storefront client on an origin of its own. CORS for the CORS_ORIGINS
 * allow-list only (the API, the test gateway's endpoints and assets), absolute picture URLs in API
 * answers (PUBLIC_URL/media or MEDIA_URL), /media and /pay loadable from other origins, and a CSP
 * that still lets our own pages show pictures from MEDIA_URL.
 */
const client = 'https://client.example.in';
const stranger = 'https://evil.example';
const publicUrl = 'https://shop.example.in';

type Server = TestContext;
let dataDir: string;

/** The whole server, storefront routes included (for /media), on its own database. */
const startServer = (env: Record<string, string>): Promise<Server> =>
  createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, ...env }, { web: true });

const preflight = (url: string, origin: string, method = 'POST') => ({
  method: 'OPTIONS' as const,
  url,
  headers: {
    origin,
    'access-control-request-method': method,
    'access-control-request-headers': 'authorization,content-type',
  },
});

/** Allows CORS_ORIGINS=client; pictures from PUBLIC_URL/media. */
let shared: Server;
/** No CORS_ORIGINS (the default); pictures from a CDN (MEDIA_URL). */
let sameOrigin: Server;
let customer: Awaited<ReturnType<typeof signUp>>;
let productId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cross-origin-'));
  mkdirSync(path.join(dataDir, 'media', 'products'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'products', 'tv-1.webp'), 'RIFF');
  [shared, sameOrigin] = await Promise.all([
    startServer({ CORS_ORIGINS: `${client}, http://localhost:5173` }),
    startServer({ MEDIA_URL: 'https://cdn.example.in/media/' }),
  ]);
  customer = await signUp(shared.app);
  for (const server of [shared, sameOrigin]) {
    const product = await createProduct(server.database.db, { title: 'Bravia TV', slug: 'bravia-tv' });
    if (server === shared) productId = product.id;
    const blog = await createBlog(server.database.db, { title: 'Diwali offers' });
    await server.database.db
      .update(blogs)
      .set({ images: [{ url: '/media/blogs/diwali.webp', width: 1200, height: 630 }] })
      .where(eq(blogs.id, blog.id));
  }
});

afterAll(async () => {
  await Promise.all([shared?.close(), sameOrigin?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('CORS for the allowed origins', () => {
  it('answers a preflight with 204 for the methods and headers the clients use, without credentials', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const response = await shared.app.inject(preflight('/api/user/cart', client, method));
      expect(response.statusCode, method).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe(client);
      expect(String(response.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      );
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toBe(
        'authorization, content-type',
      );
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(response.headers.vary)).toMatch(/Origin/);
    }
    const second = await shared.app.inject(preflight('/api/user/login', 'http://localhost:5173'));
    expect(second.statusCode).toBe(204);
    expect(second.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('lets the client read answers, the catalogue total and error messages', async () => {
    const list = await shared.app.inject({ url: '/api/product', headers: { origin: client } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(client);
    expect(list.headers['access-control-expose-headers']).toBe(
      'X-Total-Count, X-Total-Count-Estimated, X-Request-Id',
    );
    expect(list.headers['x-total-count']).toBe('1');

    const cart = await shared.app.inject({
      url: '/api/user/cart',
      headers: { origin: client, ...customer.headers },
    });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['access-control-allow-origin']).toBe(client);
    expect(cart.headers['cache-control']).toBe('no-store');

    const refused = await shared.app.inject({ url: '/api/user/cart', headers: { origin: client } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(client);
    expect(refused.json()).toEqual({ message: expect.any(String), requestId: expect.any(String) });
  });

  it('answers the test gateway endpoints and assets too', async () => {
    const pay = await shared.app.inject(preflight('/api/payments/test-gateway/orders/order_x/pay', client));
    expect(pay.statusCode).toBe(204);
    expect(pay.headers['access-control-allow-origin']).toBe(client);
    for (const url of ['/pay/checkout.js', '/pay/checkout.css']) {
      const response = await shared.app.inject({ url, headers: { origin: client } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe(client);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });

  it('gives another origin no CORS headers, and its preflight stays a 404', async () => {
    const response = await shared.app.inject(preflight('/api/user/cart', stranger));
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
    for (const url of ['/api/product', '/pay/checkout.css']) {
      const read = await shared.app.inject({ url, headers: { origin: stranger } });
      expect(read.statusCode, url).toBe(200);
      expect(read.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(read.headers['access-control-expose-headers'], url).toBeUndefined();
    }
    const login = await shared.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'null' },
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('covers only the API and the gateway, not the storefront pages', async () => {
    const page = await shared.app.inject(preflight('/product', client, 'GET'));
    expect(page.statusCode).toBe(404);
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is off with no CORS_ORIGINS: every preflight is a 404 without CORS headers', async () => {
    for (const origin of [client, stranger]) {
      const response = await sameOrigin.app.inject(preflight('/api/user/cart', origin));
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const read = await sameOrigin.app.inject({ url: '/api/product', headers: { origin } });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('pictures for other origins', () => {
  it('gives absolute URLs under PUBLIC_URL/media in every answer that shows a picture', async () => {
    const picture = expect.stringMatching(/^https:\/\/shop\.example\.in\/media\/products\/.+-1\.webp$/);
    const list = await shared.app.inject('/api/product');
    expect(list.json()[0].images[0].url).toEqual(picture);
    const product = await shared.app.inject('/api/product/bravia-tv');
    expect(product.json().images[0]).toMatchObject({ url: picture, width: 800, height: 800 });
    const suggestions = await shared.app.inject('/api/product/suggestions?q=bravia');
    expect(suggestions.json()[0].image).toEqual(picture);

    const blogList = await shared.app.inject('/api/blog');
    expect(blogList.json()[0].images[0].url).toBe('https://shop.example.in/media/blogs/diwali.webp');
    const blog = await shared.app.inject(`/api/blog/${blogList.json()[0]._id}`);
    expect(blog.json().images[0].url).toBe('https://shop.example.in/media/blogs/diwali.webp');

    const added = await shared.app.inject({
      method: 'POST',
      url: '/api/user/cart',
      headers: customer.headers,
      payload: { productId, color: (await product.json()).color[0]._id, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = await shared.app.inject({ url: '/api/user/cart', headers: customer.headers });
    expect(cart.json()[0].productId.images[0].url).toEqual(picture);

    const wished = await shared.app.inject({
      method: 'PUT',
      url: '/api/product/wishlist',
      headers: customer.headers,
      payload: { prodId: productId },
    });
    expect(wished.statusCode, wished.body).toBe(200);
    const wishlist = await shared.app.inject({ url: '/api/user/wishlist', headers: customer.headers });
    expect(JSON.stringify(wishlist.json())).toContain('https://shop.example.in/media/products/');
    expect(JSON.stringify(wishlist.json())).not.toMatch(/"url":"\/media\//);
  });

  it('gives MEDIA_URL (a CDN) when it is set', async () => {
    const list = await sameOrigin.app.inject('/api/product');
    expect(list.json()[0].images[0].url).toMatch(/^https:\/\/cdn\.example\.in\/media\/products\/.+-1\.webp$/);
    const blogList = await sameOrigin.app.inject('/api/blog');
    expect(blogList.json()[0].images[0].url).toBe('https://cdn.example.in/media/blogs/diwali.webp');
  });

  it('serves /media to any origin (Cross-Origin-Resource-Policy: cross-origin), cached for a week', async () => {
    const response = await shared.app.inject({
      url: '/media/products/tv-1.webp',
      headers: { origin: stranger },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
  });

  it("keeps the CSP's img-src to this shop's own origins, MEDIA_URL's included", async () => {
    const imgSrc = async (server: Server) => {
      const response = await server.app.inject('/healthz');
      return /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!.split(' ');
    };
    expect(await imgSrc(shared)).toEqual(["'self'", 'data:', 'blob:', publicUrl]);
    expect(await imgSrc(sameOrigin)).toEqual([
      "'self'",
      'data:',
      'blob:',
      publicUrl,
      'https://cdn.example.in',
    ]);
  });
});
