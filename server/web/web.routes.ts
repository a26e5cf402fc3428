import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { urlOf } from '../../shared/api/endpoint.js';
import type { ApiClient, RenderContext, RenderResult } from '../../web/entry-server.js';
import type { Config } from '../config.js';
import type { BucketMediaStorage, MediaStorage } from '../modules/media/index.js';
import {
  allowInlineHashes,
  appScripts,
  assembleDocument,
  deferScripts,
  type InlineStyle,
  inlineStyle,
  inlineStylesheets,
  lcpImagePreload,
  mediaPreconnect,
  notBuiltPage,
  preloadTags,
  robotsTxt,
  routeStylesheets,
  serverErrorPage,
  testModeBanner,
  type ViteManifest,
} from './document.js';
import { languageRoutes, rememberedLanguageRedirect } from './language.js';
import { mediaProxyRoutes } from './media-proxy.js';

type ApiErrorClass = new (status: number, message: string, fields?: Record<string, string>) => Error;

/** The built storefront: the server renderer and the client build's template and manifest. */
type Storefront = {
  render: (url: string, ctx: RenderContext) => Promise<RenderResult>;
  ApiError: ApiErrorClass;
  renderDataScript: (data: unknown) => string;
  /** The cookie holding the shopper's token for rendering signed-in pages (decision 027). */
  renderCookie: string;
  /** index.html with the shell's stylesheets inlined (inlineStylesheets), its scripts taken out. */
  template: string;
  /** The entry's script and module preloads, written at the end of each page (appScripts). */
  entryTags: string[];
  /** CSP sources for the shell's style blocks. */
  styleHashes: string[];
  /** The route's stylesheets as style blocks, by the page modules a render used (routeStyles). */
  routeStyles: Map<string, InlineStyle[]>;
  manifest: ViteManifest;
  /** Files of web/public as built (favicon, manifest, images), by URL path. */
  publicFiles: Set<string>;
  stamp: number;
};

export type WebOptions = {
  config: Config;
  /** The shop's picture store: a bucket's pictures are answered at /media/ through the shop. */
  mediaStorage?: MediaStorage;
  /** Where `npm run build` wrote the storefront; tests point it elsewhere. */
  distDir?: string;
};

// DIST_DIR (the same variable vite.config.ts reads) lets parallel e2e runs serve their own build.
// Read when the routes are registered, not when this file loads: test files share loaded modules.
const defaultDistDir = () =>
  process.env.DIST_DIR
    ? path.resolve(process.env.DIST_DIR)
    : fileURLToPath(new URL('../../dist', import.meta.url));
const shortCache = 'public, max-age=3600';

function listPublicFiles(clientDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      // Hashed assets have their own route; the manifest and the template are not for browsers.
      if (urlPath === '/assets' || urlPath === '/.vite' || urlPath === '/index.html') continue;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), urlPath);
      else files.add(urlPath);
    }
  };
  walk(clientDir, '');
  return files;
}

/** Loads dist/ if it is complete; null if `npm run build` has not run (or is half way). */
function storefrontFiles(distDir: string): [entry: string, template: string, manifest: string] {
  return [
    path.join(distDir, 'server', 'entry-server.js'),
    path.join(distDir, 'client', 'index.html'),
    path.join(distDir, 'client', '.vite', 'manifest.json'),
  ];
}

async function loadStorefront(distDir: string): Promise<Storefront | null> {
  const files = storefrontFiles(distDir);
  if (!files.every((file) => existsSync(file))) return null;
  const [entryFile, templateFile, manifestFile] = files;
  const stamp = storefrontStamp(distDir);
  // The query busts Node's module cache when a rebuild (npm run dev) replaced the renderer.
  const module = (await import(`${pathToFileURL(entryFile).href}?v=${stamp}`)) as Pick<
    Storefront,
    'render' | 'ApiError' | 'renderDataScript' | 'renderCookie'
  >;
  const clientDir = path.join(distDir, 'client');
  const { template: withStyles, styleHashes } = inlineStylesheets(
    readFileSync(templateFile, 'utf8'),
    (href) => readFileSync(path.join(clientDir, href), 'utf8'),
  );
  const { template, entryTags } = deferScripts(withStyles);
  return {
    render: module.render,
    ApiError: module.ApiError,
    renderDataScript: module.renderDataScript,
    renderCookie: module.renderCookie,
    template,
    entryTags,
    styleHashes,
    routeStyles: new Map(),
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest,
    publicFiles: listPublicFiles(path.join(distDir, 'client')),
    stamp,
  };
}

/** Newest build time of the three files a render needs (a CSS-only change rebuilds just the client). */
function storefrontStamp(distDir: string): number {
  try {
    return Math.max(...storefrontFiles(distDir).map((file) => statSync(file).mtimeMs));
  } catch {
    return 0;
  }
}

/**
 * The style blocks of a route's own CSS (beyond the shell's), read from the build once per set of
 * page modules: each page carries the shell's CSS and its route's, not the whole shop's.
 */
function routeStyles(site: Storefront, clientDir: string, modules: readonly string[]): InlineStyle[] {
  const key = modules.join(' ');
  let styles = site.routeStyles.get(key);
  if (!styles) {
    styles = routeStylesheets(site.manifest, modules).map((href) =>
      inlineStyle(href, readFileSync(path.join(clientDir, href), 'utf8')),
    );
    site.routeStyles.set(key, styles);
  }
  return styles;
}

/**
 * The API as the renderer's `load` functions see it: through `app.inject`, in process, with no
 * socket. Without a token the server renders only what any visitor may see. With the shopper's
 * token (from the render cookie, decision 027) it draws a signed-in page: the call carries the
 * token in `Authorization` and meets every check a browser's call meets. Either way only GETs,
 * and POSTs marked `readOnly` (a quote), run during a render.
 */
function injectApi(app: FastifyInstance, ApiError: ApiErrorClass, token?: string): ApiClient {
  async function send<T>(method: string, url: string, body: unknown): Promise<T> {
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    let answer: { message?: unknown; errors?: Record<string, string> } | undefined;
    try {
      answer = response.json();
    } catch {
      answer = undefined;
    }
    if (response.statusCode >= 400) {
      const message =
        typeof answer?.message === 'string' ? answer.message : `The request failed (${response.statusCode}).`;
      throw new ApiError(response.statusCode, message, answer?.errors);
    }
    return answer as T;
  }
  return {
    call: (endpoint, input = {}) => {
      if (endpoint.method !== 'GET' && !(endpoint.method === 'POST' && endpoint.readOnly))
        throw new Error(`${endpoint.path}: only GET endpoints and read-only POSTs render`);
      return send(endpoint.method, urlOf(endpoint, input), input.body);
    },
  };
}

/** The token in the request's render cookie, if it has one that looks like a token. */
export function renderToken(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) {
      const value = pair.slice(at + 1).trim();
      // newToken(): 32 random bytes in base64url.
      return /^[\w-]{16,200}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * The built storefront, loaded at start. In production dist/ is read once. In development it is
 * checked on each page request and reloaded when `npm run dev` rebuilt it, so a refresh shows the
 * change without a restart.
 */
async function storefrontLoader(
  app: FastifyInstance,
  config: Config,
  distDir: string,
): Promise<() => Promise<Storefront | null>> {
  let storefront: Storefront | null = null;
  let loading: Promise<Storefront | null> | null = null;

  async function currentStorefront(): Promise<Storefront | null> {
    if (storefront && (config.isProduction || storefrontStamp(distDir) <= storefront.stamp))
      return storefront;
    loading ??= loadStorefront(distDir).finally(() => {
      loading = null;
    });
    const loaded = await loading;
    if (loaded) storefront = loaded;
    return storefront;
  }
  storefront = await loadStorefront(distDir);
  if (!storefront) app.log.warn(`Storefront not built (${distDir} missing): run npm run build`);
  return currentStorefront;
}

/** Hashed assets, and product and blog pictures from the folder or the bucket. */
async function fileRoutes(app: FastifyInstance, options: WebOptions, clientDir: string) {
  const { config } = options;
  // Content-hashed file names: a changed file is a new URL, so browsers may keep these forever.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    index: false,
    maxAge: '365d',
    immutable: true,
    suppressWarning: true,
  });

  // Product and blog images written by the seed (and later uploads). API answers give their
  // absolute URLs to clients on other origins too, whose pages may show them: helmet's
  // same-origin resource policy would make those browsers refuse every picture.
  if (options.mediaStorage?.kind === 's3') {
    await app.register(mediaProxyRoutes, { storage: options.mediaStorage as BucketMediaStorage });
  } else {
    await app.register(fastifyStatic, {
      root: path.join(config.dataDir, 'media'),
      prefix: '/media/',
      index: false,
      maxAge: '7d',
      decorateReply: false,
      suppressWarning: true,
      setHeaders: (reply) => reply.header('cross-origin-resource-policy', 'cross-origin'),
    });
  }
}

/**
 * The merchant console: its own build, rendered in the browser, never indexed. Each
 * request reads the file again (it is small), so `npm run dev` rebuilds show on reload.
 */
async function consoleRoutes(app: FastifyInstance, distDir: string) {
  const consoleDir = path.join(distDir, 'admin');
  await app.register(fastifyStatic, {
    root: path.join(consoleDir, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    maxAge: '365d',
    immutable: true,
    decorateReply: false,
    suppressWarning: true,
  });
  const consolePage = async (_request: FastifyRequest, reply: FastifyReply) => {
    const file = path.join(consoleDir, 'web', 'admin', 'index.html');
    if (!existsSync(file)) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltPage);
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(readFileSync(file, 'utf8'));
  };
  app.get('/admin', consolePage);
  app.get('/admin/*', consolePage);
}

/** Renders a storefront page on the server, or serves a public file of the build. */
function pageRenderer(
  app: FastifyInstance,
  config: Config,
  clientDir: string,
  currentStorefront: () => Promise<Storefront | null>,
) {
  const preconnect = mediaPreconnect(config.publicUrl, config.mediaUrl);

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0]!;
    // This wildcard wins over the API's not-found handler (which only sees URLs no route matched),
    // so unknown API paths get the same JSON 404 here rather than a page.
    if (isApiPath(pathname)) {
      return reply.status(404).send({ message: `No API route for ${request.method} ${pathname}` });
    }

    const site = await currentStorefront();
    if (!site) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltPage);
    }
    if (site.publicFiles.has(pathname)) {
      return reply
        .header('cache-control', shortCache)
        .sendFile(pathname.slice(1), clientDir, { cacheControl: false });
    }

    // Every page answer depends on the language cookie (English pages may send on to another).
    reply.header('vary', 'Cookie');
    const chosen = rememberedLanguageRedirect(request);
    if (chosen) return reply.header('cache-control', 'no-store').redirect(chosen, 302);

    let result: RenderResult;
    try {
      const token = renderToken(request.headers.cookie, site.renderCookie);
      result = await site.render(request.url, {
        api: injectApi(app, site.ApiError),
        customerApi: token ? injectApi(app, site.ApiError, token) : undefined,
        publicUrl: config.publicUrl,
        onError: (error) => request.log.error({ err: error }, 'page load failed'),
      });
    } catch (error) {
      request.log.error({ err: error }, 'page render failed');
      return reply
        .status(500)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(serverErrorPage);
    }
    if (result.redirect) return reply.redirect(result.redirect, result.status);

    // After the shell's style blocks (the template's), so the route's rules come later in the cascade.
    const styles = routeStyles(site, clientDir, result.modules);
    const html = assembleDocument(site.template, {
      head: [lcpImagePreload(result.html), ...styles.map((style) => style.tag), result.head, preconnect]
        .filter(Boolean)
        .join('\n    '),
      html: result.html,
      data: site.renderDataScript(result.data),
      scripts: appScripts([...site.entryTags, ...preloadTags(site.manifest, result.modules)]),
      banner: config.testModeBanner ? testModeBanner : undefined,
      lang: result.lang,
    });
    // helmet wrote the policy before this handler ran; the page's style blocks and its start script
    // need their hashes, exactly those this page carries. Linked stylesheets (the next route's,
    // fetched by Vite's preload helper on a client-side navigation) are allowed by style-src 'self'.
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header(
        'content-security-policy',
        allowInlineHashes(csp, [...site.styleHashes, ...styles.map((style) => style.hash)]),
      );
    return (
      reply
        .status(result.status)
        .type('text/html; charset=utf-8')
        // A signed-in page may hold the shopper's cart or orders: no shared cache keeps it, and the
        // browser asks again each time. Not no-store, which would keep it out of the back-forward
        // cache (Lighthouse's bf-cache audit) for no gain: it is the shopper's own device.
        .header('cache-control', result.private ? 'private, no-cache' : 'no-cache')
        .send(html)
    );
  };
}

/** Serves the built storefront: hashed assets, images, and server-rendered pages. */
export async function webRoutes(app: FastifyInstance, options: WebOptions) {
  const { config } = options;
  const distDir = options.distDir ?? defaultDistDir();
  const clientDir = path.join(distDir, 'client');
  const currentStorefront = await storefrontLoader(app, config, distDir);
  await fileRoutes(app, options, clientDir);
  await consoleRoutes(app, distDir);
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', shortCache)
      .send(robotsTxt(config.publicUrl)),
  );
  await languageRoutes(app);
  app.get('/*', pageRenderer(app, config, clientDir, currentStorefront));
}
