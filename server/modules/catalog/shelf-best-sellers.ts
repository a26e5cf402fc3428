/**
 * A search's page by relevance from its best sellers, without ranking every match: a walk of the
 * best sellers ranking only the matches it meets (`firstByWalking`), or the ranks' tiers counted
 * and only the last tier's best sellers walked (`firstByTiers`); the lists' best-seller orders
 * they walk are kept beside the snapshot.
 */

import { FirstInOrder } from './shelf-pages.js';
import type { Snapshot } from './shelf-snapshot.js';
import {
  coveringList,
  createRanker,
  isIndexList,
  matchText,
  type Patterns,
  type Ranker,
  sameView,
  type TextIndex,
  type TextQuery,
} from './text-index.js';

/** Room below a relevance key for the best-seller rank that breaks ties (4,194,304 products). */
export const TIE_ROOM = 2 ** 22;

/** How many lists' best-seller orders a snapshot keeps (`bestSellersOf`): 8 bytes a posting. */
const MOST_BEST_SELLER_ORDERS = 32;
/** How many lists' asks a snapshot counts before it forgets them (`bestSellersOf`). */
const MOST_ASKS_COUNTED = 10_000;
const bestSellerOrders = new WeakMap<
  Snapshot,
  { index: TextIndex; orders: Map<number, BestSellers>; asks: Map<number, number> }
>();

/** A list's positions, best seller first, and the products at them (read in that order, in one place). */
type BestSellers = { positions: Int32Array; products: Int32Array };

/**
 * The positions of one of the index's lists (`coveringList`), best seller first: a walk of the
 * best sellers holding a query's matches then meets only the list's products, a read after the
 * other, instead of every product and, for each, a bit of the matches far from the last ("boat
 * earbuds" at a million: a page of 24 from its tier of 9,278 in about 140 of earbud's products,
 * not 2,600 of the shelf's). Made when a search asks for the list the second time (a sort of
 * the list, or for a long one a pass over the best sellers: up to some 30 ms at a million, so a
 * word searched once never pays it) and kept with the snapshot, whose best-seller ranks it
 * follows, the MOST_BEST_SELLER_ORDERS most recently asked. Undefined until then (the walk goes
 * over every product), and for a search's own array of matches.
 */
export function bestSellersOf(s: Snapshot, index: TextIndex, list: Int32Array): BestSellers | undefined {
  if (list.length === 0 || !isIndexList(index, list)) return undefined;
  let kept = bestSellerOrders.get(s);
  if (!kept || kept.index !== index) {
    kept = { index, orders: new Map(), asks: new Map() };
    bestSellerOrders.set(s, kept);
  }
  // A list is where it starts in the index's postings (no two lists start at one place).
  const key = list.byteOffset;
  const found = kept.orders.get(key);
  if (found) {
    // Asked again: now the most recent (a Map keeps its keys in the order they were set).
    kept.orders.delete(key);
    kept.orders.set(key, found);
    return found;
  }
  const asks = (kept.asks.get(key) ?? 0) + 1;
  if (asks < 2) {
    if (kept.asks.size >= MOST_ASKS_COUNTED) kept.asks.clear();
    kept.asks.set(key, asks);
    return undefined;
  }
  kept.asks.delete(key);
  const sold = s.rankOf.sold;
  const size = s.ids.length;
  const m = list.length;
  const order = new Int32Array(m);
  // A sort costs some m log2 m steps, a pass over the best sellers one a product (at a million
  // each step some 6-8 ns: 2 ms to sort 15,000, 29 ms 250,000; 6-12 ms a pass).
  if (m * Math.log2(m + 1) >= size) {
    const bySold = s.inOrder.sold;
    const positionOf = new Int32Array(size);
    for (let i = 0; i < m; i++) positionOf[list[i]!] = i + 1;
    let k = 0;
    for (let at = size - 1; at >= 0 && k < m; at--) {
      const position = positionOf[bySold[at]!]!;
      if (position !== 0) order[k++] = position - 1;
    }
  } else {
    // Best seller first is the highest rank first: keys ascending from the lowest of TIE_ROOM - 1 - rank.
    const keys = new Float64Array(m);
    for (let i = 0; i < m; i++) keys[i] = (TIE_ROOM - 1 - sold[list[i]!]!) * TIE_ROOM + i;
    keys.sort();
    for (let i = 0; i < m; i++) order[i] = keys[i]! % TIE_ROOM;
  }
  const products = new Int32Array(m);
  for (let j = 0; j < m; j++) products[j] = list[order[j]!]!;
  const made = { positions: order, products };
  if (kept.orders.size >= MOST_BEST_SELLER_ORDERS) kept.orders.delete(kept.orders.keys().next().value!);
  kept.orders.set(key, made);
  return made;
}

/**
 * The first `k` matches by rank over the whole shelf, best sellers first among equals, from the
 * matches' few ranks (`patterns`): counted by pattern, the ranks above the page's last are taken
 * whole (fewer than k), and of the last rank's tier only its best sellers, found by walking the
 * best sellers from the top and asking whether each matches at that rank (a bitmap and a count:
 * no binary search), or, for a small tier, by gathering it.
 */
export function firstByTiers(
  s: Snapshot,
  ordinals: Int32Array,
  patterns: Patterns,
  positions: () => { has(n: number): boolean; at(n: number): number },
  k: number,
  walkAlways: boolean,
  cover?: {
    list: Int32Array;
    bestFirst: BestSellers;
    /** Where the list holds more than the matches: each one's pattern, if it can be read so. */
    patternOver(): ((i: number, n: number) => number) | undefined;
  },
): number[] {
  const rankOf = patterns.ranks;
  const m = ordinals.length;
  // Each rank held, best first, and how many matches hold it.
  const byRank = new Map<number, number>();
  patterns.counts.forEach((count, pattern) => {
    if (count > 0) {
      const rank = rankOf[pattern]!;
      byRank.set(rank, (byRank.get(rank) ?? 0) + count);
    }
  });
  const held = [...byRank].sort((a, b) => b[0] - a[0]);
  // The last rank the page reaches, and how many matches rank above it.
  let last = held[held.length - 1]?.[0] ?? 0;
  let above = 0;
  let tier = 0;
  for (const [rank, count] of held) {
    if (above + count >= k) {
      last = rank;
      tier = count;
      break;
    }
    above += count;
  }
  if (tier === 0) tier = m - above;
  const sold = s.rankOf.sold;
  const page: number[] = [];
  if (above > 0) {
    // Found in an "or"'s shorter lists where they hold them all, else by a pass over every match.
    const holders = patterns.holders?.((pattern) => rankOf[pattern]! > last);
    if (holders) {
      holders.sort((a, b) => rankOf[b.pattern]! - rankOf[a.pattern]! || sold[b.n]! - sold[a.n]!);
      for (const { n } of holders) page.push(n);
    } else {
      const codes = patterns.codes();
      for (let i = 0; i < m; i++) if (rankOf[codes[i]!]! > last) page.push(i);
      page.sort(
        (a, b) => rankOf[codes[b]!]! - rankOf[codes[a]!]! || sold[ordinals[b]!]! - sold[ordinals[a]!]!,
      );
      for (let p = 0; p < page.length; p++) page[p] = ordinals[page[p]!]!;
    }
  }
  const need = Math.min(k, m) - page.length;
  if (need <= 0) return page;
  // Walking meets the tier's members one in size / tier steps (or, over a list holding every
  // match, its length / tier), a few reads each; gathering reads every match and the best-seller
  // rank of each of the tier's.
  if (cover && (walkAlways || (need * cover.list.length) / tier < m)) {
    const { list, bestFirst } = cover;
    // The list is the matches: its positions are theirs, and no bitmap is asked. Else each
    // product's pattern read from the other lists, or where it stands among the matches.
    let patternAt: (i: number, n: number) => number;
    if (sameView(list, ordinals)) patternAt = patterns.codeOf;
    else {
      const over = cover.patternOver();
      if (over) patternAt = over;
      else {
        const matches = positions();
        patternAt = (_, n) => (matches.has(n) ? patterns.codeOf(matches.at(n), n) : -1);
      }
    }
    walkTier(bestFirst, patternAt, rankOf, last, need, page);
    return page;
  }
  if (walkAlways || (need * s.ids.length) / tier < m) {
    const matches = positions();
    const bySold = s.inOrder.sold;
    let found = 0;
    for (let at = bySold.length - 1; at >= 0 && found < need; at--) {
      const n = bySold[at]!;
      if (matches.has(n) && rankOf[patterns.codeOf(matches.at(n), n)] === last) {
        page.push(n);
        found++;
      }
    }
    return page;
  }
  const first = new FirstInOrder(need, (n) => -sold[n]!);
  const tierHolders = patterns.holders?.((pattern) => rankOf[pattern] === last);
  if (tierHolders) for (const { n } of tierHolders) first.offer(n);
  else {
    const codes = patterns.codes();
    for (let i = 0; i < m; i++) if (rankOf[codes[i]!] === last) first.offer(ordinals[i]!);
  }
  return [...page, ...first.inOrder()];
}

/**
 * Adds to `page` the first `need` products of a list, best seller first, whose pattern (found by
 * `patternAt` from the product's position in the list and its ordinal; -1: not a match) ranks
 * `last`.
 */
function walkTier(
  { positions, products }: BestSellers,
  patternAt: (i: number, n: number) => number,
  rankOf: Uint32Array,
  last: number,
  need: number,
  page: number[],
): void {
  let found = 0;
  for (let j = 0; j < positions.length && found < need; j++) {
    const n = products[j]!;
    const pattern = patternAt(positions[j]!, n);
    if (pattern >= 0 && rankOf[pattern] === last) {
      page.push(n);
      found++;
    }
  }
}

/**
 * The first `k` matches by relevance (best sellers first among equals) found by walking the best
 * sellers from the top, ranking only the matches met, instead of ranking every match: a search
 * that matches many products meets `k` of them after about k x (products / matches) steps
 * ("washing machine" at a million: 24 in some 350 of 1,000,000). That is the page if the k-th
 * holds the best rank a product could have (each of the query's words at its strongest); else a
 * product not yet met could rank higher only by holding some word more strongly than a product
 * already on the page does (ranks are sums: see `Ranker`), and those few postings are ranked too.
 * Undefined when walking would not pay (few matches: ranking them all is cheaper) or takes
 * longer than expected (the filters leave matches rarer among the best sellers): then the caller
 * ranks every match. `always` (tests) walks whatever the numbers.
 */
export function firstByWalking(
  s: Snapshot,
  index: TextIndex,
  query: TextQuery,
  accept: ((n: number) => boolean) | undefined,
  k: number,
  always: boolean,
): { page: number[]; total: number } | undefined {
  // The matches are kept for the query (matchText), so asking first costs nothing twice.
  const matches = matchText(index, query);
  if (!always && matches.length < WALK_FROM_MATCHES) return undefined;
  const ranker = createRanker(index, query);
  let total = matches.length;
  if (accept) {
    total = 0;
    for (let i = 0; i < matches.length; i++) if (accept(matches[i]!)) total++;
  }
  if (total === 0 || k <= 0) return { page: [], total };
  // Over a list holding every match, best seller first, where there is one ("camra": camera's
  // 250,576 products, every one a match), else over every product.
  const cover = coveringList(index, query);
  const bestFirst = cover && bestSellersOf(s, index, cover);
  const sold = s.rankOf.sold;
  const bySold = s.inOrder.sold;
  const size = bestFirst ? bestFirst.products.length : bySold.length;
  /** The j-th product the walk meets. */
  const nth = (j: number) => (bestFirst ? bestFirst.products[j]! : bySold[size - 1 - j]!);
  // Over the matches' own list, every product met matches.
  const allMatch = bestFirst !== undefined && cover!.length === matches.length;
  const expected = (k * size) / total;
  if (!always && (total < WALK_FROM_MATCHES || expected > total / WALK_WHEN_MATCHES_OVER_STEPS))
    return undefined;
  // A list some matches lack (a word of an "or") leaves every one of its postings able to outrank
  // the page's products (see cheapestCut): ranking them all is as cheap.
  if (!always && ranker.shortestList < total) return undefined;
  // Walked on until the page holds `k` matches at the best rank a product could have, or until
  // ranking the products that could still beat its k-th costs less than the walk so far (checked
  // at doubling steps), for at most some times the steps expected to meet `k` matches at all.
  const maxSteps = always ? size : WALK_STEPS_OVER_EXPECTED * expected;
  const keyOf = (n: number, rank: number) => -(rank * TIE_ROOM + sold[n]!);
  const first = new FirstInOrder(Math.min(k, total), () => 0);
  const { best } = ranker;
  // Walked from the best seller down; the first `met` products have been met.
  let met = 0;
  let cut: { strengths: Float64Array; postings: number } | undefined;
  for (let steps = 0, checkAt = 0; met < size; steps++) {
    if (first.bar !== Infinity) {
      if (Math.floor(-first.bar / TIE_ROOM) >= best) return { page: first.inOrder(), total };
      if (steps >= checkAt || steps > maxSteps) {
        cut = cheapestCut(ranker, first.inOrder());
        if (cut.postings <= steps || steps > maxSteps) break;
        // Many stronger postings long after the page filled: a word most matches lack ("or").
        // Over a list holding every match each step meets one, and walking on to the most steps
        // (an eighth of the matches at most) costs less than ranking them all: only a walk over
        // every product turns back here.
        if (!always && !bestFirst && steps >= 4 * expected && cut.postings > total / 4) return undefined;
        checkAt = 2 * steps;
      }
    } else if (steps > maxSteps) return undefined;
    const n = nth(met++);
    if (accept && !accept(n)) continue;
    if (allMatch || ranker.has(n)) first.offerKeyed(n, keyOf(n, ranker.rank(n)));
  }
  if (met >= size || !cut) return { page: first.inOrder(), total };
  // A product met was a better seller than the next to meet (every match is in the walk's list).
  const below = sold[nth(met)]!;
  // When even the cheapest cut leaves many (a word most matches lack, as in an "or"), every match
  // is ranked instead.
  if (!always && cut.postings > total / 4) return undefined;
  const strengths = cut.strengths;
  ranker.stronger(strengths, (n, list) => {
    if (sold[n]! > below || (accept && !accept(n)) || !ranker.has(n)) return;
    const rank = ranker.rank(n);
    // Offered once: from the first list it holds more strongly than the cut.
    for (let l = 0; l < list; l++) if (ranker.held[l]! > strengths[l]!) return;
    first.offerKeyed(n, keyOf(n, rank));
  });
  return { page: first.inOrder(), total };
}

/**
 * A product not yet met ranks above the page's k-th only by holding some list more strongly than
 * a cut of strengths that ranks at most the k-th's rank. Of the strengths held by the page's
 * products at that rank, and the cut lowered from the strongest (`cutAtMost`), the one that
 * leaves the fewest postings above it.
 */
function cheapestCut(ranker: Ranker, page: number[]): { strengths: Float64Array; postings: number } {
  const bar = ranker.rank(page[page.length - 1]!);
  let strengths = ranker.cutAtMost(bar);
  let postings = ranker.countStronger(strengths);
  for (const n of page) {
    if (ranker.rank(n) !== bar) continue;
    const stronger = ranker.countStronger(ranker.held);
    if (stronger < postings) {
      postings = stronger;
      strengths = ranker.held.slice();
    }
  }
  return { strengths, postings };
}

/**
 * Walk the best sellers only for this many matches or more: below, ranking them all in one pass
 * (firstByRank) was as fast or faster (in-process, at 100,000 products: 0.25 against 0.33 ms a
 * search on average, 27 November).
 */
const WALK_FROM_MATCHES = 50_000;
/**
 * Page a search over the whole shelf from its ranks' tiers (firstByTiers) from this many matches:
 * below, ranking each match (firstByRank) costs as much. Alternated in one process on the 15 load
 * test searches (60 rounds, 27 November), from 50,000 to 10,000: 0.213 -> 0.166 ms a search at
 * 100,000 products ("camra"'s 25,077 matches 0.38 -> 0.13), 0.536 -> 0.516 at a million. Tiers
 * for every search were slower at a million for 4,000-10,000 matches ("samsung tv 55" 0.39 ->
 * 0.43 ms). Decoupled from WALK_FROM_MATCHES, which it followed until then.
 */
export const TIERS_FROM_MATCHES = 10_000;
/** Walk the best sellers when the expected steps are at most matches / this (else rank them all). */
const WALK_WHEN_MATCHES_OVER_STEPS = 8;
/** How many times the steps expected to meet `k` matches a walk may take to meet `k` of the best rank. */
const WALK_STEPS_OVER_EXPECTED = 16;
