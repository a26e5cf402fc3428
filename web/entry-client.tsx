// First: the stylesheets the server wrote into the page are marked as applied before any route
// chunk is preloaded (Vite's helper would link them again).
import './app/inlined-styles';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { localeBase, splitLocale } from '../shared/locales';
import { App } from './app/app';
import { matchRoutes, viewKey } from './app/match';
import { loadPage, preparePage } from './app/page-modules';
import { prefetchSignedInData } from './app/prefetch';
import type { BootData, RouteView } from './app/route-view';
import { loadMessages } from './i18n/catalogues';
import { createI18n, LocaleProvider } from './i18n/i18n';
import { setRequestLanguage } from './lib/api-client';
import { routeCache } from './lib/route-cache';
import { syncRenderCookie } from './lib/stored-customer';
import { routes } from './routes';

function readBootData(): BootData | null {
  const text = document.getElementById('__DATA__')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

/** Rebuilds the view the server rendered, from its data block and the same route table. */
async function initialView(path: string): Promise<RouteView> {
  const boot = readBootData();
  const match = matchRoutes(routes, path);
  const key = viewKey(match, path, window.location.search);
  if (!match || !boot || boot.kind === 'not-found') return { kind: 'not-found', key };
  if (boot.kind === 'error' && boot.error) return { kind: 'error', key, match, error: boot.error };
  if (boot.kind === 'checking') {
    // A signed-in page drawn without its data (no render cookie yet, or a token the server refused):
    // its data is asked for now, not after hydration and the session check.
    prefetchSignedInData(key);
    return { kind: 'checking', key, match };
  }
  // The chunk is already downloading (the server preloads it); hydrating only once it is in
  // means the first client render is the server's, with no fallback in between.
  await loadPage(match.route);
  await preparePage(match.route, boot.data);
  if (match.route.load) routeCache.set(key, boot.data);
  return { kind: 'ready', key, match, data: boot.data };
}

// Before anything else asks: the next page the server draws sees the session this device has.
syncRenderCookie();

const root = document.getElementById('root');
if (root) {
  const { locale, path } = splitLocale(window.location.pathname);
  // The page's messages were preloaded by the server with its chunk, as its data came in the page.
  const areas = matchRoutes(routes, path)?.route.messages ?? [];
  const [view, messages] = await Promise.all([initialView(path), loadMessages(locale, areas)]);
  const i18n = createI18n(locale, messages);
  setRequestLanguage(locale);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: a tap during it is answered sooner (total blocking time).
  startTransition(() => {
    hydrateRoot(
      root,
      <LocaleProvider i18n={i18n}>
        <Router base={localeBase(locale)}>
          <App initialView={view} publicUrl={window.location.origin} />
        </Router>
      </LocaleProvider>,
      {
        // A hydration mismatch makes React draw the page again in the browser: said in the console,
        // where the e2e suite fails on it, instead of passing unseen.
        onRecoverableError: (error, info) =>
          console.error('React recovered from an error:', error, info.componentStack),
      },
    );
  });
}
