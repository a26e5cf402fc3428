import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { renderToken, webRoutes } from './web.routes.js';

/**
 * webRoutes against a stand-in dist/ (template, manifest, a tiny renderer), so the serving rules
 * are tested without a Vite build. The real renderer has its own tests (web/entry-server.test.tsx)
 * and the built whole is covered by the Playwright suite.
 */
const fakeRenderer = `
export class ApiError extends Error {
  name = 'ApiError';
  constructor(status, message) { super(message); this.status = status; }
}
export const renderCookie = 'bb_render';
export const renderDataScript = (data) => '<script type="application/json" id="__DATA__">' + JSON.stringify(data) + '</script>';
export async function render(url, ctx) {
  const page = (status, html, extra = {}) => ({ status, html, head: '<title>T</title>', data: { url }, modules: [], ...extra });
  if (url === '/old') return { status: 301, redirect: '/new', html: '', head: '', data: null, modules: [] };
  if (url === '/boom') throw new Error('render bug');
  if (url === '/data') {
    const body = await ctx.api.call({ method: 'GET', path: '/api/ping', access: 'public' }, { query: { x: 1 } });
    return page(200, '<p>' + body.pong + '</p>', { data: body, modules: ['web/pages/data-page.tsx'] });
  }
  if (url === '/missing') {
    try { await ctx.api.call({ method: 'GET', path: '/api/gone', access: 'public' }); } catch (error) {
      return page(error instanceof ApiError ? error.status : 500, '<p>' + error.message + '</p>');
    }
  }
  if (url === '/mine') {
    if (!ctx.customerApi) return page(200, '<p>checking</p>', { private: true });
    const me = await ctx.customerApi.call({ method: 'GET', path: '/api/whoami', access: 'customer' });
    const quote = await ctx.customerApi.call(
      { method: 'POST', path: '/api/quote', access: 'customer', readOnly: true },
      { body: { n: 2 } },
    );
    return page(200, '<p>' + me.who + ' ' + quote.total + '</p>', { private: true });
  }
  if (url === '/mine-write') {
    try {
      ctx.customerApi.call({ method: 'POST', path: '/api/quote', access: 'customer' }, { body: { n: 1 } });
    } catch (error) {
      return page(200, '<p>' + error.message + '</p>', { private: true });
    }
  }
  if (url === '/') return page(200, '<p>home</p>' + '<span>filler</span>'.repeat(200));
  return page(404, '<p>not found</p>');
}
`;

const template =
  '<!doctype html><html><head><!--app-head--><script type="module" src="/assets/index-a1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-d4.css"></head>' +
  '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>';

const manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    dynamicImports: ['web/pages/data-page.tsx'],
    css: ['assets/index-d4.css'],
  },
  'web/pages/data-page.tsx': { file: 'assets/data-page-b2.js', css: ['assets/data-page-c3.css'] },
};

let root: string;
let app: FastifyInstance;

/** A live shop (Razorpay keys) unless `env` says otherwise. */
async function buildApp(distDir: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(root, 'data'),
    PUBLIC_URL: 'https://shop.example.in',
    RAZORPAY_KEY_ID: 'rzp_test_web',
    RAZORPAY_KEY_SECRET: 'secret',
    ...env,
  });
  const instance = Fastify({ logger: false });
  await instance.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  // What helmet writes in the app (server/app.ts); the page adds its style blocks' hashes.
  instance.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'self';style-src 'self';script-src 'self'");
  });
  instance.get('/api/ping', async () => ({ pong: 'pong <3' }));
  instance.get('/api/whoami', async (request) => ({ who: request.headers.authorization ?? 'nobody' }));
  instance.post('/api/quote', async (request) => ({ total: (request.body as { n: number }).n * 10 }));
  instance.get('/api/gone', async (_request, reply) =>
    reply.status(404).send({ message: 'Product not found' }),
  );
  await instance.register(webRoutes, { config, distDir });
  return instance;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'web-routes-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'server'), { recursive: true });
  mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'client', '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'client', 'images'), { recursive: true });
  mkdirSync(path.join(root, 'data', 'media', 'products'), { recursive: true });
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), fakeRenderer);
  writeFileSync(path.join(dist, 'client', 'index.html'), template);
  writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dist, 'client', 'assets', 'index-a1.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'client', 'assets', 'index-d4.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'client', 'assets', 'data-page-c3.css'), '.data{color:teal}');
  writeFileSync(path.join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dist, 'client', 'images', 'fallback.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(path.join(root, 'data', 'media', 'products', 'tv-1-400.webp'), 'RIFF');
  app = await buildApp(dist);
});

afterAll(async () => {
  await app?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('pages', () => {
  it('fills the template with head, markup and data, uncached', async () => {
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<head><title>T</title><style');
    expect(response.body).toContain('<div id="root"><p>home</p>');
    // The entry script is started after the first paint, from the end of the body (appScripts).
    expect(response.body).not.toMatch(/<head>.*<script type="module".*<\/head>/s);
    expect(response.body).toContain(
      '<template id="app-scripts"><script type="module" src="/assets/index-a1.js"></script></template>',
    );
    expect(response.body).toContain('<script type="application/json" id="__DATA__">{"url":"/"}</script>');
    expect(response.body).not.toContain('<!--app-');
  });

  it('is compressed for browsers that accept it', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it("gives load functions the API in process, preloads the page chunk and inlines the page's CSS", async () => {
    const response = await app.inject('/data');
    expect(response.body).toContain('<p>pong <3</p>');
    expect(response.body).toContain('{"pong":"pong <3"}');
    expect(response.body).toContain('<style data-href="/assets/data-page-c3.css">.data{color:teal}</style>');
    expect(response.body).not.toContain('<link rel="stylesheet"');
    expect(response.body).toContain(
      '<template id="app-scripts"><script type="module" src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/data-page-b2.js"></template>',
    );
  });

  it('allows in the CSP the start script, the one inline script, by its hash', async () => {
    const response = await app.inject('/');
    const script = /<script>([^<]*)<\/script>/.exec(response.body)![1]!;
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(
      /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))![1]!.split(' '),
    ).toEqual(["'self'", hash]);
  });

  it('allows in the CSP exactly the style blocks the page carries: the shell and its route', async () => {
    const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const styleSrc = (csp: unknown) => /style-src ([^;]*)/.exec(String(csp))![1]!.split(' ');
    const data = await app.inject('/data');
    expect(data.body).toContain('<style data-href="/assets/index-d4.css">body{margin:0}</style>');
    expect(styleSrc(data.headers['content-security-policy'])).toEqual([
      "'self'",
      hash('body{margin:0}'),
      hash('.data{color:teal}'),
    ]);
    const home = await app.inject('/');
    expect(home.body).not.toContain('data-page-c3.css');
    expect(styleSrc(home.headers['content-security-policy'])).toEqual(["'self'", hash('body{margin:0}')]);
  });

  describe('signed-in pages drawn with the render cookie (decision 027)', () => {
    const token = 'Zm9vYmFyYmF6cXV4LXJlbmRlci10b2tlbi0xMjM0NTY';

    it("calls the API with the cookie's token, GETs and read-only POSTs, and lets no shared cache keep the page", async () => {
      const response = await app.inject({
        url: '/mine',
        headers: { cookie: `theme=dark; bb_render=${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<p>Bearer ${token} 20</p>`);
      expect(response.headers['cache-control']).toBe('private, no-cache');
    });

    it('draws the page without data for no cookie or one that is not a token', async () => {
      for (const cookie of [
        undefined,
        'bb_render=',
        'bb_render=short',
        'bb_render=<script>alert(1)</script>x',
      ]) {
        const response = await app.inject({ url: '/mine', headers: cookie ? { cookie } : {} });
        expect(response.body).toContain('<p>checking</p>');
        expect(response.headers['cache-control']).toBe('private, no-cache');
      }
    });

    it('runs no other POST while drawing a page', async () => {
      const response = await app.inject({ url: '/mine-write', headers: { cookie: `bb_render=${token}` } });
      expect(response.body).toContain('/api/quote: only GET endpoints and read-only POSTs render');
    });

    it('keeps the cache rules of public pages whatever cookie comes', async () => {
      const response = await app.inject({ url: '/', headers: { cookie: `bb_render=${token}` } });
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('reads the token from a cookie header among others', () => {
      expect(renderToken(`a=1; bb_render=${token}; b=2`, 'bb_render')).toBe(token);
      expect(renderToken(`bb_render_old=${token}`, 'bb_render')).toBeUndefined();
      expect(renderToken('bb_render=abc def', 'bb_render')).toBeUndefined();
      expect(renderToken(undefined, 'bb_render')).toBeUndefined();
    });
  });

  it("turns API failures into the renderer's ApiError with the server's message and status", async () => {
    const response = await app.inject('/missing');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<p>Product not found</p>');
  });

  it('answers with the status the renderer chose, redirects included', async () => {
    expect((await app.inject('/nope')).statusCode).toBe(404);
    const redirect = await app.inject('/old');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/new');
  });

  it('shows a plain error page when rendering throws', async () => {
    const response = await app.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('Something went wrong on our side');
    expect(response.body).not.toContain('render bug');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app.inject('/api/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No API route for GET /api/nope' });
  });
});

describe('test mode banner', () => {
  it('tops every page when the test gateway takes payments on a public address, and only then', async () => {
    const testMode = await buildApp(path.join(root, 'dist'), {
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      PAYMENT_PROVIDER: 'test',
    });
    const local = await buildApp(path.join(root, 'dist'), {
      RAZORPAY_KEY_ID: '',
      RAZORPAY_KEY_SECRET: '',
      PUBLIC_URL: 'http://localhost:3000',
    });
    for (const url of ['/', '/nope', '/missing']) {
      const page = (await testMode.inject(url)).body;
      expect(page, url).toContain(
        '<body>\n    <div class="test-mode-banner" role="status"><strong>Test mode:</strong> no real payments are taken.</div><div id="root">',
      );
      expect((await local.inject(url)).body, url).not.toContain('test-mode-banner');
      expect((await app.inject(url)).body, url).not.toContain('test-mode-banner');
    }
    await Promise.all([testMode.close(), local.close()]);
  });
});

describe('files', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject('/assets/index-a1.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves public files with a short cache, but never the template or the manifest', async () => {
    for (const url of ['/favicon.svg', '/images/fallback.svg']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=3600');
    }
    for (const url of ['/index.html', '/.vite/manifest.json']) {
      const response = await app.inject(url);
      expect(response.body, url).not.toContain('<!--app-html-->');
      expect(response.body, url).not.toContain('"isEntry"');
    }
  });

  it('serves seeded media for a week', async () => {
    const response = await app.inject('/media/products/tv-1-400.webp');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.headers['content-type']).toBe('image/webp');
  });

  it('writes robots.txt for the public URL', async () => {
    const response = await app.inject('/robots.txt');
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toContain('Sitemap: https://shop.example.in/sitemap.xml');
  });
});

describe('before the first build', () => {
  it('answers pages with a 503 that says how to build', async () => {
    const empty = await buildApp(path.join(root, 'no-dist'));
    const response = await empty.inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
    expect(response.headers['cache-control']).toBe('no-store');
    await empty.close();
  });
});

describe('pictures from a CDN (MEDIA_URL)', () => {
  it('preconnects to its origin in every page head, and not when pictures are on this origin', async () => {
    const cdn = await buildApp(path.join(root, 'dist'), { MEDIA_URL: 'https://cdn.example.in/media' });
    const page = (await cdn.inject('/')).body;
    expect(page).toContain('<link rel="preconnect" href="https://cdn.example.in">');
    expect((await app.inject('/')).body).not.toContain('rel="preconnect"');
    await cdn.close();
  });
});
