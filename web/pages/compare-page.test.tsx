import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ApiProduct } from '../../shared/api-types';
import { RouteContext } from '../app/route-context';
import { routes } from '../routes';
import ComparePage, { type CompareData } from './compare-page';

function product(id: string, category: string): ApiProduct {
  return {
    _id: id,
    slug: `slug-${id}`,
    title: `Product ${id}`,
    description: '<p>A fine product.</p>',
    price: 699,
    priceMax: 699,
    mrp: 999,
    brand: 'Acme',
    category,
    tags: 'popular',
    tagList: ['popular'],
    quantity: 12,
    sold: 3,
    images: [{ url: `/media/${id}.webp`, width: 800, height: 800 }],
    color: [],
    totalrating: 4.5,
    ratingCount: 2,
    ratings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function renderPage(data: CompareData): string {
  const route = routes.find((r) => r.path === '/compare-product')!;
  const key = '/compare-product';
  return renderToString(
    <Router ssrPath={key}>
      <RouteContext
        value={{
          view: { kind: 'ready', key, match: { route, params: {} }, data },
          meta: { title: 'x', description: 'x' },
          pending: false,
          revalidate: () => {},
        }}
      >
        <ComparePage />
      </RouteContext>
    </Router>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('compare page', () => {
  it("the pickers start on the products compared, as React's select does it (no warning)", () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [a, b, c] = [product('a', 'Fashion'), product('b', 'Mobiles'), product('c', 'Fashion')];
    const html = renderPage({
      products: [a, b],
      missing: [],
      options: [a, b, c].map((p) => ({ id: p.slug, title: p.title, category: p.category })),
    });
    const pickers = html.match(/<select[^>]*>.*?<\/select>/gs) ?? [];
    expect(pickers).toHaveLength(2);
    // Each picker marks its own product, inside the product's category group.
    expect(pickers[0]).toMatch(/<optgroup label="Fashion">.*<option value="slug-a" selected="">/s);
    expect(pickers[0]!.match(/selected=""/g)).toHaveLength(1);
    expect(pickers[1]).toMatch(/<optgroup label="Mobiles"><option value="slug-b" selected="">/);
    expect(pickers[1]!.match(/selected=""/g)).toHaveLength(1);
    // React's development build says so when an <option> is marked `selected` by hand.
    expect(errors).not.toHaveBeenCalled();
  });
});
