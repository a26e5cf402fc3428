/**
 * Algebra of posting lists (products' ordinals, ascending): galloping search, bitmaps of long lists
 * with their count directories, intersection, merging and union, and the remembered answers to
 * whether one of the index's lists holds every product of another.
 */

import type { TextIndex } from './text-index-types.js';

/**
 * The first position at or after `from` in an ascending list holding `n` or more: galloping (1, 2,
 * 4, … ahead, then halving), so looking up m ascending values in a list of length L costs about
 * m log(L / m) steps, not L.
 */
export function gallop(list: Int32Array, n: number, from: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < list.length && list[high]! < n) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > list.length) high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < n) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A list of postings holding a 32nd of the products or more gets a bitmap, built the first time a
 * search tests products against it and kept with the index: a test is then one bit read instead of
 * a step along the list ("sony camera" at a million tests Sony's 71,000 against the bitmap of
 * camera's 250,000, instead of walking both). Such a list takes 4 bytes a posting and its bitmap an
 * eighth of a byte a product, at most 4 bytes a posting: the bitmaps never outgrow the lists.
 */
export const BITMAP_FROM_SHARE = 32;

export function bitmapOf(index: TextIndex, list: Int32Array): Uint32Array | undefined {
  // Only the index's own lists (views of `ordinals`), not a search's intermediate results.
  if (!isIndexList(index, list) || list.length * BITMAP_FROM_SHARE < index.size) return undefined;
  const at = list.byteOffset >>> 2;
  let bitmap = index.bitmaps.get(at);
  if (!bitmap) {
    bitmap = bitmapFrom(index.size, list);
    index.bitmaps.set(at, bitmap);
  }
  return bitmap;
}

/** A bit per product of `size`, set for those in `list` (in `into`, zeroed, if given). */
export function bitmapFrom(size: number, list: Int32Array, into?: Uint32Array): Uint32Array {
  const bitmap = into ?? new Uint32Array((size + 31) >>> 5);
  for (let i = 0; i < list.length; i++) {
    const n = list[i]!;
    bitmap[n >>> 5]! |= 1 << (n & 31);
  }
  return bitmap;
}

/** Whether `bitmap` holds product `n`. */
export function inBitmap(bitmap: Uint32Array, n: number): boolean {
  return ((bitmap[n >>> 5]! >>> (n & 31)) & 1) === 1;
}

/** How many bits of a 32-bit word are set. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Per block of 8 words of a bitmap, how many bits are set before it: with it, where a product
 * stands in a long list (`positionIn`) is a count within one block, not a binary search of the
 * list. Built with the bitmap's first use for that (an int a 256 products: 16 KB at a million).
 */
export const directories = new WeakMap<Uint32Array, Int32Array>();
export function directoryOf(bitmap: Uint32Array): Int32Array {
  let before = directories.get(bitmap);
  if (!before) {
    before = new Int32Array((bitmap.length >>> 3) + 1);
    let count = 0;
    for (let w = 0; w < bitmap.length; w++) {
      if ((w & 7) === 0) before[w >>> 3] = count;
      count += bitCount(bitmap[w]!);
    }
    directories.set(bitmap, before);
  }
  return before;
}

/** Where product `n` stands in the list of `bitmap` (the list holding it): its set bits before `n`. */
export function positionIn(bitmap: Uint32Array, before: Int32Array, n: number): number {
  const word = n >>> 5;
  let count = before[word >>> 3]!;
  for (let w = word & ~7; w < word; w++) count += bitCount(bitmap[w]!);
  return count + bitCount(bitmap[word]! & ((1 << (n & 31)) - 1));
}

/**
 * The ordinals in both ascending lists (`a` the shorter): walked side by side when their lengths
 * are alike, else each of `a` galloped to in `b`.
 */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let k = 0;
  let i = 0;
  let j = 0;
  if (b.length < 8 * a.length) {
    while (i < a.length && j < b.length) {
      const x = a[i]!;
      const y = b[j]!;
      if (x === y) {
        out[k++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
    return out.subarray(0, k);
  }
  for (; i < a.length && j < b.length; i++) {
    const x = a[i]!;
    j = gallop(b, x, j);
    if (b[j] === x) out[k++] = x;
  }
  return out.subarray(0, k);
}

/**
 * The ordinals of `kept` (ascending) that some of `lists` holds: each tested by bitmap where the
 * list has one, else the lists are walked along with `kept`.
 */
export function keptIn(index: TextIndex, kept: Int32Array, lists: Int32Array[]): Int32Array {
  const bitmaps: Uint32Array[] = [];
  const bitmapLists: Int32Array[] = [];
  const walked: Int32Array[] = [];
  for (const list of lists) {
    if (list.length === 0) continue;
    const bitmap = bitmapOf(index, list);
    if (bitmap) {
      bitmaps.push(bitmap);
      bitmapLists.push(list);
    } else walked.push(list);
  }
  if (bitmaps.length === 0 && walked.length <= 1) {
    const list = walked[0];
    if (!list) return new Int32Array(0);
    return list.length < kept.length ? intersect(list, kept) : intersect(kept, list);
  }
  if (bitmaps.length === 1 && walked.length === 0) {
    // The common case ("washing machine", "sony camera"), as a loop of its own.
    const bitmap = bitmaps[0]!;
    // Often all are kept ("washing machine": every "machine" says "washing"; "dell laptop"): then
    // the list itself is the answer, whose bitmap and kept groups (listEqualTo) serve again, and
    // nothing is copied: the copy is begun at the first product the bitmap lacks. At a million
    // products the copy's writes cost as much as the tests (69,000 for "washing machine"), and
    // the tests are not made again once known (`holdsAll`).
    const known = knownHoldsAll(index, bitmapLists[0]!, kept);
    if (known) return kept;
    let i = 0;
    while (i < kept.length) {
      const n = kept[i]!;
      if (((bitmap[n >>> 5]! >>> (n & 31)) & 1) === 0) break;
      i++;
    }
    if (known === undefined) rememberHoldsAll(index, bitmapLists[0]!, kept, i === kept.length);
    if (i === kept.length) return kept;
    const out = new Int32Array(kept.length - 1);
    out.set(kept.subarray(0, i));
    let k = i;
    for (i++; i < kept.length; i++) {
      const n = kept[i]!;
      out[k] = n;
      k += (bitmap[n >>> 5]! >>> (n & 31)) & 1;
    }
    return out.subarray(0, k);
  }
  const out = new Int32Array(kept.length);
  let k = 0;
  const at = new Int32Array(walked.length);
  for (let i = 0; i < kept.length; i++) {
    const n = kept[i]!;
    let held = false;
    for (let b = 0; !held && b < bitmaps.length; b++) held = inBitmap(bitmaps[b]!, n);
    for (let w = 0; !held && w < walked.length; w++) {
      const list = walked[w]!;
      const j = gallop(list, n, at[w]!);
      at[w] = j;
      held = list[j] === n;
    }
    if (held) out[k++] = n;
  }
  return out.subarray(0, k);
}

/** The distinct ordinals of two ascending lists, ascending. */
function merge(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) {
      out[k++] = x;
      i++;
      if (x === y) j++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out.subarray(0, k);
}

/** How many answers `holdsAll` keeps before it starts again (a few dozen bytes each). */
const MOST_HOLDS_ALL = 10_000;

/** The key of a pair of the index's own lists in `holdsAll`; undefined for a search's own arrays. */
function holdsAllKey(index: TextIndex, longer: Int32Array, shorter: Int32Array): string | undefined {
  const { buffer } = index.ordinals;
  if (longer.buffer !== buffer || shorter.buffer !== buffer) return undefined;
  return `${longer.byteOffset}+${longer.length}>${shorter.byteOffset}+${shorter.length}`;
}

/**
 * Whether the index's list `longer` holds every product of its list `shorter`, if a search has
 * found out: it never changes while the index serves, and finding out tests each of the shorter
 * list's products ("smartwatch | watch": 70,825 of them at a million, at every search).
 */
export function knownHoldsAll(
  index: TextIndex,
  longer: Int32Array,
  shorter: Int32Array,
): boolean | undefined {
  const key = holdsAllKey(index, longer, shorter);
  return key === undefined ? undefined : index.holdsAll.get(key);
}

export function rememberHoldsAll(
  index: TextIndex,
  longer: Int32Array,
  shorter: Int32Array,
  holds: boolean,
): void {
  const key = holdsAllKey(index, longer, shorter);
  if (key === undefined) return;
  if (index.holdsAll.size >= MOST_HOLDS_ALL) index.holdsAll.clear();
  index.holdsAll.set(key, holds);
}

/**
 * The distinct ordinals of several ascending lists, ascending: the longest itself when it holds
 * every other's (checked on its bitmap: "smartwatch | watch" is watch's list, no copy); else merged
 * two at a time, shortest first; many (a short prefix's lexemes) are put together and sorted at once.
 */
export function union(index: TextIndex, lists: Int32Array[]): Int32Array {
  // One list named twice counts once ("laptop | laptop": "lapptop" corrected to laptop and
  // laptops, one lexeme). The index's lists never overlap, so where one starts names it; a short
  // prefix's thousands of lexemes are each looked for once.
  const lengthAt = new Map<number, number>();
  const nonEmpty = lists.filter((list) => {
    if (list.length === 0) return false;
    if (!isIndexList(index, list)) return true;
    if (lengthAt.get(list.byteOffset) === list.length) return false;
    lengthAt.set(list.byteOffset, list.length);
    return true;
  });
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Int32Array(0);
  nonEmpty.sort((a, b) => a.length - b.length);
  const longest = nonEmpty[nonEmpty.length - 1]!;
  const bitmap = bitmapOf(index, longest);
  if (bitmap && nonEmpty.length <= 8) {
    let holdsAll = true;
    for (let l = 0; holdsAll && l < nonEmpty.length - 1; l++) {
      const list = nonEmpty[l]!;
      const known = knownHoldsAll(index, longest, list);
      if (known !== undefined) {
        holdsAll = known;
        continue;
      }
      for (let i = 0; holdsAll && i < list.length; i++) holdsAll = inBitmap(bitmap, list[i]!);
      rememberHoldsAll(index, longest, list, holdsAll);
    }
    if (holdsAll) return longest;
  }
  if (nonEmpty.length <= 8) return nonEmpty.reduce((merged, next) => merge(merged, next));
  let length = 0;
  for (const list of nonEmpty) length += list.length;
  const all = new Int32Array(length);
  let at = 0;
  for (const list of nonEmpty) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[k++] = all[i]!;
  return all.subarray(0, k);
}

/** Whether two arrays are the same view of the same memory. */
export function sameView(a: Int32Array, b: Int32Array): boolean {
  return a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;
}

/** Whether `list` is a view of the index's postings (a list `coveringList` may give). */
export function isIndexList(index: TextIndex, list: Int32Array): boolean {
  return list.buffer === index.ordinals.buffer;
}

/** The first position in an ascending list holding `n` or more (binary search). */
export function lowerBound(list: Int32Array, n: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < n) low = middle + 1;
    else high = middle;
  }
  return low;
}
