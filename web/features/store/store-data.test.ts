import { describe, expect, it } from 'vitest';
import { type Endpoint, urlOf } from '../../../shared/api/endpoint';
import { translator } from '../../i18n/i18n';
import type { ApiClient } from '../../lib/api-client';
import { loadStore } from './store-data';
import { storeHeading, storeMeta } from './store-meta';
import { parseStoreQuery } from './store-query';

/** The address a call asks for, less the /api prefix. */
const apiPath = (endpoint: Endpoint, input: { params?: unknown; query?: unknown } = {}) =>
  urlOf(endpoint, input).replace(/^\/api/, '');

const facets = {
  categories: [],
  brands: [],
  tags: [],
  sizes: [],
  availability: { inStock: 20, outOfStock: 3 },
  price: { min: 100, max: 900 },
};

function fakeApi(): ApiClient & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async call(endpoint, input) {
      const path = apiPath(endpoint, input);
      asked.push(decodeURIComponent(path));
      return (path.startsWith('/product/facets') ? facets : []) as never;
    },
  };
}

/** Facets as the API sends them once categories carry their names in other languages. */
const translatedFacets = {
  ...facets,
  categories: [
    { title: 'TVs', count: 3, translations: { hi: { title: 'टीवी' } } },
    { title: 'Laptops', count: 2 },
  ],
};

const load = (search: string, api = fakeApi()) =>
  loadStore({ api, params: {}, searchParams: new URLSearchParams(search) });

describe('store load', () => {
  it('loads one page and the facets with the same filters', async () => {
    const api = fakeApi();
    await load('category=TVs&min=100&page=2', api);
    expect(api.asked).toEqual([
      '/product?category=TVs&price[gte]=100&sort=-createdAt&page=2&limit=24',
      '/product/facets?category=TVs&price[gte]=100',
    ]);
  });

  it('counts every match, or the availability chosen', async () => {
    expect((await load('')).total).toBe(23);
    expect((await load('availability=in-stock')).total).toBe(20);
    expect((await load('availability=out-of-stock')).total).toBe(3);
  });

  it('titles and indexes what the shopper sees', async () => {
    const ctx = {
      publicUrl: 'https://x',
      params: {},
      searchParams: new URLSearchParams(),
      locale: 'en' as const,
      t: await translator('en', ['store', 'catalog']),
      pathname: '/product',
    };
    const heading = (search: string, t = ctx.t, locale: 'en' | 'hi' = 'en') =>
      storeHeading({ query: parseStoreQuery(search), facets: translatedFacets }, t, locale);
    expect(heading('').text).toBe('Our store');
    expect(heading('q=tv').text).toBe("Results for 'tv'");
    expect(heading('category=TVs')).toEqual({ text: 'TVs' });
    // In Hindi: our words, and the category's name where the merchant wrote one (else English, marked).
    const hi = await translator('hi', ['store', 'catalog']);
    expect(heading('', hi, 'hi').text).toBe('हमारी दुकान');
    expect(heading('q=tv', hi, 'hi').text).toBe("'tv' के नतीजे");
    expect(heading('category=TVs', hi, 'hi')).toEqual({ text: 'टीवी' });
    expect(heading('category=Laptops', hi, 'hi')).toEqual({ text: 'Laptops', lang: 'en' });
    const category = storeMeta(await load('category=TVs'), ctx);
    expect(category.canonical).toBe('/product?category=TVs');
    expect(category.noindex).toBeUndefined();
    const mixed = storeMeta(await load('category=TVs&brand=LG'), ctx);
    expect(mixed.canonical).toBe('/product');
    expect(mixed.noindex).toBe(true);
    expect(storeMeta(await load('page=2&sort=price'), ctx).canonical).toBe('/product?page=2');
    expect(storeMeta(await load('category=TVs&page=3'), ctx).canonical).toBe('/product?category=TVs&page=3');
  });
});
