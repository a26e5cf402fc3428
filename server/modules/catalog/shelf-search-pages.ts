/**
 * A search's page from the snapshot and the text index: its matches passing the other filters, by
 * relevance (from the best sellers where that pays, else every match ranked) or by a sort's ranks,
 * and how many pass.
 */

import type { ResolvedFilters } from './catalog.repository.js';
import { bestSellersOf, firstByTiers, firstByWalking, TIE_ROOM } from './shelf-best-sellers.js';
import { FirstInOrder } from './shelf-pages.js';
import { type Snapshot, type SortField, select } from './shelf-snapshot.js';
import {
  coveringList,
  matchPositions,
  matchText,
  patternOverList,
  rankText,
  type TextIndex,
  type TextQuery,
} from './text-index.js';

/**
 * A page of a search's matches passing the other filters: by relevance (best sellers, then the
 * later id, first among equals, as SQL's `sold desc, id desc`) or by a sort's ranks, kept in a
 * heap; and how many pass.
 */
export function searchPageOf(
  s: Snapshot,
  index: TextIndex,
  query: TextQuery,
  filters: ResolvedFilters,
  order: 'relevance' | { field: SortField; descending: boolean },
  offset: number,
  limit: number,
  {
    walkAlways,
    tiersFrom,
    walkTiers,
    sparsePatternsOver,
  }: { walkAlways: boolean; tiersFrom: number; walkTiers: boolean; sparsePatternsOver: number | undefined },
): { ids: string[]; total: number } | undefined {
  if (s.ids.length >= TIE_ROOM) return undefined;
  const { passes, low, high, byPrice } = select(s, filters);
  const { groupOf, priceOf } = s;
  // A search with no other filter (the search box's) counts its matches as they are.
  let everyGroup = !byPrice;
  for (let g = 0; everyGroup && g < passes.length; g++) everyGroup = passes[g] === 1;
  const pageOfMatches = (ordinals: Int32Array, keyOf: (i: number) => number) => {
    const first = new FirstInOrder(offset + limit, keyOf);
    let total = 0;
    for (let i = 0; i < ordinals.length; i++) {
      if (!everyGroup) {
        const n = ordinals[i]!;
        if (passes[groupOf[n]!] === 0) continue;
        const price = priceOf[n]!;
        if (price < low || price > high) continue;
      }
      total++;
      // Most matches fall short of the page: turned away on their key alone.
      const key = keyOf(i);
      if (key < first.bar) first.offerKeyed(i, key);
    }
    const ids = first
      .inOrder()
      .slice(offset)
      .map((i) => s.ids[ordinals[i]!]!);
    return { ids, total };
  };
  if (order === 'relevance') {
    const accept = everyGroup
      ? undefined
      : (n: number) => {
          if (passes[groupOf[n]!] === 0) return false;
          const price = priceOf[n]!;
          return price >= low && price <= high;
        };
    const walked = firstByWalking(s, index, query, accept, offset + limit, walkAlways);
    if (walked) return { ids: walked.page.slice(offset).map((n) => s.ids[n]!), total: walked.total };
    return rankText(
      index,
      query,
      (ordinals, ranks, patterns) => {
        // Many matches over the whole shelf: the page is the best ranks' few and one tier's best
        // sellers (fewer, reading them all in one pass is as fast).
        if (patterns && !accept && ordinals.length >= tiersFrom) {
          const list = coveringList(index, query);
          const bestFirst = list && bestSellersOf(s, index, list);
          const page = firstByTiers(
            s,
            ordinals,
            patterns,
            () => matchPositions(index, query),
            offset + limit,
            walkTiers,
            list && bestFirst
              ? { list, bestFirst, patternOver: () => patternOverList(index, query, list) }
              : undefined,
          );
          return { ids: page.slice(offset).map((n) => s.ids[n]!), total: ordinals.length };
        }
        const { page, total } = firstByRank(s, ordinals, ranks(), accept, offset + limit);
        return { ids: page.slice(offset).map((n) => s.ids[n]!), total };
      },
      { sparsePatternsOver },
    );
  }
  const ranks = s.rankOf[order.field];
  const ordinals = matchText(index, query);
  return pageOfMatches(
    ordinals,
    order.descending ? (i) => -ranks[ordinals[i]!]! : (i) => ranks[ordinals[i]!]!,
  );
}

/**
 * The first `k` matches passing `accept` by rank (`ranks[i]` the i-th's), best sellers first among
 * equals, and how many pass: one tight pass, most matches turned away on their rank alone.
 */
function firstByRank(
  s: Snapshot,
  ordinals: Int32Array,
  ranks: Uint32Array,
  accept: ((n: number) => boolean) | undefined,
  k: number,
): { page: number[]; total: number } {
  const sold = s.rankOf.sold;
  const first = new FirstInOrder(k, () => 0);
  // While the page is full, the rank and best-seller rank of its last: a match enters only above.
  let barRank = 0;
  let barSold = -1;
  let total = 0;
  for (let i = 0; i < ordinals.length; i++) {
    const n = ordinals[i]!;
    if (accept && !accept(n)) continue;
    total++;
    const rank = ranks[i]!;
    if (rank < barRank || (rank === barRank && sold[n]! <= barSold)) continue;
    // Exact in a double: the rank's bits are below 2^31, the best-seller rank below 2^22.
    first.offerKeyed(n, -(rank * TIE_ROOM + sold[n]!));
    const bar = first.bar;
    if (bar !== Infinity) {
      barRank = Math.floor(-bar / TIE_ROOM);
      barSold = -bar - barRank * TIE_ROOM;
    }
  }
  return { page: first.inOrder(), total };
}
