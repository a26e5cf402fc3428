import { useEffect } from 'react';
import { localeBase, splitLocale } from '../../shared/locales';
import { loadMessages } from '../i18n/catalogues';
import { api } from '../lib/api-client';
import { routeCache } from '../lib/route-cache';
import { readCustomer } from '../lib/session';
import { routes } from '../routes';
import { matchRoutes, viewKey } from './match';
import { loadPage } from './page-modules';

/** The language prefix of the page the shopper is on ('' or '/hi'). */
function currentBase(): string {
  return localeBase(splitLocale(window.location.pathname).locale);
}

/**
 * Instant navigation: the code of a page a link leads to, and for public pages its
 * data, fetched before the click. `App` calls `prefetch` when a pointer rests on a link or it
 * gets focus (the shopper is about to go there: code and data), and `prefetchCode` for links that
 * scroll into view (likely next pages: code only, a few kilobytes per kind of page, never a data
 * request per card). A click then finds the chunk loaded and the data in `routeCache`, or still
 * on its way in `pendingLoad`, and shows the page without a second request. "Code" includes the
 * page's CSS: `loadPage` goes through Vite's preload helper, which links the chunk's stylesheets
 * (those not already written into the document, decision 022) and resolves once they are in.
 */
const inFlight = new Map<string, Promise<unknown>>();

/** The data request a prefetch started for this URL key (`/product/x?y`), if still running. */
export function pendingLoad(key: string): Promise<unknown> | undefined {
  return inFlight.get(key);
}

/** A link of this app in the page's language (another language is another document). */
function matchHref(href: string, base: string) {
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  const { locale, path } = splitLocale(url.pathname);
  if (localeBase(locale) !== base) return null;
  const match = matchRoutes(routes, path);
  return match ? { url, match, path, locale } : null;
}

function loadCode(found: NonNullable<ReturnType<typeof matchHref>>): void {
  void loadPage(found.match.route).catch(() => {});
  void loadMessages(found.locale, found.match.route.messages ?? []).catch(() => {});
}

export function prefetchCode(href: string): void {
  const found = matchHref(href, currentBase());
  if (found) loadCode(found);
}

export function prefetch(href: string): void {
  const found = matchHref(href, currentBase());
  if (!found) return;
  const { url, match } = found;
  loadCode(found);
  // Signed-in pages' data (cart, orders) changes as the shopper acts: it is read on arrival.
  if (match.route.access !== 'public' || !match.route.load) return;
  const key = viewKey(match, found.path, url.search);
  if (inFlight.has(key) || routeCache.get(key)) return;
  startLoad(key, () =>
    match.route.load!({ api, params: match.params, searchParams: url.searchParams, locale: found.locale }),
  );
}

/**
 * A signed-in page the server drew as "Checking your account…" (no render cookie yet, or a token it
 * could not use, decision 027): its data request starts as the entry script runs, before hydration
 * and the session check, instead of after them. Without a stored session nothing is asked (App
 * sends the visitor to login).
 */
export function prefetchSignedInData(key: string): void {
  // The key is a path of the app, already without the language prefix.
  const found = matchHref(key, '');
  if (!found || !readCustomer()) return;
  const { url, match } = found;
  if (match.route.access !== 'signed-in' || !match.route.load) return;
  const { locale } = splitLocale(window.location.pathname);
  startLoad(key, () =>
    match.route.load!({ api, params: match.params, searchParams: url.searchParams, locale }),
  );
}

function startLoad(key: string, load: () => Promise<unknown>): void {
  const request = load()
    .then((data) => {
      routeCache.set(key, data);
      return data;
    })
    .finally(() => inFlight.delete(key));
  // A failed prefetch is forgotten; the navigation that needs the data asks again and shows why.
  request.catch(() => {});
  inFlight.set(key, request);
}

/** The shopper has scrolled, touched, clicked or typed on this document (usePrefetchLinks). */
let engaged = false;

const linkOf = (target: EventTarget | null): HTMLAnchorElement | null =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;

/**
 * Hover and focus anywhere (one listener each, on the document), and links in the page's content
 * as they come into view. `viewKey` changes with each page shown, so its new links are watched.
 */
export function usePrefetchLinks(enabled: boolean, viewKey: string): void {
  useEffect(() => {
    if (!enabled) return;
    const onIntent = (event: Event) => {
      const link = linkOf(event.target);
      // A link opening elsewhere (new tab, download) is not a navigation of this app.
      if (link && !link.target && !link.hasAttribute('download')) prefetch(link.href);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [enabled]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger: each new page has new links to watch.
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        prefetchCode((entry.target as HTMLAnchorElement).href);
      }
    });
    // Once the shopper engages with the page (scrolls, touches, clicks or types) and it is idle:
    // a visitor who leaves without that never pays, on a phone's metered data, for other pages'
    // code, and a page's first load stays its own (e2e/budget.spec.ts). Not the breadcrumb's
    // links: they lead back up, to the pages a shopper usually came from (whose code is then
    // loaded already); the links worth fetching ahead lead on. A pointer or focus on any link
    // still fetches it at once (above).
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    let handle: number | undefined;
    const engagement = ['scroll', 'pointerdown', 'touchstart', 'keydown'] as const;
    const start = () => {
      engaged = true;
      for (const type of engagement) removeEventListener(type, start, true);
      handle = idle(() => {
        for (const link of document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]:not([hreflang])'))
          if (!link.closest('nav[aria-label="Breadcrumb"]')) observer.observe(link);
      });
    };
    if (engaged) start();
    else for (const type of engagement) addEventListener(type, start, { capture: true, passive: true });
    return () => {
      for (const type of engagement) removeEventListener(type, start, true);
      if (handle !== undefined) window.cancelIdleCallback?.(handle);
      observer.disconnect();
    };
  }, [enabled, viewKey]);
}
