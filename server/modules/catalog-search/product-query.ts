import {
  AVAILABILITY_VALUES,
  type Availability,
  PRODUCT_LIST_DEFAULT_LIMIT,
  PRODUCT_LIST_MAX_LIMIT,
  PRODUCT_SORT_FIELDS,
  PRODUCT_TAGS,
  type ProductSortField,
} from '../../../shared/catalog.js';
import { rupeesToPaise } from '../../../shared/money.js';
import { badRequest } from '../../lib/errors.js';

export type PriceBound = { paise: number; inclusive: boolean };
/** `relevance` is not a client's choice: it is the order of a search that names no sort. */
export type ProductSort = { field: ProductSortField | 'relevance'; direction: 'asc' | 'desc' };

/** What a product listing asks for, after validation. Empty lists mean "any". */
export type ProductFilters = {
  brands: string[];
  categories: string[];
  tags: string[];
  /** Values of the products' size option, any of which a product must have in stock. */
  sizes?: string[];
  min?: PriceBound;
  max?: PriceBound;
  availability?: Availability;
  q?: string;
};

export type ProductListQuery = ProductFilters & { sort: ProductSort[]; page: number; limit: number };

type RawQuery = Record<string, string | string[] | undefined>;

const PRICE_KEYS: Record<string, { side: 'min' | 'max'; inclusive: boolean }> = {
  'price[gte]': { side: 'min', inclusive: true },
  'price[gt]': { side: 'min', inclusive: false },
  'price[lte]': { side: 'max', inclusive: true },
  'price[lt]': { side: 'max', inclusive: false },
};
const LIST_KEYS = new Set(['brand', 'category', 'tags', 'tag', 'size']);
const SCALAR_KEYS = new Set(['sort', 'page', 'limit', 'availability', 'q']);
const MAX_PRICE_RUPEES = 100_000_000;
const MAX_Q_LENGTH = 100;
const MAX_VALUES_PER_FILTER = 30;

/**
 * Parses the store's query string as real clients send it: `brand=X&&tags=featured&&price[gte]=100&&`.
 * Empty segments are ignored; anything unknown or malformed (`price[$ne]=1`, `sort=password`,
 * `price[gte]=abc`) is a 400 with a message, never a silent ignore and never an injection.
 */
export function parseProductListQuery(
  raw: RawQuery,
  options: { limitWhenAbsent?: number } = {},
): ProductListQuery {
  const filters = parseProductFilters(raw, new Set(['sort', 'page', 'limit']));
  const limit = single(raw, 'limit');
  const sort = single(raw, 'sort');
  return {
    ...filters,
    sort: !sort && filters.q ? [{ field: 'relevance', direction: 'desc' }] : parseSort(sort),
    page: parsePositiveInt(single(raw, 'page'), 'page', 1, 1, 10_000),
    limit:
      limit === undefined && options.limitWhenAbsent
        ? options.limitWhenAbsent
        : parsePositiveInt(limit, 'limit', PRODUCT_LIST_DEFAULT_LIMIT, 1, PRODUCT_LIST_MAX_LIMIT),
  };
}

/** The filter part alone (facets take the same filters but no sort or paging). */
export function parseProductFilters(
  raw: RawQuery,
  alsoAllowed: ReadonlySet<string> = new Set(),
): ProductFilters {
  for (const key of Object.keys(raw)) {
    if (key === '') continue;
    if (LIST_KEYS.has(key) || key in PRICE_KEYS || SCALAR_KEYS.has(key) || alsoAllowed.has(key)) continue;
    throw badRequest(`Unknown filter "${truncate(key)}".`);
  }
  const filters: ProductFilters = {
    brands: listValues(raw, 'brand'),
    categories: listValues(raw, 'category'),
    tags: [...listValues(raw, 'tags'), ...listValues(raw, 'tag')],
  };
  const sizes = listValues(raw, 'size');
  if (sizes.length) filters.sizes = sizes;
  for (const tag of filters.tags) {
    if (!(PRODUCT_TAGS as readonly string[]).includes(tag)) {
      throw badRequest(`Unknown tag "${truncate(tag)}". Use one of: ${PRODUCT_TAGS.join(', ')}.`);
    }
  }
  for (const [key, { side, inclusive }] of Object.entries(PRICE_KEYS)) {
    const value = single(raw, key);
    if (value === undefined) continue;
    const bound = { paise: parsePrice(value, key), inclusive };
    if (filters[side]) throw badRequest(`Give only one lower and one upper price bound.`);
    filters[side] = bound;
  }
  const availability = single(raw, 'availability');
  if (availability !== undefined) {
    if (!(AVAILABILITY_VALUES as readonly string[]).includes(availability)) {
      throw badRequest(`availability must be one of: ${AVAILABILITY_VALUES.join(', ')}.`);
    }
    filters.availability = availability as Availability;
  }
  const q = single(raw, 'q')?.trim();
  if (q) {
    if (q.length > MAX_Q_LENGTH) throw badRequest(`Search text must be at most ${MAX_Q_LENGTH} characters.`);
    filters.q = q;
  }
  return filters;
}

function single(raw: RawQuery, key: string): string | undefined {
  const value = raw[key];
  if (Array.isArray(value)) {
    const present = value.filter((v) => v !== '');
    if (present.length > 1) throw badRequest(`"${key}" may be given only once.`);
    return present[0];
  }
  return value === '' ? undefined : value;
}

/** Repeated keys and comma lists both work: `brand=LG&brand=Sony` or `brand=LG,Sony`. */
function listValues(raw: RawQuery, key: string): string[] {
  const value = raw[key];
  if (value === undefined) return [];
  const values = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.length > MAX_VALUES_PER_FILTER) throw badRequest(`Too many values for "${key}".`);
  if (values.some((v) => v.length > 100)) throw badRequest(`A "${key}" value is too long.`);
  return [...new Set(values)];
}

function parsePrice(value: string, key: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value.trim())) {
    throw badRequest(`${key} must be a price in rupees, such as 499 or 1299.50.`);
  }
  const rupees = Number(value);
  if (rupees > MAX_PRICE_RUPEES) throw badRequest(`${key} is too large.`);
  return rupeesToPaise(rupees);
}

function parseSort(value: string | undefined): ProductSort[] {
  if (!value) return [{ field: 'createdAt', direction: 'desc' }];
  const seen = new Set<string>();
  const sorts: ProductSort[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const direction = part.startsWith('-') ? 'desc' : 'asc';
    const field = part.replace(/^[-+]/, '');
    if (!(PRODUCT_SORT_FIELDS as readonly string[]).includes(field)) {
      throw badRequest(`Cannot sort by "${truncate(field)}". Use one of: ${PRODUCT_SORT_FIELDS.join(', ')}.`);
    }
    if (seen.has(field)) continue;
    seen.add(field);
    sorts.push({ field: field as ProductSortField, direction });
  }
  return sorts.length ? sorts : [{ field: 'createdAt', direction: 'desc' }];
}

function parsePositiveInt(
  value: string | undefined,
  key: string,
  fallback: number,
  min: number,
  max: number,
) {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value)) throw badRequest(`${key} must be a whole number.`);
  const n = Number(value);
  if (n < min || n > max) throw badRequest(`${key} must be between ${min} and ${max}.`);
  return n;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
