import { describe, expect, it } from 'vitest';
import { matchRoutes } from './app/match';
import { defineRoute } from './lib/route-types';
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

  it('gives every route a page module that loads, and data-less routes a title and description', async () => {
    for (const route of routes) {
      const module = await route.page();
      expect(typeof module.default, route.path).toBe('function');
      expect(route.page.module).toMatch(/^web\/pages\/[a-z-]+-page\.tsx$/);
      // Pages rendered with data get their meta from it (checked by the e2e shell spec); the others
      // must have a title and description without any.
      if (route.load && route.access !== 'signed-in') continue;
      const meta = route.meta?.(undefined as never, {
        publicUrl: 'https://shop.example.in',
        params: {},
        searchParams: new URLSearchParams(),
        pathname: route.path,
      });
      expect(meta?.title, route.path).toBeTruthy();
      expect(meta!.description.length, route.path).toBeGreaterThan(30);
    }
  });
});

describe('defineRoute', () => {
  it('types meta by what load returns', async () => {
    const route = defineRoute({
      path: '/product/:id',
      access: 'public',
      page: routes[0]!.page,
      load: async ({ params }) => ({ title: `Product ${params.id}`, price: 499 }),
      // A compile error here if `product` were not inferred from load.
      meta: (product) => ({ title: product.title, description: `Only ₹${product.price.toFixed(2)}` }),
    });
    const ctx = {
      publicUrl: '',
      params: { id: '7' },
      searchParams: new URLSearchParams(),
      pathname: '/product/7',
    };
    const data = await route.load?.({
      ...ctx,
      api: { call: async () => undefined as never },
    });
    expect(route.meta?.(data as never, ctx)).toEqual({ title: 'Product 7', description: 'Only ₹499.00' });
  });
});
