/** Catalogue vocabulary shared by the store page (URLs, labels) and the API (validation). */

/** The tags a product may carry, in priority order (see `primaryTag`). */
export const PRODUCT_TAGS = ['featured', 'special', 'popular'] as const;

/**
 * The one tag of a product as the original API answered it (`tags: "featured"`, `""` when none):
 * clients of that API compare `tags === 'featured'`. A product with several tags shows its first
 * in PRODUCT_TAGS order, featured before special before popular: the order of the home page's
 * sections, and on the demo catalogue it leaves every section with products (22 featured,
 * 16 special, 15 popular). Our own pages read the whole set from `tagList`.
 */
export function primaryTag(tags: readonly string[]): string {
  return PRODUCT_TAGS.find((tag) => tags.includes(tag)) ?? tags[0] ?? '';
}

/** The six sorts of the store page, with the labels shoppers see. */
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

/**
 * Without `limit` a list answers the most it ever answers: clients of the original API page
 * nothing and expect the whole catalogue. Our own pages always send their own, smaller limit.
 */
export const PRODUCT_LIST_MAX_LIMIT = 100;
export const PRODUCT_LIST_DEFAULT_LIMIT = PRODUCT_LIST_MAX_LIMIT;
export const SEARCH_MIN_LENGTH = 2;
export const SUGGESTIONS_MAX = 10;

/** "Only N left" below this many units. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The console's product table counts matches up to this many ("10,000+" past it), and so does the
 * dashboard's count of products missing a language, which links to that table.
 */
export const ADMIN_PRODUCTS_COUNT_CAP = 10_000;

export type StockState = { kind: 'in-stock' } | { kind: 'low'; left: number } | { kind: 'out-of-stock' };

export function stockState(quantity: number): StockState {
  if (quantity <= 0) return { kind: 'out-of-stock' };
  if (quantity <= LOW_STOCK_THRESHOLD) return { kind: 'low', left: quantity };
  return { kind: 'in-stock' };
}

/** Width of the stock bar: quantity / (quantity + sold), as a percentage. */
export function stockBarPercent(quantity: number, sold: number): number {
  const total = quantity + sold;
  return total <= 0 ? 0 : Math.round((quantity / total) * 100);
}

/** Letter sizes smallest first, as shops list them; other sizes go by their number ("UK 7", "32"). */
const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '2XL', '3XL', 'XXXL', '4XL', '5XL'];
const letterRank = (size: string) => LETTER_SIZES.indexOf(size.trim().toUpperCase());

/**
 * The order a size filter lists sizes in: letter sizes small to large, then numbered ones by their
 * number (UK 6 before UK 10, 28 before 32), then anything else alphabetically.
 */
export function compareSizes(a: string, b: string): number {
  const [la, lb] = [letterRank(a), letterRank(b)];
  if (la !== -1 || lb !== -1) return la === -1 ? 1 : lb === -1 ? -1 : la - lb;
  const [na, nb] = [a, b].map((s) => Number(/\d+(\.\d+)?/.exec(s)?.[0] ?? Number.NaN));
  if (!Number.isNaN(na!) || !Number.isNaN(nb!)) {
    if (Number.isNaN(na!)) return 1;
    if (Number.isNaN(nb!)) return -1;
    if (na !== nb) return na! - nb!;
  }
  return a.localeCompare(b, 'en');
}
