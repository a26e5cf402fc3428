import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../lib/route-types';
import { canonicalRedirect, matchPath, matchRoutes } from './match';

describe('matchPath', () => {
  it('matches static paths case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/Terms-conditions', '/Terms-conditions')).toEqual({});
    expect(matchPath('/Terms-conditions', '/terms-conditions/')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/product', '/products')).toBeNull();
    expect(matchPath('/product', '/product/x')).toBeNull();
  });

  it('decodes params and refuses malformed ones', () => {
    expect(matchPath('/product/:id', '/product/red%20shirt')).toEqual({ id: 'red shirt' });
    expect(matchPath('/reset-password/:token', '/reset-password/abc.def')).toEqual({ token: 'abc.def' });
    expect(matchPath('/product/:id', '/product/%E0%A4')).toBeNull();
    expect(matchPath('/product/:id', '/product//x')).toBeNull();
  });
});

describe('matchRoutes and canonicalRedirect', () => {
  const page = Object.assign(async () => ({ default: () => null }), { module: 'web/pages/x-page.tsx' });
  const routes: RouteDef[] = [
    { path: '/product', access: 'public', page },
    { path: '/product/:id', access: 'public', page },
    { path: '/Shipping-policy', access: 'public', page },
  ];

  it('finds the route and its params', () => {
    expect(matchRoutes(routes, '/product/42')).toEqual({ route: routes[1], params: { id: '42' } });
    expect(matchRoutes(routes, '/nope')).toBeNull();
  });

  it('redirects other spellings to the route casing without a trailing slash', () => {
    const match = matchRoutes(routes, '/shipping-policy/')!;
    expect(canonicalRedirect(match, '/shipping-policy/')).toBe('/Shipping-policy');
    expect(canonicalRedirect(matchRoutes(routes, '/Shipping-policy')!, '/Shipping-policy')).toBeNull();
    expect(canonicalRedirect(matchRoutes(routes, '/PRODUCT/AbC')!, '/PRODUCT/AbC')).toBe('/product/AbC');
  });
});
