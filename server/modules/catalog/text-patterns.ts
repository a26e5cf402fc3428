/**
 * Rank patterns: each match's pattern of strengths (how strongly it holds each of the query's
 * lists), numbered, counted and ranked once per pattern rather than per match; in one pass over
 * the matches, or for an "or" of a long list and shorter ones by reading the shorter lists only.
 */

import { f32, ZETA_2 } from './text-index-build.js';
import type { Patterns, Postings, TextIndex } from './text-index-types.js';
import { bitmapOf, directoryOf, inBitmap, positionIn, sameView } from './text-posting-lists.js';
import {
  addDigits,
  bitsOf,
  clearSpread,
  type DigitList,
  digitsByProduct,
  spreadByProduct,
  strengthsHeld,
} from './text-strengths.js';

/**
 * The last pass over the matches: adds the digits of the lists that are the matches ("direct") and
 * of those spread by product into a scratch array first (no comparison a posting: walking a short
 * list beside the matches mispredicts a branch at every other step), and counts each pattern's
 * matches, in one pass where it can (one direct list), the scratch cleared after.
 */
function finishPatterns(
  index: TextIndex,
  matches: Int32Array,
  direct: DigitList[],
  spread: DigitList[],
  codes: Uint16Array,
  counts: Int32Array,
): void {
  const m = matches.length;
  const scratch = spreadByProduct(index, spread);
  for (const { listCodes, digit, weight } of direct.slice(1)) {
    for (let i = 0; i < m; i++) codes[i] = codes[i]! + digit[listCodes[i]!]! * weight;
  }
  const first = direct[0];
  if (first && spread.length > 0) {
    const { listCodes, digit, weight } = first;
    for (let i = 0; i < m; i++) {
      const code = codes[i]! + digit[listCodes[i]!]! * weight + scratch[matches[i]!]!;
      codes[i] = code;
      counts[code]!++;
    }
  } else if (first) {
    const { listCodes, digit, weight } = first;
    for (let i = 0; i < m; i++) {
      const code = codes[i]! + digit[listCodes[i]!]! * weight;
      codes[i] = code;
      counts[code]!++;
    }
  } else if (spread.length > 0) {
    for (let i = 0; i < m; i++) {
      const code = codes[i]! + scratch[matches[i]!]!;
      codes[i] = code;
      counts[code]!++;
    }
  } else for (let i = 0; i < m; i++) counts[codes[i]!]!++;
  clearSpread(scratch, spread);
}

/** Patterns, and what to clear once the search is done with them (`sparsePatterns`' scratch). */
export type HeldPatterns = Patterns & { release?(): void };

/** Patterns whose every match's number was worked out in one pass. */
export function patternsFrom(codes: Uint16Array, ranks: Uint32Array, counts: Int32Array): Patterns {
  return { ranks, counts, codeOf: (i) => codes[i]!, codes: () => codes };
}

/** Patterns of strengths numbered in a Uint16Array: at most this many. */
const MOST_PATTERNS = 65_536;

/**
 * Each match's pattern of strengths (how strongly it holds each list, or not at all), numbered,
 * and each pattern's rank: matches of one pattern rank alike, and a query's patterns are few (a
 * list holds a few dozen strengths), so ranking a pattern once serves its thousands of matches,
 * and the page needs only one comparison for most matches (firstByRank). Undefined when the
 * patterns would be too many to number (a short prefix's hundreds of lexemes).
 */
export function patternsOf(
  index: TextIndex,
  matches: Int32Array,
  held: Postings[],
  count: number,
  sparsePatternsOver: number,
): HeldPatterns | undefined {
  const numbered = numberPatterns(index, held, count);
  if (!numbered) return undefined;
  const { lists, ranks } = numbered;
  const m = matches.length;
  const sparse = sparsePatterns(index, matches, held, lists, ranks, sparsePatternsOver);
  if (sparse) return sparse;
  const codes = new Uint16Array(m);
  const direct: DigitList[] = [];
  const spread: DigitList[] = [];
  lists.forEach((list, l) => {
    const added = addDigits(index, matches, held[l]!, list.digit, list.weight, codes);
    if (added !== 'added') (added === 'direct' ? direct : spread).push(list);
  });
  const counts = new Int32Array(ranks.length);
  finishPatterns(index, matches, direct, spread, codes, counts);
  return patternsFrom(codes, ranks, counts);
}

/**
 * How a query's patterns are numbered: per list, each strength's digit (1 up; 0: the list lacks
 * the match) and the digit's weight, and each pattern's rank, its strengths added in the lists'
 * order as rankText's sums are. Undefined when the patterns would be too many to number.
 */
export function numberPatterns(
  index: TextIndex,
  held: Postings[],
  count: number,
): { lists: DigitList[]; ranks: Uint32Array } | undefined {
  const { strengths } = index;
  // Per list, each strength's digit (1 up; 0: the list lacks the match) and the digit's weight.
  const digits: Int32Array[] = [];
  const strengthOfDigit: number[][] = [];
  const weights: number[] = [];
  let patterns = 1;
  for (const list of held) {
    const digit = new Int32Array(strengths.length);
    const strengthOf = [0];
    for (const { code, strength } of strengthsHeld(index, list)) {
      digit[code] = strengthOf.length;
      strengthOf.push(strength);
    }
    weights.push(patterns);
    patterns *= strengthOf.length;
    if (patterns > MOST_PATTERNS) return undefined;
    digits.push(digit);
    strengthOfDigit.push(strengthOf);
  }
  // Each pattern's rank, its strengths added in the lists' order as rankText's sums are.
  const ranks = new Uint32Array(patterns);
  for (let pattern = 0; pattern < patterns; pattern++) {
    let sum = 0;
    for (let l = 0; l < held.length; l++) {
      const strength = strengthOfDigit[l]![Math.floor(pattern / weights[l]!) % strengthOfDigit[l]!.length]!;
      if (strength > 0) sum = f32(sum + strength / ZETA_2);
    }
    ranks[pattern] = bitsOf(f32(sum / count));
  }
  const lists = held.map(({ ordinals: list, codes: listCodes }, l) => ({
    list,
    listCodes,
    digit: digits[l]!,
    weight: weights[l]!,
  }));
  return { lists, ranks };
}

/**
 * Each pattern's count among the matches of an "or" whose matches are its direct list's, as if
 * no shorter list held any of them (the direct list's strengths' counts, kept per lexeme), and
 * which patterns hold the direct list alone (no shorter list's products hold them).
 */
function directCounts(
  index: TextIndex,
  directPostings: Postings,
  { digit, weight }: DigitList,
  patterns: number,
): { counts: Int32Array; directOnly: Uint8Array } {
  const counts = new Int32Array(patterns);
  const directOnly = new Uint8Array(patterns);
  for (const { code, postings } of strengthsHeld(index, directPostings)) {
    counts[digit[code]! * weight] = postings;
    directOnly[digit[code]! * weight] = 1;
  }
  return { counts, directOnly };
}

/**
 * Whether `wanted` picks a pattern some match holds with the direct list alone: its holders are in
 * no shorter list, so they cannot be found there (`holders` is then undefined).
 */
function wantsDirectOnly(
  directOnly: Uint8Array,
  counts: Int32Array,
  wanted: (pattern: number) => boolean,
): boolean {
  for (let pattern = 0; pattern < counts.length; pattern++)
    if (directOnly[pattern] === 1 && counts[pattern]! > 0 && wanted(pattern)) return true;
  return false;
}

/** Patterns whose matches' numbers are worked out one at a time (`codeOf`), all of them when asked. */
function oneAtATime(
  matches: Int32Array,
  ranks: Uint32Array,
  counts: Int32Array,
  codeOf: (i: number, n: number) => number,
): Patterns {
  let codes: Uint16Array | undefined;
  return {
    ranks,
    counts,
    codeOf,
    codes() {
      if (!codes) {
        codes = new Uint16Array(matches.length);
        for (let i = 0; i < matches.length; i++) codes[i] = codeOf(i, matches[i]!);
      }
      return codes;
    },
  };
}

/** `sparsePatterns` when the matches outnumber the shorter lists' postings this many times. */
export const SPARSE_PATTERNS_OVER = 8;

/** Marks a product's pattern in `patternScratch` as counted (`sparsePatterns`): patterns stay below. */
const COUNTED = 0x8000;

/**
 * The patterns of an "or" whose matches are one of its lists ('direct': "watch" of "watch |
 * ghadi:*", a correction and the word typed) and whose other lists are shorter, without a pass
 * over every match: the direct list's strengths are counted once per lexeme (strengthsHeld), so
 * only the shorter lists' postings change a count. Two lists that keep their digits by product
 * read them there (`oneShorterList`: "smartwatch | watch", 70,825 of watch's 124,435 saying
 * "smartwatch"). Otherwise, when the shorter lists are much shorter, each posting is looked up in
 * the direct list by its bitmap, and their patterns are left in `patternScratch` (marked
 * COUNTED) while the search uses them, cleared by `release` after: at a million products "ghadi"
 * reads the few postings of its spellings instead of watch's 124,435 (the walk of the best
 * sellers turns down its first pages). Undefined where neither applies or would pay (`over`:
 * Infinity, never).
 */
function sparsePatterns(
  index: TextIndex,
  matches: Int32Array,
  held: Postings[],
  lists: DigitList[],
  ranks: Uint32Array,
  over: number,
): HeldPatterns | undefined {
  const patterns = ranks.length;
  const m = matches.length;
  const d = lists.findIndex(({ list }) => sameView(list, matches));
  if (d < 0) return undefined;
  if (lists.length === 2 && over < Infinity) {
    const found = oneShorterList(index, held[d]!, lists[d]!, held[1 - d]!, lists[1 - d]!, ranks);
    if (found) return found;
  }
  if (patterns > COUNTED) return undefined;
  const direct = lists[d]!;
  const bitmap = bitmapOf(index, direct.list);
  if (!bitmap) return undefined;
  const spread = lists.filter((_, l) => l !== d);
  let postings = 0;
  for (const { list } of spread) postings += list.length;
  // Each posting looked up costs some reads of the bitmap and its directory, and each is read
  // twice: with more than a few per match, the pass over the matches costs less.
  if (spread.length === 0 || over * postings > m) return undefined;
  // Only an "or"'s shorter lists are the matches' own: another's ("wash & machin", whose matches
  // are wash's list) may hold products that do not match.
  for (const { list } of spread)
    for (let j = 0; j < list.length; j++) if (!inBitmap(bitmap, list[j]!)) return undefined;
  const before = directoryOf(bitmap);
  const scratch = spreadByProduct(index, spread);
  const { counts, directOnly } = directCounts(index, held[d]!, direct, patterns);
  const { digit, weight, listCodes } = direct;
  for (const { list } of spread) {
    for (let j = 0; j < list.length; j++) {
      const n = list[j]!;
      const part = scratch[n]!;
      if (part & COUNTED) continue;
      const own = digit[listCodes[positionIn(bitmap, before, n)]!]! * weight;
      counts[own]!--;
      counts[own + part]!++;
      scratch[n] = (own + part) | COUNTED;
    }
  }
  const codeOf = (i: number, n: number) => {
    const marked = scratch[n]!;
    return marked & COUNTED ? marked & ~COUNTED : digit[listCodes[i]!]! * weight;
  };
  return {
    ...oneAtATime(matches, ranks, counts, codeOf),
    holders(wanted) {
      if (wantsDirectOnly(directOnly, counts, wanted)) return undefined;
      const found: { n: number; pattern: number }[] = [];
      const seen = new Set<number>();
      for (const { list } of spread) {
        for (let j = 0; j < list.length; j++) {
          const n = list[j]!;
          const pattern = scratch[n]! & ~COUNTED;
          if (!wanted(pattern)) continue;
          // A product in two shorter lists is found once.
          if (spread.length > 1) {
            if (seen.has(n)) continue;
            seen.add(n);
          }
          found.push({ n, pattern });
        }
      }
      return found;
    },
    release: () => clearSpread(scratch, spread),
  };
}

/**
 * `sparsePatterns` for an "or" of two lists whose matches are the longer one ("smartwatch |
 * watch": watch's 124,435 at a million, 70,825 of them saying "smartwatch"), where both keep their
 * digits by product (`digitsByProduct`): one pass over the shorter list's postings, each reading
 * its digit in the longer one in one place, costs less than a pass over the matches however
 * many of them it holds. The patterns are worked out from the two lists' digits, and no scratch
 * is left to clear. Undefined where a list keeps no digits, or the shorter list holds a product
 * the longer one lacks (not an "or").
 */
function oneShorterList(
  index: TextIndex,
  directPostings: Postings,
  direct: DigitList,
  shorterPostings: Postings,
  shorter: DigitList,
  ranks: Uint32Array,
): HeldPatterns | undefined {
  // Longer than the matches, it is no "or"'s: not worth its digits.
  if (shorterPostings.ordinals.length > directPostings.ordinals.length) return undefined;
  const directByProduct = digitsByProduct(index, directPostings);
  const shorterByProduct = digitsByProduct(index, shorterPostings);
  if (!directByProduct || !shorterByProduct) return undefined;
  const { digit, weight, listCodes } = direct;
  const { counts, directOnly } = directCounts(index, directPostings, direct, ranks.length);
  const { list, weight: shorterWeight } = shorter;
  const moved = countPairs(list, directByProduct, weight, shorterByProduct, shorterWeight, ranks.length);
  if (!moved) return undefined;
  // Each pair's products move from the pattern of the longer list alone to that of both.
  const digits = (postings: Postings) => strengthsHeld(index, postings).length + 1;
  const shorterDigits = digits(shorterPostings);
  for (let own = weight, d = 1; d < digits(directPostings); d++, own += weight) {
    for (let x = 1, pattern = own + shorterWeight; x < shorterDigits; x++, pattern += shorterWeight) {
      counts[own]! -= moved[pattern]!;
      counts[pattern]! += moved[pattern]!;
    }
  }
  const codeOf = (i: number, n: number) =>
    digit[listCodes[i]!]! * weight + shorterByProduct[n]! * shorterWeight;
  return {
    ...oneAtATime(direct.list, ranks, counts, codeOf),
    holders(wanted) {
      if (wantsDirectOnly(directOnly, counts, wanted)) return undefined;
      const found: { n: number; pattern: number }[] = [];
      for (let j = 0; j < list.length; j++) {
        const n = list[j]!;
        const pattern = directByProduct[n]! * weight + shorterByProduct[n]! * shorterWeight;
        if (wanted(pattern)) found.push({ n, pattern });
      }
      return found;
    },
  };
}

/**
 * `oneShorterList`'s pass: how many of the shorter list's products hold each pattern of both
 * lists; undefined if the longer list lacks one. A function of its own: as a loop inside
 * `oneShorterList`, V8 compiled it on the stack and threw the code away at the call after it, at
 * every search (972 times in 15 s of the load test's searches). Counted in four rows added up
 * after, a product at a time in each: most products hold one pattern, and each count waiting on
 * the one before in a single row took twice as long (70,825 products: 0.34 -> 0.18 ms).
 */
function countPairs(
  list: Int32Array,
  directByProduct: Uint8Array,
  weight: number,
  shorterByProduct: Uint8Array,
  shorterWeight: number,
  patterns: number,
): Int32Array | undefined {
  const rows = new Int32Array(4 * patterns);
  const m = list.length;
  let j = 0;
  for (; j + 3 < m; j += 4) {
    const a = list[j]!;
    const b = list[j + 1]!;
    const c = list[j + 2]!;
    const d = list[j + 3]!;
    const ownA = directByProduct[a]!;
    const ownB = directByProduct[b]!;
    const ownC = directByProduct[c]!;
    const ownD = directByProduct[d]!;
    if (ownA === 0 || ownB === 0 || ownC === 0 || ownD === 0) return undefined;
    rows[ownA * weight + shorterByProduct[a]! * shorterWeight]!++;
    rows[patterns + ownB * weight + shorterByProduct[b]! * shorterWeight]!++;
    rows[2 * patterns + ownC * weight + shorterByProduct[c]! * shorterWeight]!++;
    rows[3 * patterns + ownD * weight + shorterByProduct[d]! * shorterWeight]!++;
  }
  for (; j < m; j++) {
    const n = list[j]!;
    const own = directByProduct[n]!;
    if (own === 0) return undefined;
    rows[own * weight + shorterByProduct[n]! * shorterWeight]!++;
  }
  const counts = rows.subarray(0, patterns);
  for (let p = 0; p < patterns; p++)
    counts[p] = counts[p]! + rows[patterns + p]! + rows[2 * patterns + p]! + rows[3 * patterns + p]!;
  return counts;
}
