import type { ComponentType } from 'react';
import { Router } from 'wouter';
import { localeBase, localizePath } from '../../shared/locales';
import type { Locale } from '../i18n/i18n';
import { renderInLocale } from '../i18n/render-in-locale';
import { routes } from '../routes';
import { RouteContext } from './route-context';

/**
 * A page's markup with its data, as the route at `path` shows it in a language, for tests: only
 * the route's message areas are loaded, so a word from any other is a "Missing message" in the
 * console. `await renderRouteInLocale('/product', StorePage, data, 'hi', '?q=tv')`.
 */
export function renderRouteInLocale(
  path: string,
  Page: ComponentType,
  data: unknown,
  locale: Locale = 'en',
  search = '',
): Promise<string> {
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`No route ${path}`);
  return renderInLocale(
    <Router base={localeBase(locale)} ssrPath={localizePath(locale, path)} ssrSearch={search}>
      <RouteContext
        value={{
          view: { kind: 'ready', key: path + search, match: { route, params: {} }, data },
          meta: { title: '', description: '' },
          pending: false,
          revalidate: () => {},
        }}
      >
        <Page />
      </RouteContext>
    </Router>,
    locale,
    route.messages,
  );
}
