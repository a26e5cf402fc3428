import type { listProducts, productFacets } from '../../../shared/api/catalog';
import type { QueryOf } from '../../../shared/api/endpoint';
import {
  AVAILABILITY_VALUES,
  type Availability,
  PRODUCT_SORT_OPTIONS,
  PRODUCT_TAGS,
} from '../../../shared/catalog';
import type { Translate } from '../../i18n/i18n';

/**
 * The store page's state as it lives in the address bar, so that a filtered listing can be shared,
 * bookmarked, rendered by the server and walked through with back and forward:
 * `/product?category=TVs&brand=Sony&min=10000&max=50000&availability=in-stock&sort=price&page=2`.
 */
export type SortValue = (typeof PRODUCT_SORT_OPTIONS)[number]['value'] | 'relevance';

/** A search is in order of relevance until the shopper picks a sort; a listing, newest first. */
export function defaultSort(query: { q: string }): SortValue {
  return query.q ? 'relevance' : DEFAULT_SORT;
}

/**
 * The sorts the store offers: for a search, relevance first (a search's own order: the API's when
 * no sort is named, best matches first).
 */
export function sortValues(query: { q: string }): readonly SortValue[] {
  const sorts = PRODUCT_SORT_OPTIONS.map((option) => option.value);
  return query.q ? ['relevance', ...sorts] : sorts;
}

/** A sort's name in the page's language. */
export function sortLabel(value: SortValue, t: Translate): string {
  switch (value) {
    case 'relevance':
      return t('store.sort.relevance');
    case 'title':
      return t('store.sort.titleAsc');
    case '-title':
      return t('store.sort.titleDesc');
    case '-price':
      return t('store.sort.priceDesc');
    case 'price':
      return t('store.sort.priceAsc');
    case '-createdAt':
      return t('store.sort.newest');
    case 'createdAt':
      return t('store.sort.oldest');
  }
}

export function sortOptions(query: { q: string }, t: Translate): { value: SortValue; label: string }[] {
  return sortValues(query).map((value) => ({ value, label: sortLabel(value, t) }));
}

export type StoreQuery = {
  category: string[];
  brand: string[];
  tags: string[];
  /** Sizes (the category's size option), any of which a product has in stock. */
  size: string[];
  availability: Availability | null;
  /** Rupees as typed (digits, optional paise); '' when not set. */
  min: string;
  max: string;
  sort: SortValue;
  page: number;
  /** Free text from the header search. */
  q: string;
};

export const STORE_PAGE_SIZE = 24;
export const DEFAULT_SORT: SortValue = '-createdAt';
const MAX_PAGE = 10_000;
const MAX_VALUES = 30;
const PRICE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

export const emptyStoreQuery: StoreQuery = {
  category: [],
  brand: [],
  tags: [],
  size: [],
  availability: null,
  min: '',
  max: '',
  sort: DEFAULT_SORT,
  page: 1,
  q: '',
};

function list(params: URLSearchParams, key: string): string[] {
  const values = params
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v && v.length <= 100);
  return [...new Set(values)].slice(0, MAX_VALUES);
}

/** A rupee amount as the shopper typed it, or '' when it is not one. */
export function cleanPrice(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return PRICE_PATTERN.test(trimmed) ? trimmed : '';
}

/**
 * Reads the store's state from a query string. Anything the API would reject (an unknown tag or
 * sort, a price that is not a number, page 0) is dropped here, so a hand-edited address still shows
 * a listing instead of an error.
 */
export function parseStoreQuery(search: string | URLSearchParams): StoreQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const availability = params.get('availability');
  const sort = params.get('sort');
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,5}$/.test(pageText) ? Math.min(MAX_PAGE, Math.max(1, Number(pageText))) : 1;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  return {
    category: list(params, 'category'),
    brand: list(params, 'brand'),
    tags: list(params, 'tags').filter((t) => (PRODUCT_TAGS as readonly string[]).includes(t)),
    size: list(params, 'size'),
    availability: (AVAILABILITY_VALUES as readonly string[]).includes(availability ?? '')
      ? (availability as Availability)
      : null,
    min: cleanPrice(params.get('min')),
    max: cleanPrice(params.get('max')),
    sort: sortValues({ q }).includes(sort as SortValue) ? (sort as SortValue) : defaultSort({ q }),
    page,
    q,
  };
}

/** The store's address for a state: only what differs from the defaults, in a stable order. */
export function storeSearch(query: StoreQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const value of query.category) params.append('category', value);
  for (const value of query.brand) params.append('brand', value);
  for (const value of query.tags) params.append('tags', value);
  for (const value of query.size) params.append('size', value);
  if (query.availability) params.set('availability', query.availability);
  if (query.min) params.set('min', query.min);
  if (query.max) params.set('max', query.max);
  // Relevance is a search's default, and means nothing without one.
  if (query.sort !== 'relevance' && query.sort !== defaultSort(query)) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params.toString();
}

export function storeHref(query: StoreQuery): string {
  const search = storeSearch(query);
  return search ? `/product?${search}` : '/product';
}

type FiltersQuery = QueryOf<typeof productFacets>;
type ListQuery = QueryOf<typeof listProducts>;

/** The filters in the API's words (GET /api/product and /api/product/facets). */
function apiFilters(query: StoreQuery): FiltersQuery {
  const filters: FiltersQuery = {};
  if (query.category.length) filters.category = query.category.join(',');
  if (query.brand.length) filters.brand = query.brand.join(',');
  if (query.tags.length) filters.tags = query.tags.join(',');
  if (query.size.length) filters.size = query.size.join(',');
  if (query.availability) filters.availability = query.availability;
  if (query.min) filters['price[gte]'] = query.min;
  if (query.max) filters['price[lte]'] = query.max;
  if (query.q) filters.q = query.q;
  return filters;
}

/** One page of the listing: the filters, the sort and the page. */
export function productsApiQuery(query: StoreQuery, limit = STORE_PAGE_SIZE): ListQuery {
  const listed: ListQuery = { ...apiFilters(query) };
  // Relevance is the order of a search that names no sort.
  if (query.sort !== 'relevance') listed.sort = query.sort;
  listed.page = String(query.page);
  listed.limit = String(limit);
  return listed;
}

export function facetsApiQuery(query: StoreQuery): FiltersQuery {
  return apiFilters(query);
}

/** A change of filters starts again at page 1. */
export function withFilters(query: StoreQuery, patch: Partial<Omit<StoreQuery, 'page'>>): StoreQuery {
  return { ...query, ...patch, page: 1 };
}

export function toggleValue(values: readonly string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** The message under the price fields, or null when the range is fine. */
export function priceRangeError(min: string, max: string, t: Translate): string | null {
  const from = min.trim();
  const to = max.trim();
  if (from && !cleanPrice(from)) return t('store.price.badFrom');
  if (to && !cleanPrice(to)) return t('store.price.badTo');
  if (from && to && Number(from) > Number(to)) return t('store.price.fromAboveTo');
  return null;
}

export function hasFilters(query: StoreQuery): boolean {
  return Boolean(
    query.category.length ||
      query.brand.length ||
      query.tags.length ||
      query.size.length ||
      query.availability ||
      query.min ||
      query.max ||
      query.q,
  );
}

/** "Showing 25-48 of 72". */
export function showingText(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  t: Translate,
): string {
  if (total === 0 || shown === 0) return t('store.showingNone', { total });
  const first = (page - 1) * pageSize + 1;
  return t('store.showing', { first, last: first + shown - 1, total });
}

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 12. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const around = [current - 1, current, current + 1].filter((p) => p > 1 && p < pages);
  const result: (number | null)[] = [1];
  if ((around[0] ?? pages) > 2) result.push(null);
  result.push(...around);
  if ((around.at(-1) ?? 1) < pages - 1) result.push(null);
  result.push(pages);
  return result;
}
