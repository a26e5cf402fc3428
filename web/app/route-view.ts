import { isApiError } from '../lib/api-client';
import type { PageMeta, RouteMatch } from '../lib/route-types';
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

export function toViewError(error: unknown): ViewError {
  if (isApiError(error)) {
    return { message: error.message, status: error.status >= 400 ? error.status : 503, retry: 'load' };
  }
  return {
    message: 'Something went wrong while loading this page. Reloading it usually fixes this.',
    status: 500,
    retry: 'reload',
  };
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

export const defaultDescription =
  'Shop electronics, home appliances, mobiles, laptops, music, gaming and fashion at Bharat Bazaar. ' +
  'Free shipping over ₹500, no-cost EMI and support 24/7 across India.';

export const notFoundMeta: PageMeta = {
  title: 'Page not found',
  description: 'We could not find that page. Browse our products or go back to the home page.',
  noindex: true,
};

/** The meta of whatever the view shows; pages without `meta` get the shop's defaults. */
export function viewMeta(
  view: RouteView,
  url: { publicUrl: string; pathname: string; searchParams: URLSearchParams },
): PageMeta {
  if (view.kind === 'not-found') return notFoundMeta;
  if (view.kind === 'error') {
    return { title: 'Something went wrong', description: view.error.message, noindex: true };
  }
  if (view.kind === 'loading') return { title: SITE_NAME, description: defaultDescription };
  const { route, params } = view.match;
  const ctx = { publicUrl: url.publicUrl, params, searchParams: url.searchParams, pathname: url.pathname };
  const data = view.kind === 'ready' ? view.data : undefined;
  // Only signed-in routes are ever shown without their data, and their meta accepts that.
  const meta = route.meta?.(data as never, ctx) ?? { title: SITE_NAME, description: defaultDescription };
  return route.access === 'signed-in' ? { ...meta, noindex: true } : meta;
}
