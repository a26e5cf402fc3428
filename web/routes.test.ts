import { describe, expect, it } from 'vitest';
import { matchRoutes } from './app/match';
import { translator } from './i18n/i18n';
import { defineRoute } from './lib/route-types';
import { routeHeads } from './route-heads';
import { routes } from './routes';

/** Every route of the original shop, with who may open it (plus the shop's own, marked). */
const specRoutes = {
  '/': 'public',
  '/contact': 'public',
  // Not in the original shop: complaints and data requests.
  '/grievances': 'public',
  '/product': 'public',
  '/product/:id': 'public',
  '/blogs': 'public',
  '/blog/:id': 'public',
  '/about': 'public',
  '/compare-product': 'public',
  '/wishlist': 'signed-in',
  '/cart': 'signed-in',
  '/my-orders': 'signed-in',
  // Not in the original shop: one order with its tracking, cancel and return.
  '/my-orders/:id': 'signed-in',
  '/my-profile': 'signed-in',
  '/checkout': 'signed-in',
  '/login': 'signed-out',
  '/signup': 'signed-out',
  '/forgot-password': 'public',
  '/reset-password/:token': 'public',
  // Not in the original shop: the link that undoes an e-mail change.
  '/restore-email/:token': 'public',
  '/verify-email/:token': 'public',
  '/unsubscribe': 'public',
  '/Terms-conditions': 'public',
  '/privacy-policy': 'public',
  '/refund-policy': 'public',
  '/Shipping-policy': 'public',
} as const;

describe('route table', () => {
  it('registers exactly these routes, with their access', () => {
    expect(Object.fromEntries(routes.map((route) => [route.path, route.access]))).toEqual(specRoutes);
  });

  it('has no route that shadows another', () => {
    for (const route of routes) {
      const example = route.path.replace(/:[a-z]+/gi, 'x');
      expect(matchRoutes(routes, example)?.route).toBe(route);
    }
  });

  it('gives every route a page module that loads, a title and a head, and data-less routes their words', async () => {
    for (const route of routes) {
      const module = await route.page();
      expect(typeof module.default, route.path).toBe('function');
      expect(route.page.module).toMatch(/^web\/pages\/[a-z-]+-page\.tsx$/);
      expect(route.title, route.path).toBeTypeOf('function');
      expect(routeHeads[route.path], route.path).toBeTypeOf('function');
      // Pages rendered with data get their meta from it (checked by the e2e shell spec); the others
      // must have a title and description without any.
      if (route.load && route.access !== 'signed-in') continue;
      const ctx = {
        publicUrl: 'https://shop.example.in',
        params: {},
        searchParams: new URLSearchParams(),
        pathname: route.path,
        locale: 'en' as const,
        t: await translator('en', route.messages),
      };
      const meta = routeHeads[route.path]!(undefined as never, ctx);
      expect(meta.title, route.path).toBeTruthy();
      expect(meta.description.length, route.path).toBeGreaterThan(30);
      // The browser titles a page it navigates to by the route alone: the same words.
      expect(route.title?.(undefined as never, ctx), route.path).toBe(meta.title);
    }
  });

  it('titles a page in the browser as its head does on the server', async () => {
    const ctx = {
      publicUrl: 'https://shop.example.in',
      params: {},
      searchParams: new URLSearchParams(),
      pathname: '/',
      locale: 'hi' as const,
      t: await translator('hi', ['order', 'orders', 'lines']),
    };
    const route = routes.find((r) => r.path === '/my-orders/:id')!;
    const order = { orderNumber: 'BB261129K7Q3MX' };
    const title = route.title?.(order as never, ctx);
    expect(title).toContain('BB261129K7Q3MX');
    expect(title).toBe(routeHeads[route.path]!(order as never, ctx).title);
  });
});

describe('defineRoute', () => {
  it('types title by what load returns', async () => {
    const route = defineRoute({
      path: '/product/:id',
      access: 'public',
      page: routes[0]!.page,
      load: async ({ params }) => ({ title: `Product ${params.id}`, price: 499 }),
      // A compile error here if `product` were not inferred from load.
      title: (product) => `${product.title} for ₹${product.price.toFixed(2)}`,
    });
    const ctx = {
      publicUrl: '',
      params: { id: '7' },
      searchParams: new URLSearchParams(),
      pathname: '/product/7',
      locale: 'en' as const,
      t: await translator('en'),
    };
    const data = await route.load?.({
      ...ctx,
      api: { call: async () => undefined as never },
    });
    expect(route.title?.(data as never, ctx)).toBe('Product 7 for ₹499.00');
  });
});
