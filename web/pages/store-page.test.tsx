import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiProduct } from '../../shared/api-types';
import { renderRouteInLocale } from '../app/render-route-in-locale';
import type { StoreData } from '../features/store/store-data';
import { parseStoreQuery } from '../features/store/store-query';
import StorePage from './store-page';

const product = (id: string) =>
  ({
    _id: id,
    slug: id,
    title: `Television ${id}`,
    description: 'A screen.',
    price: 29999,
    priceMax: 29999,
    brand: 'Sony',
    category: 'TVs',
    tags: '',
    tagList: [],
    quantity: 9,
    sold: 1,
    images: [],
    color: [],
    totalrating: 0,
    ratingCount: 0,
    ratings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  }) as unknown as ApiProduct;

const storeData = (search: string): StoreData => ({
  query: parseStoreQuery(search),
  products: Array.from({ length: 24 }, (_, index) => product(`tv-${index}`)),
  total: 30,
  facets: {
    categories: [
      { title: 'TVs', count: 30, translations: { hi: { title: 'टीवी' } } },
      { title: 'Laptops', count: 4 },
    ],
    brands: [{ title: 'Sony', count: 30 }],
    tags: [{ title: 'featured', count: 2 }],
    sizes: [],
    availability: { inStock: 28, outOfStock: 2 },
    price: { min: 9999, max: 99999 },
  } as StoreData['facets'],
});

afterEach(() => vi.restoreAllMocks());

describe('store page', () => {
  it('keeps its English words', async () => {
    const html = await renderRouteInLocale('/product', StorePage, storeData('q=tv'), 'en', '?q=tv');
    expect(html).toContain('<h1>Results for &#x27;tv&#x27;</h1>');
    expect(html).toContain('30 products found.');
    expect(html).toContain('Showing 1-24 of 30');
    expect(html).toContain('>Relevance</option>');
    expect(html).toContain('aria-label="Page 2"');
  });

  it('reads in Hindi with a filter applied, category names from the facets', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await renderRouteInLocale(
      '/product',
      StorePage,
      storeData('category=TVs&availability=in-stock'),
      'hi',
      '?category=TVs&availability=in-stock',
    );
    expect(html).toContain('<h1>टीवी</h1>');
    expect(html).toContain('30 में से 1-24 दिखाए जा रहे हैं');
    expect(html).toContain('सभी फ़िल्टर हटाएँ');
    expect(html).toContain('>तारीख़, नए से पुराने</option>');
    expect(html).toContain('<span lang="en">Laptops</span>');
    expect(html).toContain('<span>फ़ीचर्ड</span>');
    expect(html).toContain('स्टॉक में है');
    expect(html).toContain('aria-label="पेज 2"');
    // The forms that work before the JavaScript stay on Hindi pages.
    expect(html).toContain('action="/hi/product"');
    expect(html).not.toContain('action="/product"');
    expect(errors).not.toHaveBeenCalled();
  });
});
