/**
 * Ranking a query's matches as PostgreSQL's ts_rank does (float4 roundings included): every match
 * at once (`rankText`), or one product at a time for walks of the best sellers (`createRanker`).
 */

import { f32, postingsOf, ZETA_2 } from './text-index-build.js';
import type { Patterns, StrengthCount, TextIndex } from './text-index-types.js';
import { matchingOnce, matchPositions } from './text-matching.js';
import { type HeldPatterns, patternsFrom, patternsOf, SPARSE_PATTERNS_OVER } from './text-patterns.js';
import { bitmapOf, directoryOf, gallop, inBitmap, lowerBound, positionIn } from './text-posting-lists.js';
import { type TextQuery, wordsOf } from './text-query.js';
import { bits, bitsOf, digitsByProduct, float, strengthsHeld, strongestFirst } from './text-strengths.js';

/**
 * The products matching a query (ordinals ascending) and, for the i-th of them, its relevance as
 * an unsigned integer in the same order (`ranks[i]`, valid inside `use` only; the float4's bits).
 * The relevance is ts_rank of the product's vector and the query with every "and" made "or" (the
 * sum, over the query's distinct words, of how strongly the product holds each, over their
 * number), computed as PostgreSQL does, float4 roundings included, so that equal ranks tie there
 * and here alike. The SQL fallback ranks with the same (decision 025): one order whichever answers.
 */
export function rankText<T>(
  index: TextIndex,
  query: TextQuery,
  use: (
    ordinals: Int32Array,
    /** Every match's rank, in order (worked out when first asked). */
    ranks: () => Uint32Array,
    /** When each match's rank is `patterns.ranks[patterns.codeOf(i, n)]`: its few ranks, by number. */
    patterns?: Patterns,
  ) => T,
  { sparsePatternsOver = SPARSE_PATTERNS_OVER }: { sparsePatternsOver?: number | undefined } = {},
): T {
  const ordinals = matchingOnce(index, query);
  const words = wordsOf(query);
  const count = words.length;
  const { scratch, strengths } = index;
  const m = ordinals.length;
  index.ranks ??= new Uint32Array(index.size);
  const ranks = index.ranks.subarray(0, m);
  const spread = (codes: Uint16Array, codeRanks: Uint32Array) => {
    for (let i = 0; i < m; i++) ranks[i] = codeRanks[codes[i]!]!;
    return ranks;
  };
  const held = words.flatMap((word) => postingsOf(index, word));
  if (held.length === 1 && held[0]!.ordinals.length === m) {
    // One list of postings holds every match in the same order: each one's rank depends on its
    // strength alone ("laptop", or "lapptop" whose corrections only "laptop" is in the catalogue).
    const { codes } = held[0]!;
    const codeRanks = Uint32Array.from(strengths, (strength) => bitsOf(f32(f32(strength / ZETA_2) / count)));
    // Its strengths' counts are the list's own, counted once per lexeme (strengthsHeld).
    const counts = new Int32Array(codeRanks.length);
    for (const { code, postings } of strengthsHeld(index, held[0]!)) counts[code] = postings;
    return use(ordinals, () => spread(codes, codeRanks), patternsFrom(codes, codeRanks, counts));
  }
  const patterns: HeldPatterns | undefined =
    (index.last?.query === query && index.last.patterns) ||
    patternsOf(index, ordinals, held, count, sparsePatternsOver);
  if (patterns) {
    try {
      return use(ordinals, () => spread(patterns.codes(), patterns.ranks), patterns);
    } finally {
      patterns.release?.();
    }
  }
  // Adding every list up costs two steps a posting (add, then clear); looking each match up in
  // each list by galloping about 2 log2(L / m) + 1 steps a (match, list).
  let addUp = 0;
  let lookUp = 0;
  for (const list of held) {
    addUp += 2 * list.ordinals.length;
    lookUp += m * (2 * Math.log2(list.ordinals.length / m + 1) + 1);
  }
  if (lookUp < addUp) {
    // Fewer matches than postings (words that each match many products, together few): each
    // list is galloped through once, and each match's strengths added in the same order as below.
    const sums = new Float64Array(m);
    for (const list of held) {
      let at = 0;
      for (let i = 0; i < m && at < list.ordinals.length; i++) {
        at = gallop(list.ordinals, ordinals[i]!, at);
        if (list.ordinals[at] === ordinals[i]) sums[i] = f32(sums[i]! + strengths[list.codes[at]!]! / ZETA_2);
      }
    }
    for (let i = 0; i < m; i++) ranks[i] = bitsOf(f32(sums[i]! / count));
    return use(ordinals, () => ranks);
  }
  for (const { ordinals: products, codes } of held) {
    for (let i = 0; i < products.length; i++) {
      const n = products[i]!;
      scratch[n] = f32(scratch[n]! + strengths[codes[i]!]! / ZETA_2);
    }
  }
  for (let i = 0; i < m; i++) ranks[i] = bitsOf(f32(scratch[ordinals[i]!]! / count));
  for (const { ordinals: products } of held)
    for (let i = 0; i < products.length; i++) scratch[products[i]!] = 0;
  return use(ordinals, () => ranks);
}

/**
 * A query's relevance one product at a time, for pages found by walking the best sellers instead
 * of ranking every match (shelf-best-sellers.ts `firstByWalking`): whether a product matches, its rank
 * (the same float4 bits as `rankText`, its sums added in the same order), the best rank any
 * product could have, and the products holding a word more strongly than given strengths.
 */
export type Ranker = {
  matches: Int32Array;
  /** Whether product `n` matches the query. */
  has(n: number): boolean;
  /** Product n's rank bits (as `rankText`); its strength in each list is left in `held`. */
  rank(n: number): number;
  /** Per list of postings the query's words name: the last ranked product's strength there (0: absent). */
  held: Float64Array;
  /** The rank bits of a product holding each list with these strengths (0: absent). */
  rankOfStrengths(strengths: ArrayLike<number>): number;
  /** The rank bits of a product holding every list at its strongest: no product ranks above. */
  best: number;
  /** How many products the shortest of those lists holds. */
  shortestList: number;
  /** Calls `each(n, list)` for every posting stronger than `cut[list]` in its list. */
  stronger(cut: ArrayLike<number>, each: (n: number, list: number) => void): void;
  /** How many postings are stronger than `cut[list]`, over all lists (to choose a cut). */
  countStronger(cut: ArrayLike<number>): number;
  /**
   * A cut of strengths no product held at or below ranks above `rank` (its own rank is at most
   * `rank`), leaving few postings above it: from every list at its strongest, the list whose
   * next lower strength frees the fewest postings is lowered, until the cut ranks at most `rank`.
   */
  cutAtMost(rank: number): Float64Array;
};

export function createRanker(index: TextIndex, query: TextQuery): Ranker {
  const matches = matchingOnce(index, query);
  const words = wordsOf(query);
  const count = words.length;
  const lists = words.flatMap((word) => postingsOf(index, word));
  const { strengths } = index;
  const held = new Float64Array(lists.length);
  // A walk looks up products in no order: in a long list, by its bitmap (is it there, and where:
  // a few reads in one place), in a short one by binary search.
  const bitmaps = lists.map(({ ordinals }) => bitmapOf(index, ordinals));
  // And its strength there read in one place where the list keeps its digits by product, instead
  // of finding the product's place in the list (its directory, its bitmap's words, then the list
  // and its codes: four reads far apart in a million products' arrays, at every step of a walk).
  const byProducts = lists.map((list, l) => (bitmaps[l] ? digitsByProduct(index, list) : undefined));
  const strengthOfDigit = lists.map((list, l) =>
    byProducts[l]
      ? Float64Array.from([0, ...strengthsHeld(index, list).map((held) => held.strength)])
      : undefined,
  );
  const directories = bitmaps.map((bitmap, l) =>
    bitmap && !byProducts[l] ? directoryOf(bitmap) : undefined,
  );
  const positions = matchPositions(index, query);
  const rankOfStrengths = (of: ArrayLike<number>) => {
    let sum = 0;
    for (let l = 0; l < lists.length; l++) if (of[l]! > 0) sum = f32(sum + of[l]! / ZETA_2);
    return bitsOf(f32(sum / count));
  };
  // Each list's distinct strengths and how many postings hold each: counted when first asked.
  let perList: StrengthCount[][] | undefined;
  const countPerList = () => lists.map((list) => strengthsHeld(index, list));
  return {
    matches,
    has: positions.has,
    rank(n) {
      let sum = 0;
      for (let l = 0; l < lists.length; l++) {
        const { ordinals, codes } = lists[l]!;
        const byProduct = byProducts[l];
        if (byProduct) {
          const digit = byProduct[n]!;
          held[l] = digit === 0 ? 0 : strengthOfDigit[l]![digit]!;
          if (digit !== 0) sum = f32(sum + held[l]! / ZETA_2);
          continue;
        }
        const bitmap = bitmaps[l];
        let at: number;
        if (bitmap) {
          if (!inBitmap(bitmap, n)) {
            held[l] = 0;
            continue;
          }
          at = positionIn(bitmap, directories[l]!, n);
        } else at = lowerBound(ordinals, n);
        if (ordinals[at] === n) {
          const strength = strengths[codes[at]!]!;
          held[l] = strength;
          sum = f32(sum + strength / ZETA_2);
        } else held[l] = 0;
      }
      return bitsOf(f32(sum / count));
    },
    held,
    rankOfStrengths,
    best: rankOfStrengths(lists.map((list) => list.strongest)),
    shortestList: Math.min(...lists.map((list) => list.ordinals.length)),
    stronger(cut, each) {
      perList ??= countPerList();
      for (let l = 0; l < lists.length; l++) {
        const { ordinals, codes } = lists[l]!;
        const sorted = strongestFirst(index, lists[l]!);
        if (sorted) {
          let upTo = 0;
          for (let g = 0; g < sorted.ends.length && sorted.strengths[g]! > cut[l]!; g++)
            upTo = sorted.ends[g]!;
          for (let i = 0; i < upTo; i++) each(ordinals[sorted.order[i]!]!, l);
          continue;
        }
        // Which of the list's strengths are above the cut: none, and the list is not read at all.
        const above = new Uint8Array(strengths.length);
        let any = false;
        for (const { code, strength } of perList[l]!) {
          if (strength > cut[l]!) {
            above[code] = 1;
            any = true;
          }
        }
        if (!any) continue;
        for (let i = 0; i < codes.length; i++) if (above[codes[i]!] === 1) each(ordinals[i]!, l);
      }
    },
    cutAtMost(rank) {
      perList ??= countPerList();
      // Each list's strengths, strongest first, and 0 (absent) last.
      const steps = perList.map((codes) => [...codes.map((c) => c.strength).sort((a, b) => b - a), 0]);
      const postingsAt = perList.map((codes) => new Map(codes.map((c) => [c.strength, c.postings])));
      const at = new Int32Array(lists.length);
      const cut = Float64Array.from(steps, (strengths) => strengths[0]!);
      while (rankOfStrengths(cut) > rank) {
        let lower = -1;
        let freed = Infinity;
        for (let l = 0; l < lists.length; l++) {
          if (at[l]! >= steps[l]!.length - 1) continue;
          const postings = postingsAt[l]!.get(cut[l]!) ?? 0;
          if (postings < freed) {
            freed = postings;
            lower = l;
          }
        }
        if (lower < 0) break;
        at[lower]!++;
        cut[lower] = steps[lower]![at[lower]!]!;
      }
      return cut;
    },
    countStronger(cut) {
      let total = 0;
      perList ??= countPerList();
      perList.forEach((codes, l) => {
        for (const { strength, postings } of codes) if (strength > cut[l]!) total += postings;
      });
      return total;
    },
  };
}

/** `rankText`'s ranks as numbers (tests). */
export function searchText(
  index: TextIndex,
  query: TextQuery,
): { ordinals: Int32Array; scores: Float64Array } {
  return rankText(index, query, (ordinals, ranks) => ({
    ordinals,
    scores: Float64Array.from(ranks(), (rank) => {
      bits[0] = rank;
      return float[0]!;
    }),
  }));
}
