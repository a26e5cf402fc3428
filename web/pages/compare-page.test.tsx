import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { ApiProduct } from '../../shared/api-types';
import { RouteContext } from '../app/route-context';
import type { CompareData } from '../features/compare/compare-data';
import type { Locale } from '../i18n/i18n';
import { renderInLocale } from '../i18n/render-in-locale';
import { routes } from '../routes';
import ComparePage from './compare-page';

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

function renderPage(data: CompareData, locale: Locale = 'en'): Promise<string> {
  const route = routes.find((r) => r.path === '/compare-product')!;
  const key = '/compare-product';
  return renderInLocale(
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
    locale,
    route.messages,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('compare page', () => {
  it("the pickers start on the products compared, as React's select does it (no warning)", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [a, b, c] = [product('a', 'Fashion'), product('b', 'Mobiles'), product('c', 'Fashion')];
    const html = await renderPage({
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

  it("reads in Hindi: our words, and the merchant's names where written, English marked where not", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hindi = {
      translations: { hi: { title: 'उत्पाद ए' } },
      categoryTranslations: { hi: { title: 'फ़ैशन' } },
    };
    const a = { ...product('a', 'Fashion'), ...hindi };
    const b = product('b', 'Mobiles');
    const html = await renderPage(
      {
        products: [a, b],
        missing: ['gone'],
        options: [
          { id: a.slug, title: a.title, category: a.category, ...hindi },
          { id: b.slug, title: b.title, category: b.category },
        ],
      },
      'hi',
    );
    expect(html).toContain('प्रोडक्ट की तुलना करें');
    expect(html).toContain('आपका चुना एक प्रोडक्ट हमें नहीं मिला');
    expect(html).toContain('<optgroup label="फ़ैशन">');
    expect(html).toContain('<optgroup label="Mobiles" lang="en">');
    expect(html).toContain('<a href="/product/slug-a">उत्पाद ए</a>');
    expect(html).toContain('<a lang="en" href="/product/slug-b">Product b</a>');
    expect(html).toContain('action="/hi/compare-product"');
    // Every word came from a catalogue the route names (a missing one is logged).
    expect(errors).not.toHaveBeenCalled();
  });
});
