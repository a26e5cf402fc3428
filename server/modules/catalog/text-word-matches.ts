/**
 * Queries of whole words matched with their patterns in one pass: an "and" of words
 * (`andOfWords`) and every word but any one (`allButOneOfWords`), each match looked up in the
 * other words' lists (by product where a list keeps its digits so, else walked beside).
 */

import { postingsOf } from './text-index-build.js';
import type { Patterns, TextIndex } from './text-index-types.js';
import { numberPatterns, patternsFrom } from './text-patterns.js';
import { bitmapOf, gallop, knownHoldsAll, rememberHoldsAll } from './text-posting-lists.js';
import { type TextQuery, wordsOf } from './text-query.js';
import { type DigitList, digitsByProduct } from './text-strengths.js';

/**
 * An "and" of whole words ("levi & jean", "soni & camera", "samsung & tv & 55"): its matches and
 * their patterns (`patternsOf`) found together, in one pass over the rarest word's postings, each
 * looked up in the other words' lists (read by product where a list keeps its digits so, else
 * walked beside). Each match holds every list, and its strength in each is where its membership
 * was found: finding the matches, then each one's digit in each list, then counting the
 * patterns were three passes over the same products (at a million, "levis jeans" walked levi's
 * 31,204 postings twice and jean's 15,592 three times). Undefined for any other query.
 */
export function andOfWords(
  index: TextIndex,
  query: TextQuery,
): { ordinals: Int32Array; patterns: Patterns } | undefined {
  if (query.kind !== 'and' || query.parts.some((part) => part.kind !== 'lexeme')) return undefined;
  const words = wordsOf(query);
  // A word named twice, or a prefix of several lexemes: left to `matching`.
  if (words.length !== query.parts.length) return undefined;
  const held = words.flatMap((word) => postingsOf(index, word));
  if (held.length !== words.length) return undefined;
  const numbered = numberPatterns(index, held, words.length);
  if (!numbered) return undefined;
  const { lists, ranks } = numbered;
  const byLength = lists.map((_, l) => l).sort((a, b) => lists[a]!.list.length - lists[b]!.list.length);
  const rarest = lists[byLength[0]!]!;
  const { list } = rarest;
  // Known to be held whole by the other ("washing machine": every "machine" says "washing"), its
  // matches cost nothing as `matching` finds them, and a walk of the best sellers needs no patterns.
  if (byLength.length === 2 && knownHoldsAll(index, lists[byLength[1]!]!.list, list)) return undefined;
  // Of three or more, a list known to hold the rarest whole turns none away: tested last, after
  // the lists that may end the "and" ("running shoes men": every "shoe" says "run", none "men",
  // so testing "men" first ends it after one walk instead of two).
  const others = byLength.slice(1);
  const holdsRarest = (l: number) => knownHoldsAll(index, lists[l]!.list, list) === true;
  const order = [byLength[0]!, ...others.filter((l) => !holdsRarest(l)), ...others.filter(holdsRarest)];
  const codes = new Uint16Array(list.length);
  // Each other list keeps the products it holds, adding its digits, from the rarest on: tested by
  // bitmap where the list has one, its digit read by product (`digitsByProduct`) only for those
  // kept; else walked beside.
  let kept: Int32Array = list;
  let k = list.length;
  for (let o = 1; o < order.length && k > 0; o++) {
    const l = order[o]!;
    const from = kept === list ? rarest : undefined;
    const out = kept === list ? new Int32Array(list.length) : kept;
    const bitmap = bitmapOf(index, lists[l]!.list);
    const byProduct = bitmap && digitsByProduct(index, held[l]!);
    // The rarest list long too ("sony camera": Sony's 70,729 of a million, 17,900 of them
    // cameras), both read a word of 32 products at a time (`keepByWords`).
    const rarestBits = from && byProduct && bitmapOf(index, list);
    const rarestByProduct = rarestBits && digitsByProduct(index, held[byLength[0]!]!);
    k =
      bitmap && byProduct && rarestBits && rarestByProduct
        ? keepByWords(
            rarestBits,
            rarestByProduct,
            rarest.weight,
            bitmap,
            byProduct,
            lists[l]!.weight,
            out,
            codes,
          )
        : bitmap && byProduct
          ? keepByProduct(kept, k, from, codes, out, bitmap, byProduct, lists[l]!.weight)
          : keepBeside(kept, k, from, codes, out, lists[l]!);
    // The first test is of the rarest list whole: whether this list holds all of it.
    if (o === 1) rememberHoldsAll(index, lists[l]!.list, list, k === list.length);
    kept = out;
  }
  const counts = countPatterns(codes, k, ranks.length);
  // Every one kept ("air fryer": every "fryer" says "air"): the list itself, whose bitmap and
  // kept groups serve again (`listEqualTo`).
  const ordinals = k === list.length ? list : kept.subarray(0, k);
  return { ordinals, patterns: patternsFrom(codes.subarray(0, k), ranks, counts) };
}

/**
 * Every word but any one of three or more whole words ("running shoes men" where no product says
 * all three: `(shoe & men) | (run & men) | (run & shoe)`, as `buildTsQuery`'s `allButOne` writes
 * it): its matches and their patterns in one pass. A product missing at most one word holds one
 * of any two, so the two rarest lists, merged, name every match; each is looked up in the other
 * lists (read by product where a list keeps its digits so, else walked beside) and kept if it
 * misses at most one. Matching each "and" apart, merging them, then spreading every list by
 * product for the patterns were some ten passes over the same products. Undefined for any other
 * query.
 */
export function allButOneOfWords(
  index: TextIndex,
  query: TextQuery,
): { ordinals: Int32Array; patterns: Patterns } | undefined {
  if (query.kind !== 'or' || query.parts.length < 3) return undefined;
  const words = wordsOf(query);
  const wordCount = words.length;
  if (query.parts.length !== wordCount) return undefined;
  // Each part an "and" of all the words but one, a different one left out each time.
  const leftOut = new Set<string>();
  for (const part of query.parts) {
    if (part.kind !== 'and' || part.parts.length !== wordCount - 1) return undefined;
    const named = new Set<string>();
    for (const word of part.parts) {
      if (word.kind !== 'lexeme') return undefined;
      named.add(word.lexeme);
    }
    const out = words.find((word) => !named.has(word.lexeme));
    if (named.size !== wordCount - 1 || !out || leftOut.has(out.lexeme)) return undefined;
    leftOut.add(out.lexeme);
  }
  const held = words.flatMap((word) => postingsOf(index, word));
  if (held.length !== wordCount) return undefined;
  const numbered = numberPatterns(index, held, wordCount);
  if (!numbered) return undefined;
  const { lists, ranks } = numbered;
  const byLength = lists.map((_, l) => l).sort((a, b) => lists[a]!.list.length - lists[b]!.list.length);
  const first = lists[byLength[0]!]!;
  const second = lists[byLength[1]!]!;
  // Each pass a tight loop of its own over typed arrays (one loop doing all of it was
  // deoptimised again and again, and took half as long again): the two rarest merged, then each
  // other list's digits added, then the matches kept.
  const candidates = new Int32Array(first.list.length + second.list.length);
  const codes = new Uint16Array(candidates.length);
  const holds = new Uint8Array(candidates.length);
  const m = mergeHeld(first, second, candidates, codes, holds);
  for (const l of byLength.slice(2)) {
    const byProduct = digitsByProduct(index, held[l]!);
    if (byProduct) addHeldByProduct(candidates, m, codes, holds, byProduct, lists[l]!.weight);
    else addHeldBeside(candidates, m, codes, holds, lists[l]!);
  }
  const counts = new Int32Array(ranks.length);
  const k = keepHolding(candidates, m, codes, holds, wordCount - 1, counts);
  // All of one of the two rarest lists and nothing else ("running shoes men": every "shoe" says
  // "run", and no other product says two of the words): the matches are that list.
  const ordinals =
    k === first.list.length && sameList(first.list, candidates)
      ? first.list
      : k === second.list.length && sameList(second.list, candidates)
        ? second.list
        : candidates.subarray(0, k);
  return { ordinals, patterns: patternsFrom(codes.subarray(0, k), ranks, counts) };
}

/** The products of two ascending lists, ascending, each one's digits added and how many of the two hold it. */
function mergeHeld(
  first: DigitList,
  second: DigitList,
  out: Int32Array,
  codes: Uint16Array,
  holds: Uint8Array,
): number {
  const { list: a, listCodes: aCodes, digit: aDigit, weight: aWeight } = first;
  const { list: b, listCodes: bCodes, digit: bDigit, weight: bWeight } = second;
  // One step for every case (in one list, the other, or both), each list read past its end as a
  // number above every ordinal: branches taken once a search (a list's end, a product in one list
  // only: "run" and "shoe" hold the same products but one) had V8 throw its code away.
  const end = 0x7fffffff;
  let k = 0;
  for (let i = 0, j = 0; i < a.length || j < b.length; k++) {
    const x = i < a.length ? a[i]! : end;
    const y = j < b.length ? b[j]! : end;
    const inA = x <= y ? 1 : 0;
    const inB = y <= x ? 1 : 0;
    out[k] = inA === 1 ? x : y;
    codes[k] =
      inA * aDigit[aCodes[i < a.length ? i : 0]!]! * aWeight +
      inB * bDigit[bCodes[j < b.length ? j : 0]!]! * bWeight;
    holds[k] = inA + inB;
    i += inA;
    j += inB;
  }
  return k;
}

/**
 * How many of the first `m` codes are each pattern (a loop of its own, as `keepHolding`): in four
 * rows added up after, as `countPairs` (14,000 matches of few patterns: 26 -> 18 µs).
 */
function countPatterns(codes: Uint16Array, m: number, patterns: number): Int32Array {
  const rows = new Int32Array(4 * patterns);
  let i = 0;
  for (; i + 3 < m; i += 4) {
    rows[codes[i]!]!++;
    rows[patterns + codes[i + 1]!]!++;
    rows[2 * patterns + codes[i + 2]!]!++;
    rows[3 * patterns + codes[i + 3]!]!++;
  }
  for (; i < m; i++) rows[codes[i]!]!++;
  const counts = rows.subarray(0, patterns);
  for (let p = 0; p < patterns; p++)
    counts[p] = counts[p]! + rows[patterns + p]! + rows[2 * patterns + p]! + rows[3 * patterns + p]!;
  return counts;
}

/** Of the first `m` products, those holding `need` lists or more kept in place, their patterns counted. */
function keepHolding(
  products: Int32Array,
  m: number,
  codes: Uint16Array,
  holds: Uint8Array,
  need: number,
  counts: Int32Array,
): number {
  let k = 0;
  for (let i = 0; i < m; i++) {
    if (holds[i]! < need) continue;
    const code = codes[i]!;
    products[k] = products[i]!;
    codes[k++] = code;
    counts[code]!++;
  }
  return k;
}

/** Whether `list`'s products begin `products`. */
function sameList(list: Int32Array, products: Int32Array): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] !== products[i]) return false;
  return true;
}

/** Adds a long list's digits (`byProduct`) to each of the first `m` products' codes, counting it where held. */
function addHeldByProduct(
  products: Int32Array,
  m: number,
  codes: Uint16Array,
  holds: Uint8Array,
  byProduct: Uint8Array,
  weight: number,
): void {
  for (let i = 0; i < m; i++) {
    const d = byProduct[products[i]!]!;
    codes[i] = codes[i]! + d * weight;
    holds[i] = holds[i]! + (d === 0 ? 0 : 1);
  }
}

/** `addHeldByProduct` for a list that keeps no digits by product: walked beside. */
function addHeldBeside(
  products: Int32Array,
  m: number,
  codes: Uint16Array,
  holds: Uint8Array,
  other: DigitList,
): void {
  const { list, listCodes, digit, weight } = other;
  // Never read past the end: a typed array read out of bounds is slow.
  const last = list.length - 1;
  for (let i = 0, j = 0; i < m; i++) {
    const n = products[i]!;
    while (j < last && list[j]! < n) j++;
    if (list[j] !== n) continue;
    codes[i] = codes[i]! + digit[listCodes[j]!]! * weight;
    holds[i]!++;
  }
}

/**
 * Of the first `m` of `kept`, those a long list holds (its `bitmap`), into `to`, each one's code
 * in `codes` with the list's digit (`byProduct`) added: from the rarest list's own strengths
 * (`rarest`: the first list kept from) or from `codes` (later ones).
 */
function keepByProduct(
  kept: Int32Array,
  m: number,
  rarest: DigitList | undefined,
  codes: Uint16Array,
  to: Int32Array,
  bitmap: Uint32Array,
  byProduct: Uint8Array,
  weight: number,
): number {
  let k = 0;
  for (let i = 0; i < m; i++) {
    const n = kept[i]!;
    if (((bitmap[n >>> 5]! >>> (n & 31)) & 1) === 0) continue;
    to[k] = n;
    const own = rarest ? rarest.digit[rarest.listCodes[i]!]! * rarest.weight : codes[i]!;
    codes[k++] = own + byProduct[n]! * weight;
  }
  return k;
}

/**
 * The products of two long lists (each with its bitmap and digits by product), into `to`, each
 * one's code in `codes`: their bitmaps anded a word at a time, and only the products in both
 * visited. A pass over the rarest list's postings tests each one, most of them for nothing where
 * the two share few ("sony camera": 31,250 words and 17,900 products at a million, instead of
 * 70,729 postings each tested).
 */
function keepByWords(
  rarestBits: Uint32Array,
  rarestByProduct: Uint8Array,
  rarestWeight: number,
  bitmap: Uint32Array,
  byProduct: Uint8Array,
  weight: number,
  to: Int32Array,
  codes: Uint16Array,
): number {
  let k = 0;
  for (let w = 0; w < rarestBits.length; w++) {
    let both = rarestBits[w]! & bitmap[w]!;
    while (both !== 0) {
      const low = both & -both;
      const n = (w << 5) | (31 - Math.clz32(low));
      to[k] = n;
      codes[k++] = rarestByProduct[n]! * rarestWeight + byProduct[n]! * weight;
      both ^= low;
    }
  }
  return k;
}

/** `keepByProduct` for a list that keeps no digits by product: walked (or galloped) beside. */
function keepBeside(
  kept: Int32Array,
  m: number,
  rarest: DigitList | undefined,
  codes: Uint16Array,
  to: Int32Array,
  other: DigitList,
): number {
  const { list, listCodes, digit, weight } = other;
  const gallops = list.length > 8 * m;
  // Never read past the end: a typed array read out of bounds is slow.
  const last = list.length - 1;
  let k = 0;
  for (let i = 0, j = 0; i < m; i++) {
    const n = kept[i]!;
    if (gallops) j = gallop(list, n, j);
    else while (j < last && list[j]! < n) j++;
    if (list[j] !== n) continue;
    to[k] = n;
    const own = rarest ? rarest.digit[rarest.listCodes[i]!]! * rarest.weight : codes[i]!;
    codes[k++] = own + digit[listCodes[j]!]! * weight;
  }
  return k;
}
