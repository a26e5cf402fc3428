import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../lib/route-types';
import { canonicalRedirect, matchPath, matchRoutes, viewKey } from './match';

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

describe('viewKey', () => {
  const page = Object.assign(async () => ({ default: () => null }), { module: 'web/pages/x-page.tsx' });
  const product: RouteDef = { path: '/product/:id', access: 'public', page, pageParams: ['variant'] };
  const store: RouteDef = { path: '/product', access: 'public', page };
  const at = (route: RouteDef) => ({ route, params: {} });

  it('leaves out the query parameters the page keeps for itself, so choosing a variant loads nothing', () => {
    expect(viewKey(at(product), '/product/tee', '?variant=TEE-L')).toBe('/product/tee');
    expect(viewKey(at(product), '/product/tee', '?ref=mail&variant=TEE-L')).toBe('/product/tee?ref=mail');
    expect(viewKey(at(product), '/product/tee', '?ref=mail')).toBe('/product/tee?ref=mail');
    expect(viewKey(at(product), '/product/tee', '')).toBe('/product/tee');
  });

  it('keeps the whole query of other routes, and of no route', () => {
    expect(viewKey(at(store), '/product', '?variant=x&page=2')).toBe('/product?variant=x&page=2');
    expect(viewKey(null, '/nowhere', '?variant=x')).toBe('/nowhere?variant=x');
  });
});
