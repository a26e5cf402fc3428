import {
  type FacetCount,
  type FacetCounts,
  type FacetGroupRow,
  offersSizes,
} from './facet-counts.repository.js';
import type { ResolvedFilters } from './shelf-filters.repository.js';

/**
 * Products grouped by what the filter panel counts (category, brand, tags, in stock), with how many
 * of each group lie in the price range asked for and the group's lowest and highest price (decision
 * 023). The shelf index holds such groups for the whole catalogue; a search's matches are grouped
 * by the database (`searchFacetGroups`). Categories and brands are positions in the lists given,
 * tags bits of `tags`.
 */
export type FacetGroups = GroupColumns<ArrayLike<number>> & {
  count: number;
  inRange(group: number): number;
  lowest(group: number): number;
  highest(group: number): number;
};

/** The taxonomy the groups point into, and each group's category, brand, tags and stock. */
export type GroupColumns<Column> = {
  categories: { id: string; title: string }[];
  brands: { id: string; title: string }[];
  tags: string[];
  categoryIndex: Map<string, number>;
  brandIndex: Map<string, number>;
  groupCategory: Column;
  groupBrand: Column;
  groupTags: Column;
  groupInStock: Column;
  /** Sizes in the panel's order (compareSizes), and each group's sizes in stock, as positions in it. */
  sizes: string[];
  groupSizes: ArrayLike<readonly number[]>;
};

/** Which filter other than price a group fails; price is per product (the group's range). */
const CATEGORY = 1;
const BRAND = 2;
const TAGS = 4;
const AVAILABILITY = 8;
const SIZE = 16;

/**
 * The filter panel: each facet counts the products passing every filter but its own, so a shopper
 * who picked one brand still sees how many the other brands have. The same answer as the SQL
 * counts (facet-counts.repository.ts facetCounts; shelf-index.test.ts holds them equal).
 */
export function countFacetGroups(groups: FacetGroups, filters: ResolvedFilters): FacetCounts {
  const byCategory = filters.categories.length > 0;
  const byBrand = filters.brands.length > 0;
  const categoryChosen = chosen(filters.categoryIds, groups.categoryIndex, groups.categories.length);
  const brandChosen = chosen(filters.brandIds, groups.brandIndex, groups.brands.length);
  const tagMask = tagMaskOf(groups, filters.tags);
  const byTags = filters.tags.length > 0;
  const availability = filters.availability;
  const sizeChosen = filters.sizes?.length ? sizesChosen(groups, filters.sizes) : undefined;

  const sizeCounts = new Int32Array(groups.sizes.length);
  const categoryCounts = new Int32Array(groups.categories.length);
  const brandCounts = new Int32Array(groups.brands.length);
  const tagCounts = new Int32Array(groups.tags.length);
  let inStock = 0;
  let outOfStock = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let g = 0; g < groups.count; g++) {
    // The filters other than price this group fails (all its products alike); more than one: none
    // of its products counts anywhere.
    let failed = 0;
    let fails = 0;
    if (byCategory && categoryChosen[groups.groupCategory[g]!] === 0) {
      failed = CATEGORY;
      fails++;
    }
    if (byBrand && brandChosen[groups.groupBrand[g]!] === 0) {
      failed = BRAND;
      if (++fails > 1) continue;
    }
    const tags = groups.groupTags[g]!;
    if (byTags && (tags & tagMask) === 0) {
      failed = TAGS;
      if (++fails > 1) continue;
    }
    const sizes = groups.groupSizes[g]!;
    if (sizeChosen && !sizes.some((n) => sizeChosen[n] === 1)) {
      failed = SIZE;
      if (++fails > 1) continue;
    }
    const stocked = groups.groupInStock[g] === 1;
    if (availability !== undefined && stocked !== (availability === 'in-stock')) {
      failed = AVAILABILITY;
      if (++fails > 1) continue;
    }
    if (fails === 0) {
      // The price facet leaves out the price filter: every product of the group counts for it.
      min = Math.min(min, groups.lowest(g));
      max = Math.max(max, groups.highest(g));
    }
    // Its products within the price range pass the price filter; those outside fail it too.
    const inRange = groups.inRange(g);
    if (inRange === 0) continue;
    if (fails === 0 || failed === CATEGORY) categoryCounts[groups.groupCategory[g]!]! += inRange;
    if (fails === 0 || failed === BRAND) brandCounts[groups.groupBrand[g]!]! += inRange;
    if ((fails === 0 || failed === TAGS) && tags !== 0) {
      for (let bit = 0; bit < groups.tags.length; bit++) if (tags & (1 << bit)) tagCounts[bit]! += inRange;
    }
    if (fails === 0 || failed === AVAILABILITY) {
      if (stocked) inStock += inRange;
      else outOfStock += inRange;
    }
    if (fails === 0 || failed === SIZE) for (const n of sizes) sizeCounts[n]! += inRange;
  }
  const listed = (entries: { title: string }[], counts: Int32Array): FacetCount[] =>
    entries.map((entry, n) => ({ value: entry.title, count: counts[n]! }));
  return {
    categories: listed(groups.categories, categoryCounts),
    brands: listed(groups.brands, brandCounts),
    tags: groups.tags.flatMap((tag, n) => (tagCounts[n]! > 0 ? [{ value: tag, count: tagCounts[n]! }] : [])),
    availability: { inStock, outOfStock },
    price: min === Infinity ? { min: 0, max: 0 } : { min, max },
    sizes: offersSizes(filters)
      ? groups.sizes.flatMap((size, n) =>
          sizeCounts[n]! > 0 ? [{ value: size, count: sizeCounts[n]! }] : [],
        )
      : [],
  };
}

/** A flag per size of the groups: whether the filter names it. */
export function sizesChosen(groups: { sizes: string[] }, sizes: string[]): Uint8Array {
  const picked = new Uint8Array(groups.sizes.length);
  for (const size of sizes) {
    const n = groups.sizes.indexOf(size);
    if (n >= 0) picked[n] = 1;
  }
  return picked;
}

/** A flag per category or brand: whether the filter names it. */
export function chosen(ids: string[] | undefined, index: Map<string, number>, size: number): Uint8Array {
  const picked = new Uint8Array(size);
  for (const id of ids ?? []) {
    const n = index.get(id);
    if (n !== undefined) picked[n] = 1;
  }
  return picked;
}

export function tagMaskOf(groups: { tags: string[] }, tags: string[]): number {
  let mask = 0;
  for (const tag of tags) {
    const n = groups.tags.indexOf(tag);
    if (n >= 0) mask |= 1 << n;
  }
  return mask;
}

/** Prices are whole paise, so an exclusive bound is the inclusive one a paisa further in. */
export function priceRange(filters: ResolvedFilters): { low: number; high: number; byPrice: boolean } {
  return {
    low: filters.min ? filters.min.paise + (filters.min.inclusive ? 0 : 1) : 0,
    high: filters.max ? filters.max.paise - (filters.max.inclusive ? 0 : 1) : 2 ** 31,
    byPrice: filters.min !== undefined || filters.max !== undefined,
  };
}

/**
 * A search's matches grouped by the database (`searchFacetGroups` rows) as FacetGroups: tags become
 * bits of the tags seen, in order.
 */
export function facetGroupsOf(
  all: FacetGroupRow[],
  taxonomy: { categories: { id: string; title: string }[]; brands: { id: string; title: string }[] },
): FacetGroups {
  const categoryIndex = new Map(taxonomy.categories.map((c, n) => [c.id, n]));
  const brandIndex = new Map(taxonomy.brands.map((b, n) => [b.id, n]));
  // A category or brand created after the matches were read is not in the panel yet.
  const known = all.filter((row) => categoryIndex.has(row.categoryId) && brandIndex.has(row.brandId));
  const tags = [...new Set(known.flatMap((row) => row.tags))].sort();
  if (tags.length > 31) throw new Error(`${tags.length} distinct tags in one search's matches`);
  const rows = known;
  return {
    ...taxonomy,
    tags,
    categoryIndex,
    brandIndex,
    count: rows.length,
    groupCategory: rows.map((row) => categoryIndex.get(row.categoryId)!),
    groupBrand: rows.map((row) => brandIndex.get(row.brandId)!),
    groupTags: rows.map((row) => row.tags.reduce((mask, tag) => mask | (1 << tags.indexOf(tag)), 0)),
    groupInStock: rows.map((row) => (row.inStock ? 1 : 0)),
    // A search's groups hold no sizes: a search within sizes, or its sizes, are counted by SQL.
    sizes: [],
    groupSizes: rows.map(() => []),
    inRange: (g) => rows[g]!.inRange,
    lowest: (g) => rows[g]!.lowest,
    highest: (g) => rows[g]!.highest,
  };
}
