/**
 * The filter panel from the snapshot: a list's counts in one pass over the groups, and a search's
 * from its matches grouped by the snapshot's groups (a word's groups kept for the next panel).
 */

import type { FacetCounts, ResolvedFilters } from './catalog.repository.js';
import { countFacetGroups, priceRange } from './facet-groups.js';
import { firstAtLeast, type Snapshot } from './shelf-snapshot.js';
import { listEqualTo, type TextIndex } from './text-index.js';

/** Matches counted by the snapshot's groups: how many fall in the price range, and each group's price span. */
function groupMatches(s: Snapshot, matches: Int32Array, low: number, high: number) {
  const groups = s.groupCategory.length;
  const inRange = new Int32Array(groups);
  const lowest = new Int32Array(groups).fill(2 ** 31 - 1);
  const highest = new Int32Array(groups).fill(-1);
  const { groupOf, priceOf } = s;
  for (const n of matches) {
    const g = groupOf[n]!;
    const price = priceOf[n]!;
    if (price < lowest[g]!) lowest[g] = price;
    if (price > highest[g]!) highest[g] = price;
    if (price >= low && price <= high) inRange[g]!++;
  }
  return { inRange, lowest, highest };
}

/**
 * A word's products by group, for the filter panel of a search whose matches are exactly one
 * word's postings ("camera", and "camra" corrected to it: 250,000 products at a million, a pass
 * of about 1 ms): counted the first time a panel asks and kept beside the snapshot, like the
 * postings' strength counts (a few kilobytes a word: three numbers a group). Not for a price
 * range, which counts within the groups.
 */
export const WORD_GROUPS_FROM = 20_000;
const wordGroupsOf = new WeakMap<
  Snapshot,
  { index: TextIndex; words: Map<number, ReturnType<typeof groupMatches>> }
>();
function wordGroups(s: Snapshot, index: TextIndex, postings: Int32Array) {
  let kept = wordGroupsOf.get(s);
  if (kept?.index !== index) {
    kept = { index, words: new Map() };
    wordGroupsOf.set(s, kept);
  }
  const { words } = kept;
  // A word's postings are a view of the text index's one array: where it starts names the word.
  let groups = words.get(postings.byteOffset);
  if (!groups) {
    groups = groupMatches(s, postings, 0, 2 ** 31);
    words.set(postings.byteOffset, groups);
  }
  return groups;
}

/** A search's filter panel: its matches grouped by the snapshot's groups, then counted as a list's. */
export function countSearchFacets(
  s: Snapshot,
  matches: Int32Array,
  filters: ResolvedFilters,
  index: TextIndex,
  wordGroupsFrom: number,
): FacetCounts {
  const { low, high, byPrice } = priceRange(filters);
  // Matches that are exactly one word's postings (that word's search, or a search of several
  // whose matches are one word's: listEqualTo) are counted from the word's kept groups.
  const oneWord =
    !byPrice && matches.length >= wordGroupsFrom && filters.textQuery
      ? listEqualTo(index, filters.textQuery, matches)
      : undefined;
  const { inRange, lowest, highest } = oneWord
    ? wordGroups(s, index, oneWord)
    : groupMatches(s, matches, low, high);
  // Groups without matches count nowhere (none in range) and leave the price range alone.
  return countFacetGroups(
    {
      ...s,
      count: s.groupCategory.length,
      inRange: (g) => inRange[g]!,
      lowest: (g) => (highest[g]! < 0 ? Infinity : lowest[g]!),
      highest: (g) => (highest[g]! < 0 ? -Infinity : highest[g]!),
    },
    filters,
  );
}

/** The filter panel from the snapshot's groups, each group's price range by binary search. */
export function countFacets(s: Snapshot, filters: ResolvedFilters): FacetCounts {
  const { low, high, byPrice } = priceRange(filters);
  const { groupStart, prices } = s;
  return countFacetGroups(
    {
      ...s,
      count: s.groupCategory.length,
      inRange: (g) => {
        const from = groupStart[g]!;
        const to = groupStart[g + 1]!;
        return byPrice
          ? firstAtLeast(prices, from, to, high + 1) - firstAtLeast(prices, from, to, low)
          : to - from;
      },
      lowest: (g) => prices[groupStart[g]!]!,
      highest: (g) => prices[groupStart[g + 1]! - 1]!,
    },
    filters,
  );
}
