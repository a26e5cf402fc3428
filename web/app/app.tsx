import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { defaultLocale, splitLocale } from '../../shared/locales';
import { CartSummaryProvider } from '../components/layout/cart-summary';
import { SiteLayout } from '../components/layout/site-layout';
import { LoadError } from '../components/ui/load-error';
import { LoadingState } from '../components/ui/loading-state';
import { showFlash } from '../features/accounts/flash';
import { loginHref, safeNextPath } from '../features/accounts/next-path';
import { VerifyEmailNotice } from '../features/accounts/verify-email-notice';
import { CartLoader } from '../features/cart/cart-loader';
import { loadErrorMessages, loadedMessages, loadMessages } from '../i18n/catalogues';
import { type Locale, type Translate, useT } from '../i18n/i18n';
import { api, isApiError } from '../lib/api-client';
import { routeCache } from '../lib/route-cache';
import { clearCustomer, readCustomer, useSession } from '../lib/session';
import { useHydrated } from '../lib/use-hydrated';
import NotFoundPage from '../pages/not-found-page';
import { routes } from '../routes';
import { documentTitle } from './head';
import { matchRoutes, viewKey } from './match';
import { loadedPage, loadPage, preparePage } from './page-modules';
import { pendingLoad, usePrefetchLinks } from './prefetch';
import { RouteContext, type RouteContextValue } from './route-context';
import { type RouteView, toViewError, viewMeta } from './route-view';

function RouteOutlet({ view, onRetry }: { view: RouteView; onRetry: () => void }) {
  const t = useT();
  switch (view.kind) {
    case 'ready': {
      const Page = loadedPage(view.match.route);
      return Page ? <Page /> : null;
    }
    case 'loading':
      return <LoadingState />;
    case 'checking':
      return <LoadingState label={t('common.checkingAccount')} />;
    case 'error':
      return <LoadError message={view.error.message} onRetry={onRetry} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** The browser's URL as the app reads it: the path without the language prefix. */
function currentUrl() {
  const url = new URL(window.location.href);
  const { path } = splitLocale(url.pathname);
  const match = matchRoutes(routes, path);
  return { url, path, match, key: viewKey(match, path, url.search) };
}

const firstInputEvents = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * The form rules' and the API's messages in the page's language (the `errors` area, the biggest)
 * are needed once the shopper acts: fetched at their first touch, key or focus, not in the first
 * load. A message shown before they arrive reads in English, marked so, and changes when they do.
 */
function useErrorMessagesOnFirstInput(hydrated: boolean, i18n: I18n, locale: Locale) {
  useEffect(() => {
    if (!hydrated || locale === defaultLocale) return;
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      for (const type of firstInputEvents) window.removeEventListener(type, load, true);
      void loadErrorMessages(locale)
        .then((messages) => messages && i18n.load(locale, messages))
        .catch(() => {});
    };
    for (const type of firstInputEvents)
      window.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      done = true;
      for (const type of firstInputEvents) window.removeEventListener(type, load, true);
    };
  }, [hydrated, i18n, locale]);
}

/** What follows the page's hydration and the customer's session: flash messages, cache, the marker. */
function useSessionEffects(hydrated: boolean, signedIn: boolean) {
  // A confirmation saved just before a reload (signing in reloads the page).
  useEffect(() => {
    if (hydrated) showFlash();
  }, [hydrated]);

  // The page is interactive from here on: said on <html> for whoever waits for it (the e2e tests;
  // the scripts start after the largest paint, decision 026, so the load event does not say it).
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = '';
  }, [hydrated]);

  // Data cached for one customer must not be shown to the next (login, logout, another tab).
  const sessionSeen = useRef<boolean | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    if (sessionSeen.current !== null && sessionSeen.current !== signedIn) routeCache.clear();
    sessionSeen.current = signedIn;
  }, [hydrated, signedIn]);
}

/**
 * What a page load does, after a client-side navigation: scroll to the top, the new title, an
 * announcement to screen readers (returned) and focus at the start of the new content.
 */
function useNavigationEffects(view: RouteView, pageTitle: string, pathname: string, initialKey: string) {
  const [announcement, setAnnouncement] = useState('');
  // Scroll to the top on every path change (not on a new query string of the same page).
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  const shownKey = useRef(initialKey);
  useEffect(() => {
    if (view.kind === 'loading' || view.kind === 'checking') return;
    const title = documentTitle(pageTitle);
    document.title = title;
    if (shownKey.current === view.key) return;
    const samePath = shownKey.current.split('?')[0] === view.key.split('?')[0];
    shownKey.current = view.key;
    setAnnouncement(title);
    // A new query on the same page (a filter, a sort, the next page of results) keeps focus on
    // the control the shopper just used; only a new page starts again at its content.
    if (!samePath) document.getElementById('main')?.focus({ preventScroll: true });
  }, [view, pageTitle]);
  return announcement;
}

/**
 * The shop in the browser and on the server. `initialView` is what the server rendered; after
 * hydration every location change (links, back/forward, redirects) resolves the route here:
 * guard by access, import the page chunk and run its `load` in parallel, then show it.
 */
export function App({ initialView, publicUrl }: { initialView: RouteView; publicUrl: string }) {
  const [view, setView] = useState(initialView);
  const [pending, setPending] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const navigation = useRef<{ id: number; controller?: AbortController }>({ id: 0 });

  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const hydrated = useHydrated();
  const signedIn = useSession() !== null;
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const t = useCallback<Translate>((key, values) => i18n._(key, values), [i18n]);
  usePrefetchLinks(hydrated, view.key);

  const resolve = useCallback(
    async (force = false) => {
      const { url, path, match, key } = currentUrl();
      const current = viewRef.current;
      if (!match) {
        if (current.key !== key || current.kind !== 'not-found') setView({ kind: 'not-found', key });
        return;
      }
      const hasSession = readCustomer() !== null;
      // A protected page sends the visitor to login and back here afterwards (/login?next=...); login
      // and signup send a signed-in customer on to that `next` (a path on this site) or home.
      if (match.route.access === 'signed-in' && !hasSession) {
        return navigate(loginHref(path + url.search), { replace: true });
      }
      if (match.route.access === 'signed-out' && hasSession) {
        return navigate(safeNextPath(url.searchParams.get('next')), { replace: true });
      }
      if (!force && current.key === key && current.kind !== 'checking') return;

      const id = ++navigation.current.id;
      navigation.current.controller?.abort();
      const controller = new AbortController();
      navigation.current.controller = controller;

      const cached = force ? undefined : routeCache.get(key);
      const areas = match.route.messages ?? [];
      const messages = loadedMessages(locale, areas);
      if (loadedPage(match.route) && messages && (cached || !match.route.load)) {
        // Loaded ahead by a link's prefetch, they are not in this page's instance yet.
        i18n.load(locale, messages);
        setView({ kind: 'ready', key, match, data: cached?.data });
        return;
      }
      // Same page, new query (filters, sorting) or a revalidation: keep the page and its controls
      // on screen and show progress; a different page gets the loading placeholder.
      const samePage = current.kind === 'ready' && current.match.route === match.route;
      if (samePage) setPending(true);
      else setView({ kind: 'loading', key, match });
      try {
        const [, , data] = await Promise.all([
          loadPage(match.route),
          loadMessages(locale, areas).then((messages) => i18n.load(locale, messages)),
          cached
            ? cached.data
            : // A hover or the entry script may have asked already (prefetch.ts).
              (pendingLoad(key) ??
              match.route.load?.({
                api,
                params: match.params,
                searchParams: url.searchParams,
                signal: controller.signal,
                locale,
              })),
        ]);
        await preparePage(match.route, data);
        if (id !== navigation.current.id) return;
        if (match.route.load) routeCache.set(key, data);
        setView({ kind: 'ready', key, match, data });
      } catch (error) {
        if (id !== navigation.current.id) return;
        if (isApiError(error) && error.status === 404) {
          setView({ kind: 'not-found', key });
        } else if (isApiError(error) && error.status === 401 && match.route.access === 'signed-in') {
          // The stored token expired or was revoked elsewhere: sign out here too.
          clearCustomer();
          navigate(loginHref(path + url.search), { replace: true });
        } else {
          setView({ kind: 'error', key, match, error: toViewError(error, t) });
        }
      } finally {
        if (id === navigation.current.id) setPending(false);
      }
    },
    [navigate, i18n, locale, t],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: resolve reads the URL and session from the browser; these are the changes it must follow.
  useEffect(() => {
    if (hydrated) void resolve();
  }, [hydrated, pathname, search, signedIn, resolve]);

  useSessionEffects(hydrated, signedIn);
  useErrorMessagesOnFirstInput(hydrated, i18n, locale);
  const meta = useMemo(() => {
    const url = new URL(view.key, publicUrl);
    return viewMeta(view, { publicUrl, pathname: url.pathname, searchParams: url.searchParams, locale, t });
  }, [view, publicUrl, locale, t]);

  const announcement = useNavigationEffects(view, meta.title, pathname, initialView.key);

  const retry = useCallback(() => {
    if (view.kind === 'error' && view.error.retry === 'reload') window.location.reload();
    else void resolve(true);
  }, [view, resolve]);

  const context = useMemo<RouteContextValue>(
    () => ({ view, meta, pending, revalidate: () => void resolve(true) }),
    [view, meta, pending, resolve],
  );

  return (
    <CartSummaryProvider>
      <CartLoader />
      <RouteContext value={context}>
        <SiteLayout pending={pending} announcement={announcement} notice={<VerifyEmailNotice />}>
          <RouteOutlet view={view} onRetry={retry} />
        </SiteLayout>
      </RouteContext>
    </CartSummaryProvider>
  );
}
