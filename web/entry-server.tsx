import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { intlLocales, type Locale, localeBase, splitLocale } from '../shared/locales';
import { App } from './app/app';
import { renderHead } from './app/head';
import { canonicalRedirect, matchRoutes, viewKey } from './app/match';
import { loadPage, preparePage } from './app/page-modules';
import { type BootData, bootData, type RouteView, toViewError, viewMeta } from './app/route-view';
import { catalogueModules, loadMessages } from './i18n/catalogues';
import { createI18n, LocaleProvider } from './i18n/i18n';
import { type ApiClient, isApiError } from './lib/api-client';
import type { RouteMatch } from './lib/route-types';
import { routeHeads } from './route-heads';
import { routes } from './routes';

// The server builds its in-process API client's errors with this same class, so `isApiError`
// and the status handling below see them exactly as the browser's.
export { renderDataScript } from './app/head';
export { type ApiClient, ApiError } from './lib/api-client';
export { renderCookie } from './lib/stored-customer';

export type RenderContext = {
  /** Answers `get('/product?...')` like /api/product?... would, without a socket. */
  api: ApiClient;
  /**
   * The same with the shopper's token, when the request carries the render cookie: signed-in
   * pages are then drawn with their data (docs/decisions/027-signed-in-pages-drawn-by-the-server.md).
   */
  customerApi?: ApiClient;
  /** Origin for canonical URLs and JSON-LD, without a trailing slash. */
  publicUrl: string;
  /** Told about failures that are not API answers (bugs), which the page shows only as a 500. */
  onError?: (error: unknown) => void;
};

export type RenderResult = {
  status: number;
  /** The page's language (its `<html lang>`). */
  lang: string;
  /** The app's markup, for the template's <!--app-html-->. */
  html: string;
  /** Title, meta, canonical, Open Graph and JSON-LD tags, for <!--app-head-->. */
  head: string;
  /** What the browser hydrates from: embed with renderDataScript(). */
  data: BootData | null;
  /** Set with a 301: the URL's canonical spelling (route casing, no trailing slash). */
  redirect?: string;
  /** Source modules (web/pages/...) whose client chunks this page needs: preload them. */
  modules: string[];
  /** A signed-in page: it may hold the shopper's data, so no shared cache may keep it. */
  private?: boolean;
};

/**
 * A signed-in page with its data when the request carries the shopper's token (the render cookie),
 * else the session check the browser resolves. A token the API refuses (expired, revoked) or data
 * that fails to load leave the page to the browser too, which signs out or says what failed.
 */
async function signedInView(
  match: RouteMatch,
  key: string,
  searchParams: URLSearchParams,
  locale: Locale,
  ctx: RenderContext,
  parts: string[],
): Promise<RouteView> {
  const { load } = match.route;
  if (!ctx.customerApi || !load) return { kind: 'checking', key, match };
  try {
    const [, data] = await Promise.all([
      loadPage(match.route),
      load({ api: ctx.customerApi, params: match.params, searchParams, locale }),
    ]);
    parts.push(...(await preparePage(match.route, data)));
    return { kind: 'ready', key, match, data };
  } catch (error) {
    if (!isApiError(error)) ctx.onError?.(error);
    return { kind: 'checking', key, match };
  }
}

/**
 * React writes a `<link rel="preload">` for each picture the page loads at once, ahead of the
 * markup, inside the root. The head already preloads the largest picture (server/web/document.ts
 * lcpImagePreload) before the inlined stylesheets; React's copies would come after them, asking for
 * the same picture again and for the others the browser finds soon enough itself.
 */
export function withoutResourceHints(html: string): string {
  return html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
}

/** Renders one page request: matches the route, runs its `load` through `ctx.api`, renders. */
export async function render(url: string, ctx: RenderContext): Promise<RenderResult> {
  // Split by hand rather than with new URL(): `//host/x` must stay a path (a 404 here, as in the
  // browser's location.pathname), not become another origin's `/x`.
  const queryAt = url.indexOf('?');
  const fullPath = queryAt === -1 ? url : url.slice(0, queryAt);
  // As location.search: no lone '?'.
  const search = queryAt === -1 || queryAt === url.length - 1 ? '' : url.slice(queryAt);
  const searchParams = new URLSearchParams(search);
  const { locale, path: pathname } = splitLocale(fullPath);
  const base = localeBase(locale);
  const match = matchRoutes(routes, pathname);
  const key = viewKey(match, pathname, search);
  const areas = match?.route.messages ?? [];
  const i18n = createI18n(locale, await loadMessages(locale, areas));
  const t = i18n._.bind(i18n);
  let view: RouteView;
  let status = 200;
  // The page's parts its data shows (an order's refunds...): preloaded and styled with the page.
  const parts: string[] = [];

  if (!match) {
    view = { kind: 'not-found', key };
    status = 404;
  } else {
    // `/hi` is the Hindi home page's one spelling `/hi/`, as links write it.
    const redirect = fullPath === base && base ? '/' : canonicalRedirect(match, pathname);
    if (redirect) {
      const to = `${base}${redirect}${search}`;
      return { status: 301, lang: locale, redirect: to, html: '', head: '', data: null, modules: [] };
    }
    if (match.route.access === 'signed-in') {
      view = await signedInView(match, key, searchParams, locale, ctx, parts);
    } else {
      try {
        const [, data] = await Promise.all([
          loadPage(match.route),
          match.route.load?.({ api: ctx.api, params: match.params, searchParams, locale }),
        ]);
        parts.push(...(await preparePage(match.route, data)));
        view = { kind: 'ready', key, match, data };
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          view = { kind: 'not-found', key };
          status = 404;
        } else {
          if (!isApiError(error)) ctx.onError?.(error);
          view = { kind: 'error', key, match, error: toViewError(error, t) };
          status = view.error.status;
        }
      }
    }
  }

  const meta = viewMeta(view, { publicUrl: ctx.publicUrl, pathname, searchParams, locale, t }, routeHeads);
  const html = withoutResourceHints(
    renderToString(
      <LocaleProvider i18n={i18n}>
        <Router base={base} ssrPath={fullPath} ssrSearch={search}>
          <App initialView={view} publicUrl={ctx.publicUrl} />
        </Router>
      </LocaleProvider>,
    ),
  );
  const pageModules = match && view.kind !== 'not-found' ? [match.route.page.module, ...parts] : [];
  return {
    status,
    lang: intlLocales[locale],
    html,
    head: renderHead(meta, { publicUrl: ctx.publicUrl, pathname, locale }),
    data: bootData(view),
    modules: [...pageModules, ...catalogueModules(locale, view.kind === 'not-found' ? [] : areas)],
    private: match?.route.access === 'signed-in',
  };
}
