/** Catalogue vocabulary shared by the store page (URLs, labels) and the API (validation). */

export const PRODUCT_TAGS = ['featured', 'special', 'popular'] as const;

/** The six sorts of the store page, with the labels of the spec (section 2). */
export const PRODUCT_SORT_OPTIONS = [
  { value: 'title', label: 'Alphabetically, A-Z' },
  { value: '-title', label: 'Alphabetically, Z-A' },
  { value: '-price', label: 'Price, high to low' },
  { value: 'price', label: 'Price, low to high' },
  { value: '-createdAt', label: 'Date, new to old' },
  { value: 'createdAt', label: 'Date, old to new' },
] as const;

/** Fields a `sort` may name (each optionally prefixed with '-'); the API rejects others. */
export const PRODUCT_SORT_FIELDS = ['title', 'price', 'createdAt', 'totalrating', 'sold'] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];

export const AVAILABILITY_VALUES = ['in-stock', 'out-of-stock'] as const;
export type Availability = (typeof AVAILABILITY_VALUES)[number];

export const PRODUCT_LIST_DEFAULT_LIMIT = 24;
export const PRODUCT_LIST_MAX_LIMIT = 100;
export const SEARCH_MIN_LENGTH = 2;
export const SUGGESTIONS_MAX = 10;

/** "Only N left" below this many units. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = { kind: 'in-stock' } | { kind: 'low'; left: number } | { kind: 'out-of-stock' };

export function stockState(quantity: number): StockState {
  if (quantity <= 0) return { kind: 'out-of-stock' };
  if (quantity <= LOW_STOCK_THRESHOLD) return { kind: 'low', left: quantity };
  return { kind: 'in-stock' };
}

/** Width of the stock bar (spec section 3): quantity / (quantity + sold), as a percentage. */
export function stockBarPercent(quantity: number, sold: number): number {
  const total = quantity + sold;
  return total <= 0 ? 0 : Math.round((quantity / total) * 100);
}
