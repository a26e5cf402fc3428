import type { RouteDef, RouteMatch } from '../lib/route-types';

/**
 * Matches a wouter-style pattern (`/product/:id`) against a URL pathname, case-insensitively as
 * wouter does, ignoring one trailing slash. Returns the decoded params, or null.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (pathname.includes('//') || wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < wanted.length; index++) {
    const part = wanted[index]!;
    const value = given[index]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part.toLowerCase() !== value.toLowerCase()) {
      return null;
    }
  }
  return params;
}

/**
 * The URL a view and its data are known by (route cache, prefetches, the server's data block): the
 * path and query, less the query parameters the page keeps for itself (`pageParams`).
 */
export function viewKey(match: RouteMatch | null, pathname: string, search: string): string {
  const own = match?.route.pageParams;
  if (!own || own.length === 0 || search === '') return pathname + search;
  const params = new URLSearchParams(search);
  if (!own.some((name) => params.has(name))) return pathname + search;
  for (const name of own) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

export function matchRoutes(routes: readonly RouteDef[], pathname: string): RouteMatch | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

/**
 * The one spelling of a matched URL that search engines should see: the route's own casing
 * (`/Terms-conditions`, as the original shop spells it) and no trailing slash. Null when already canonical.
 */
export function canonicalRedirect(match: RouteMatch, pathname: string): string | null {
  const segments = match.route.path.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  const canonical = `/${segments.map((part, index) => (part.startsWith(':') ? given[index] : part)).join('/')}`;
  return canonical === pathname ? null : canonical;
}
