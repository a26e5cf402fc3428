/**
 * How strongly the products of a list hold its lexeme, as ranking reads it: the float4 bits that
 * order ranks, a list's distinct strengths counted, its positions strongest first, and each
 * product's strength as a digit (by product where a list is long) added into a match's pattern.
 */

import type { Postings, StrengthCount, StrongestFirst, TextIndex } from './text-index-types.js';
import { BITMAP_FROM_SHARE, gallop, sameView } from './text-posting-lists.js';

/** A float32's bits as an unsigned integer: for positive numbers, in the numbers' order. */
export const float = new Float32Array(1);
export const bits = new Uint32Array(float.buffer);
export function bitsOf(value: number): number {
  float[0] = value;
  return bits[0]!;
}

/** A list's distinct strengths and how many of its postings hold each: counted once per lexeme. */
export function strengthsHeld(index: TextIndex, { lexeme, codes }: Postings): StrengthCount[] {
  let found = index.strengthCounts.get(lexeme);
  if (!found) {
    const { strengths } = index;
    const perCode = new Int32Array(strengths.length);
    for (let i = 0; i < codes.length; i++) perCode[codes[i]!]!++;
    found = [];
    perCode.forEach((postings, code) => {
      if (postings > 0) found!.push({ code, strength: strengths[code]!, postings });
    });
    index.strengthCounts.set(lexeme, found);
  }
  return found;
}

/**
 * A long list's positions strongest first (sorted by counting its strengths, once, and kept):
 * the postings stronger than some strength are then a prefix, read without passing the rest (a
 * walk's last step, `Ranker.stronger`, read all 250,000 of "camera" for its few hundred strong
 * ones). Undefined for a list shorter than a bitmap's, which reading whole costs little.
 */
export function strongestFirst(index: TextIndex, list: Postings): StrongestFirst | undefined {
  if (list.ordinals.length * BITMAP_FROM_SHARE < index.size) return undefined;
  let found = index.strongestFirst.get(list.lexeme);
  if (!found) {
    const held = [...strengthsHeld(index, list)].sort((a, b) => b.strength - a.strength);
    const next = new Int32Array(index.strengths.length);
    const ends = new Int32Array(held.length);
    let end = 0;
    held.forEach(({ code, postings }, g) => {
      next[code] = end;
      end += postings;
      ends[g] = end;
    });
    const { codes } = list;
    const order = new Int32Array(codes.length);
    for (let i = 0; i < codes.length; i++) order[next[codes[i]!]!++] = i;
    found = { order, strengths: Float64Array.from(held, ({ strength }) => strength), ends };
    index.strongestFirst.set(list.lexeme, found);
  }
  return found;
}

/** How many lists keep their digits by product (`digitsByProduct`): a megabyte each at a million. */
const MOST_DIGITS_BY_PRODUCT = 32;

/**
 * A long list's (a 32nd of the products or more, as for a bitmap) strength for each product as a
 * digit, in a byte: 1 + the place of its strength in `strengthsHeld` (the digit `patternsOf` gives
 * it, whatever the query), 0 where the list lacks the product. Then a match of an "and" reads its
 * digit in one place instead of finding itself in the list ("sony camera" at a million: 18,000
 * matches beside camera's 250,000 postings and Sony's 71,000). Made when first asked and kept,
 * at most MOST_DIGITS_BY_PRODUCT of them, the least recently asked dropped first. Undefined for a
 * shorter list, or one of more strengths than a byte holds.
 */
export function digitsByProduct(index: TextIndex, list: Postings): Uint8Array | undefined {
  if (list.ordinals.length * BITMAP_FROM_SHARE < index.size) return undefined;
  const kept = index.digitsByProduct;
  let found = kept.get(list.lexeme);
  if (found) {
    // Asked again: now the most recent (a Map keeps its keys in the order they were set).
    kept.delete(list.lexeme);
    kept.set(list.lexeme, found);
    return found;
  }
  const held = strengthsHeld(index, list);
  if (held.length > 255) return undefined;
  const digitOf = new Uint8Array(index.strengths.length);
  held.forEach(({ code }, place) => {
    digitOf[code] = place + 1;
  });
  found = new Uint8Array(index.size);
  const { ordinals, codes } = list;
  for (let i = 0; i < ordinals.length; i++) found[ordinals[i]!] = digitOf[codes[i]!]!;
  if (kept.size >= MOST_DIGITS_BY_PRODUCT) kept.delete(kept.keys().next().value!);
  kept.set(list.lexeme, found);
  return found;
}

/**
 * Adds to each match's pattern number (`codes[i]`) its strength's digit in one list times the
 * digit's weight, where the list holds it, beside them when the list is longer (an "and"): read by
 * product where the list keeps its digits so (`digitsByProduct`). A list that is the matches is
 * left to the last pass ('direct'), and one no longer than them is spread by product ('spread'):
 * see `finishPatterns`.
 */
export function addDigits(
  index: TextIndex,
  matches: Int32Array,
  postings: Postings,
  digit: Int32Array,
  weight: number,
  codes: Uint16Array,
): 'added' | 'direct' | 'spread' {
  const m = matches.length;
  const { ordinals: list, codes: listCodes } = postings;
  // The list is the matches ("watch" in "smartwatch | watch"): its codes are in the matches' order.
  if (sameView(list, matches)) return 'direct';
  // No longer than the matches (a word of an "or"): spread by product.
  if (list.length <= m) return 'spread';
  const byProduct = digitsByProduct(index, postings);
  if (byProduct) {
    for (let i = 0; i < m; i++) codes[i] = codes[i]! + byProduct[matches[i]!]! * weight;
    return 'added';
  }
  if (list.length > 8 * m) {
    for (let i = 0, j = 0; i < m && j < list.length; i++) {
      j = gallop(list, matches[i]!, j);
      if (list[j] === matches[i]) codes[i] = codes[i]! + digit[listCodes[j]!]! * weight;
    }
    return 'added';
  }
  // Somewhat longer (a word of an "and"): walked beside the matches, mostly stepping over products
  // that do not match, a branch the processor foresees.
  const last = list.length - 1;
  for (let i = 0, j = 0; i < m; i++) {
    const n = matches[i]!;
    // Never read past the end: a typed array read out of bounds is slow.
    while (j < last && list[j]! < n) j++;
    if (list[j] === n) codes[i] = codes[i]! + digit[listCodes[j]!]! * weight;
  }
  return 'added';
}

export type DigitList = { list: Int32Array; listCodes: Uint16Array; digit: Int32Array; weight: number };

/** Adds each list's digits into the pattern scratch by product (kept zeroed: cleared by the caller). */
export function spreadByProduct(index: TextIndex, spread: DigitList[]): Uint16Array {
  index.patternScratch ??= new Uint16Array(index.size);
  const scratch = index.patternScratch;
  for (const { list, listCodes, digit, weight } of spread) {
    for (let j = 0; j < list.length; j++) {
      const n = list[j]!;
      scratch[n] = scratch[n]! + digit[listCodes[j]!]! * weight;
    }
  }
  return scratch;
}

/** Zeroes again what `spreadByProduct` added. */
export function clearSpread(scratch: Uint16Array, spread: DigitList[]): void {
  for (const { list } of spread) for (let j = 0; j < list.length; j++) scratch[list[j]!] = 0;
}
