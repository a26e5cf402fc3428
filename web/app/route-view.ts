import type { Locale, Translate } from '../i18n/i18n';
import { isApiError } from '../lib/api-client';
import type { MetaContext, PageMeta, RouteMatch } from '../lib/route-types';
import { SITE_NAME } from './head';

export type ViewError = {
  message: string;
  status: number;
  /** A failed chunk download (often a new deploy) needs a full reload, not another fetch. */
  retry: 'load' | 'reload';
};

/** What the content area shows for the current URL. */
export type RouteView =
  | { kind: 'ready'; key: string; match: RouteMatch; data: unknown }
  | { kind: 'loading'; key: string; match: RouteMatch }
  /** A signed-in page before the browser has read the session (server render, hydration). */
  | { kind: 'checking'; key: string; match: RouteMatch }
  | { kind: 'error'; key: string; match: RouteMatch; error: ViewError }
  | { kind: 'not-found'; key: string };

/** The server's view as embedded in the page for hydration (the route is matched again there). */
export type BootData = {
  key: string;
  kind: 'ready' | 'checking' | 'error' | 'not-found';
  data?: unknown;
  error?: ViewError;
};

/** A failure as the page says it: the API's own message, or the page's words for a broken chunk. */
export function toViewError(error: unknown, t: Translate): ViewError {
  if (isApiError(error)) {
    return { message: error.message, status: error.status >= 400 ? error.status : 503, retry: 'load' };
  }
  return { message: t('common.error.reloadPage'), status: 500, retry: 'reload' };
}

export function bootData(view: RouteView): BootData {
  switch (view.kind) {
    case 'ready':
      return { key: view.key, kind: 'ready', data: view.data };
    case 'error':
      return { key: view.key, kind: 'error', error: view.error };
    case 'not-found':
      return { key: view.key, kind: 'not-found' };
    default:
      return { key: view.key, kind: 'checking' };
  }
}

export type ViewUrl = {
  publicUrl: string;
  /** Without the language prefix. */
  pathname: string;
  searchParams: URLSearchParams;
  locale: Locale;
  t: Translate;
};

function defaultMeta(t: Translate): PageMeta {
  return { title: SITE_NAME, description: t('common.meta.description') };
}

/**
 * The meta of whatever the view shows. The server passes the routes' heads (web/route-heads.ts);
 * the browser has only their titles, with the shop's description, which is all it shows.
 */
export function viewMeta(
  view: RouteView,
  url: ViewUrl,
  heads?: Readonly<Record<string, (data: never, ctx: MetaContext) => PageMeta>>,
): PageMeta {
  const { t } = url;
  if (view.kind === 'not-found') {
    return {
      title: t('common.notFound.title'),
      description: t('common.notFound.description'),
      noindex: true,
    };
  }
  if (view.kind === 'error') {
    return { title: t('common.error.title'), description: view.error.message, noindex: true };
  }
  if (view.kind === 'loading') return defaultMeta(t);
  const { route, params } = view.match;
  const ctx = { ...url, params };
  const data = view.kind === 'ready' ? view.data : undefined;
  // Only signed-in routes are ever shown without their data, and their title and head accept that.
  const head = heads?.[route.path];
  const title = route.title?.(data as never, ctx);
  const meta = head ? head(data as never, ctx) : { ...defaultMeta(t), ...(title ? { title } : {}) };
  return route.access === 'signed-in' ? { ...meta, noindex: true } : meta;
}
