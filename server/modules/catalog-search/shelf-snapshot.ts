/**
 * The shelf index's snapshot of the products on sale: read from the database (`shelfIndexSource`)
 * into typed arrays, products grouped by category, brand, tags and stock and sorted by price within
 * a group, with each product's rank in every sort; and which groups a list's filters let through.
 */

import { compareSizes } from '../../../shared/catalog.js';
import type { Executor } from '../../db/client.js';
import { chosen, type GroupColumns, priceRange, sizesChosen, tagMaskOf } from './facet-groups.js';
import type { ResolvedFilters } from './shelf-filters.repository.js';
import { shelfIndexSource } from './shelf-source.repository.js';

/** Tags are a bit mask of 16 bits (so a group's key fits a double); more distinct tags: SQL. */
const MAX_TAGS = 16;

/** The sorts a snapshot holds, by the field's name in the API. */
const SORT_FIELDS = ['title', 'price', 'createdAt', 'totalrating', 'sold'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The catalogue as the store's lists and filter panel need it (decision 023), for every product on
 * sale. Products sharing a category, brand, set of tags, in-stock state and sizes in stock form a group (504
 * groups at 100,000 synthetic products, 613 at a million: catalogues have far fewer combinations
 * than products), and each group keeps its products sorted by price. A filter panel is one pass over the groups, with
 * two binary searches per group for a price range; a list's page walks the sort's order testing
 * each product's group, or gathers the matches and sorts them when they are few. The orders are
 * the database's own (its ranks, read with the snapshot), so pages come out exactly as SQL's.
 * About 120 bytes a product, mostly its id (120 MB at a million).
 */
export type Snapshot = GroupColumns<Uint16Array | Uint8Array> & {
  /** Group g's products are at groupStart[g] to groupStart[g + 1] - 1 of prices and members. */
  groupStart: Uint32Array;
  /** Prices ascending within each group. */
  prices: Int32Array;
  /** The product (its ordinal) at each of those positions. */
  members: Uint32Array;
  /** Per product (ordinal): its id, group and price. Ordinals are in A-Z order. */
  ids: string[];
  groupOf: Uint32Array;
  priceOf: Int32Array;
  /** Per sort field: each product's rank, and the products in rank order (ascending). */
  rankOf: Record<SortField, Uint32Array>;
  inOrder: Record<SortField, Uint32Array>;
  /**
   * Per sort field: each group's first and last rank (at 2g and 2g + 1). A walk need not pass
   * the ranks outside its groups' spans: a brand's products sit together in A-Z order, since
   * their names start with the brand, so "Z to A" for Adidas skipped almost the whole catalogue.
   */
  spans: Record<SortField, Uint32Array>;
};

/** Which groups pass the filters other than price, and the price range. */
type Selection = { passes: Uint8Array; low: number; high: number; byPrice: boolean };

class ChangedWhileRead extends Error {}

export async function readSnapshot(db: Executor): Promise<Snapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await readSnapshotOnce(db);
    } catch (error) {
      if (!(error instanceof ChangedWhileRead) || attempt === 3) throw error;
    }
  }
}

async function readSnapshotOnce(db: Executor): Promise<Snapshot> {
  const source = await shelfIndexSource(db);
  const products = source.products;
  const size = products.length;
  const tags = [...new Set(products.flatMap((p) => p.tags))].sort();
  if (tags.length > MAX_TAGS)
    throw new Error(`${tags.length} distinct tags; the shelf index holds ${MAX_TAGS}`);
  if (source.categories.length > 65_535 || source.brands.length > 65_535) {
    throw new Error('more than 65,535 categories or brands');
  }
  const tagBit = new Map(tags.map((tag, n) => [tag, 1 << n]));
  // Sizes in the order the panel lists them; a product's sizes in stock are part of its group.
  const sizes = [...new Set(products.flatMap((p) => p.sizes))].sort(compareSizes);
  const sizeIndex = new Map(sizes.map((size, n) => [size, n]));
  const sizeSets = new Map<string, number[]>();
  const categoryIndex = new Map(source.categories.map((c, n) => [c.id, n]));
  const brandIndex = new Map(source.brands.map((b, n) => [b.id, n]));

  // Each product's group, by a key of category, brand, tags and stock (49 bits: exact in a double),
  // and its sizes (a few sets a shop: S-XL, M-L...) where it has any.
  const groupOfKey = new Map<number | string, number>();
  const keys: number[] = [];
  const groupSizes: number[][] = [];
  const groupOf = new Uint32Array(size);
  const priceOf = new Int32Array(size);
  const ids = new Array<string>(size);
  const rankOf = Object.fromEntries(SORT_FIELDS.map((f) => [f, new Uint32Array(size)])) as Record<
    SortField,
    Uint32Array
  >;
  products.forEach((p, n) => {
    const category = categoryIndex.get(p.categoryId);
    const brand = brandIndex.get(p.brandId);
    // Deleted between the two reads, after its products moved: read again.
    if (category === undefined || brand === undefined) throw new ChangedWhileRead();
    let mask = 0;
    for (const tag of p.tags) mask |= tagBit.get(tag)!;
    const key = ((category * 65_536 + brand) * 65_536 + mask) * 2 + (p.inStock ? 1 : 0);
    const sizesKey = p.sizes.length ? p.sizes.map((size) => sizeIndex.get(size)!).sort((a, b) => a - b) : [];
    const fullKey = sizesKey.length ? `${key}:${sizesKey.join(',')}` : key;
    let group = groupOfKey.get(fullKey);
    if (group === undefined) {
      group = keys.length;
      groupOfKey.set(fullKey, group);
      keys.push(key);
      const setKey = sizesKey.join(',');
      let set = sizeSets.get(setKey);
      if (!set) {
        set = sizesKey;
        sizeSets.set(setKey, set);
      }
      groupSizes.push(set);
    }
    groupOf[n] = group;
    priceOf[n] = p.pricePaise;
    ids[n] = p.id;
    rankOf.title[n] = n;
    rankOf.price[n] = p.priceRank;
    rankOf.createdAt[n] = p.createdRank;
    rankOf.totalrating[n] = p.ratingRank;
    rankOf.sold[n] = p.soldRank;
  });
  const inOrder = Object.fromEntries(
    SORT_FIELDS.map((field) => {
      const order = new Uint32Array(size);
      const ranks = rankOf[field];
      for (let n = 0; n < size; n++) order[ranks[n]!] = n;
      return [field, order];
    }),
  ) as Record<SortField, Uint32Array>;

  // Each group's products, by price: counted, placed, then sorted within the group.
  const groups = keys.length;
  const groupStart = new Uint32Array(groups + 1);
  for (const group of groupOf) groupStart[group + 1]!++;
  for (let g = 0; g < groups; g++) groupStart[g + 1]! += groupStart[g]!;
  const members = new Uint32Array(size);
  const filled = groupStart.slice(0, groups);
  // Walking products in price order places each group's members already sorted by price.
  for (const n of inOrder.price) members[filled[groupOf[n]!]!++] = n;
  const prices = new Int32Array(size);
  for (let at = 0; at < size; at++) prices[at] = priceOf[members[at]!]!;
  const spans = Object.fromEntries(
    SORT_FIELDS.map((field) => {
      const span = new Uint32Array(groups * 2);
      for (let g = 0; g < groups; g++) span[2 * g] = size;
      const ranks = rankOf[field];
      for (let n = 0; n < size; n++) {
        const g = groupOf[n]!;
        const rank = ranks[n]!;
        if (rank < span[2 * g]!) span[2 * g] = rank;
        if (rank > span[2 * g + 1]!) span[2 * g + 1] = rank;
      }
      return [field, span];
    }),
  ) as Record<SortField, Uint32Array>;

  const snapshot: Snapshot = {
    categories: source.categories,
    brands: source.brands,
    tags,
    categoryIndex,
    brandIndex,
    groupCategory: new Uint16Array(groups),
    groupBrand: new Uint16Array(groups),
    groupTags: new Uint16Array(groups),
    groupInStock: new Uint8Array(groups),
    sizes,
    groupSizes,
    groupStart,
    prices,
    members,
    ids,
    groupOf,
    priceOf,
    rankOf,
    inOrder,
    spans,
  };
  keys.forEach((key, g) => {
    snapshot.groupInStock[g] = key % 2;
    const rest = Math.floor(key / 2);
    snapshot.groupTags[g] = rest % 65_536;
    snapshot.groupBrand[g] = Math.floor(rest / 65_536) % 65_536;
    snapshot.groupCategory[g] = Math.floor(rest / 65_536 / 65_536);
  });
  return snapshot;
}

/** The first position in prices[from, to) holding at least `value` (prices ascending). */
export function firstAtLeast(prices: Int32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (prices[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first position in `order` (price order) whose product costs `value` or more. */
export function firstInPriceOrder(order: Uint32Array, priceOf: Int32Array, value: number): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (priceOf[order[middle]!]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Which groups a list's filters let through (price aside), and its price range in whole paise. */
export function select(s: Snapshot, filters: ResolvedFilters): Selection {
  const categories = filters.categories.length
    ? chosen(filters.categoryIds, s.categoryIndex, s.categories.length)
    : undefined;
  const brands = filters.brands.length ? chosen(filters.brandIds, s.brandIndex, s.brands.length) : undefined;
  const tagMask = tagMaskOf(s, filters.tags);
  const sizes = filters.sizes?.length ? sizesChosen(s, filters.sizes) : undefined;
  const passes = new Uint8Array(s.groupCategory.length);
  for (let g = 0; g < passes.length; g++) {
    passes[g] =
      (!categories || categories[s.groupCategory[g]!] === 1) &&
      (!sizes || s.groupSizes[g]!.some((n) => sizes[n] === 1)) &&
      (!brands || brands[s.groupBrand[g]!] === 1) &&
      (filters.tags.length === 0 || (s.groupTags[g]! & tagMask) !== 0) &&
      (filters.availability === undefined ||
        (s.groupInStock[g] === 1) === (filters.availability === 'in-stock'))
        ? 1
        : 0;
  }
  return { passes, ...priceRange(filters) };
}
