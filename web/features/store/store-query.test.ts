import { describe, expect, it } from 'vitest';
import { listProducts, productFacets } from '../../../shared/api/catalog';
import { urlOf } from '../../../shared/api/endpoint';
import { translator } from '../../i18n/i18n';
import {
  emptyStoreQuery,
  facetsApiQuery,
  hasFilters,
  pageWindow,
  parseStoreQuery,
  priceRangeError,
  productsApiQuery,
  type StoreQuery,
  showingText,
  sortOptions,
  storeHref,
  storeSearch,
  toggleValue,
  withFilters,
} from './store-query';

const en = await translator('en', ['store']);
const hi = await translator('hi', ['store']);

// The address the API client calls, less its /api prefix.
const productsApiPath = (query: StoreQuery) =>
  urlOf(listProducts, { query: productsApiQuery(query) }).replace(/^\/api/, '');
const facetsApiPath = (query: StoreQuery) =>
  urlOf(productFacets, { query: facetsApiQuery(query) }).replace(/^\/api/, '');

describe('store query in the URL', () => {
  it('reads every filter, repeated or comma-separated', () => {
    const query = parseStoreQuery(
      'category=TVs&category=Laptops&brand=Sony,LG&tags=featured&size=M,UK+8&availability=in-stock&min=500&max=2000.50&sort=-price&page=3&q=smart+tv',
    );
    expect(query).toEqual({
      category: ['TVs', 'Laptops'],
      brand: ['Sony', 'LG'],
      tags: ['featured'],
      size: ['M', 'UK 8'],
      availability: 'in-stock',
      min: '500',
      max: '2000.50',
      sort: '-price',
      page: 3,
      q: 'smart tv',
    });
  });

  it('drops what the API would reject instead of failing', () => {
    const query = parseStoreQuery('tags=evil&availability=maybe&min=abc&max=-5&sort=password&page=0');
    expect(query).toEqual(emptyStoreQuery);
    expect(parseStoreQuery('page=99999999').page).toBe(1);
    expect(parseStoreQuery('page=20000').page).toBe(10_000);
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(storeSearch(emptyStoreQuery)).toBe('');
    expect(storeHref(emptyStoreQuery)).toBe('/product');
    const query = withFilters(emptyStoreQuery, { category: ['Music & Gaming'], sort: 'price', min: '100' });
    const search = storeSearch(query);
    expect(search).toBe('category=Music+%26+Gaming&min=100&sort=price');
    expect(parseStoreQuery(search)).toEqual(query);
  });

  it('orders a search by relevance until the shopper picks a sort, and offers relevance only then', () => {
    const search = parseStoreQuery('q=samsung+tv');
    expect(search.sort).toBe('relevance');
    expect(storeSearch(search)).toBe('q=samsung+tv');
    expect(productsApiQuery(search)).not.toHaveProperty('sort');
    expect(sortOptions(search, en)[0]).toEqual({ value: 'relevance', label: 'Relevance' });
    expect(sortOptions(search, hi)[0]).toEqual({ value: 'relevance', label: 'सबसे मिलते-जुलते' });
    // Newest first is a choice on a search, so it stays in the address.
    const newest = withFilters(search, { sort: '-createdAt' });
    expect(storeSearch(newest)).toBe('q=samsung+tv&sort=-createdAt');
    expect(parseStoreQuery(storeSearch(newest))).toEqual(newest);
    // Without a search there is no relevance: newest first, and a stray sort=relevance is dropped.
    expect(parseStoreQuery('sort=relevance').sort).toBe('-createdAt');
    expect(sortOptions(emptyStoreQuery, en).map((o) => o.value)).not.toContain('relevance');
    expect(storeSearch({ ...search, q: '' })).toBe('');
  });

  it('goes back to page 1 when a filter changes', () => {
    const onPage3 = { ...emptyStoreQuery, page: 3 };
    expect(withFilters(onPage3, { brand: ['Sony'] }).page).toBe(1);
  });

  it('asks the API with its own parameter names', () => {
    const query = parseStoreQuery(
      'brand=Sony&brand=LG&min=100&max=900&availability=out-of-stock&q=tv&page=2',
    );
    expect(decodeURIComponent(productsApiPath(query))).toBe(
      // A search names no sort: the API answers best matches first.
      '/product?brand=Sony,LG&availability=out-of-stock&price[gte]=100&price[lte]=900&q=tv&page=2&limit=24',
    );
    expect(decodeURIComponent(facetsApiPath(query))).toBe(
      '/product/facets?brand=Sony,LG&availability=out-of-stock&price[gte]=100&price[lte]=900&q=tv',
    );
    expect(facetsApiPath(emptyStoreQuery)).toBe('/product/facets');
  });

  it('asks for sizes as the API names them, and keeps them in the address', () => {
    const query = parseStoreQuery('category=Fashion&size=M&size=XL');
    expect(decodeURIComponent(facetsApiPath(query))).toBe('/product/facets?category=Fashion&size=M,XL');
    expect(storeHref(query)).toBe('/product?category=Fashion&size=M&size=XL');
    expect(hasFilters(parseStoreQuery('size=L'))).toBe(true);
  });

  it('toggles a value in a list', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});

describe('price range', () => {
  it('accepts empty, one-sided and ordered ranges', () => {
    expect(priceRangeError('', '', en)).toBeNull();
    expect(priceRangeError('500', '', en)).toBeNull();
    expect(priceRangeError('500', '500', en)).toBeNull();
    expect(priceRangeError('99.5', '100', en)).toBeNull();
  });

  it('explains a reversed or malformed range', () => {
    expect(priceRangeError('5000', '500', en)).toBe('The From price must not be more than the To price.');
    expect(priceRangeError('abc', '', en)).toMatch(/From price/);
    expect(priceRangeError('', '1e5', en)).toMatch(/To price/);
    expect(priceRangeError('5000', '500', hi)).toBe("'से' वाली कीमत 'तक' वाली कीमत से ज़्यादा नहीं हो सकती।");
  });
});

describe('paging text', () => {
  it('says which products are shown', () => {
    expect(showingText(1, 24, 24, 72, en)).toBe('Showing 1-24 of 72');
    expect(showingText(3, 24, 24, 72, en)).toBe('Showing 49-72 of 72');
    expect(showingText(2, 24, 3, 27, en)).toBe('Showing 25-27 of 27');
    expect(showingText(1, 24, 0, 0, en)).toBe('Showing 0 of 0');
    expect(showingText(3, 24, 24, 72, hi)).toBe('72 में से 49-72 दिखाए जा रहे हैं');
  });

  it('links a window of pages with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12)).toEqual([1, 2, null, 12]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
  });
});
