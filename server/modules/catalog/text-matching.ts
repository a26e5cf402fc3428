/**
 * A query's matches: found (the rarest part first, remembered for the same query), as a bitmap
 * with positions for walks, as one of the index's own lists where one covers or equals them, and
 * a match's pattern read over such a list.
 */

import { postingsOf } from './text-index-build.js';
import type { TextIndex } from './text-index-types.js';
import { numberPatterns } from './text-patterns.js';
import {
  bitmapFrom,
  bitmapOf,
  directories,
  directoryOf,
  inBitmap,
  isIndexList,
  keptIn,
  lowerBound,
  positionIn,
  sameView,
  union,
} from './text-posting-lists.js';
import { type TextQuery, wordsOf } from './text-query.js';
import { digitsByProduct } from './text-strengths.js';
import { allButOneOfWords, andOfWords } from './text-word-matches.js';

/** The lists any of which a product holds to match a query of words and "or"s (an "and" in it: its matches). */
function listsOf(index: TextIndex, query: TextQuery): Int32Array[] {
  if (query.kind === 'lexeme') return postingsOf(index, query).map((p) => p.ordinals);
  if (query.kind === 'or') return query.parts.flatMap((part) => listsOf(index, part));
  return [matching(index, query)];
}

/** At most how many products a query matches, from its lists' lengths (to test the rarest part first). */
function atMost(index: TextIndex, query: TextQuery): number {
  if (query.kind === 'lexeme') return postingsOf(index, query).reduce((sum, p) => sum + p.ordinals.length, 0);
  const each = query.parts.map((part) => atMost(index, part));
  return query.kind === 'or' ? each.reduce((sum, n) => sum + n, 0) : Math.min(...each);
}

/**
 * The ordinals matching a query, ascending. For an "and", the matches of its rarest part are
 * found, then tested against each other part in turn: an "or" among them ("sony camera" with
 * camera's spellings) is never merged into one long list only to be intersected.
 */
function matching(index: TextIndex, query: TextQuery): Int32Array {
  if (query.kind === 'lexeme') return union(index, listsOf(index, query));
  if (query.kind === 'or')
    return union(
      index,
      query.parts.map((part) => matching(index, part)),
    );
  const parts = query.parts
    .map((part) => ({ part, most: atMost(index, part) }))
    .sort((a, b) => a.most - b.most);
  let kept = matching(index, parts[0]!.part);
  for (let p = 1; p < parts.length && kept.length > 0; p++)
    kept = keptIn(index, kept, listsOf(index, parts[p]!.part));
  return kept;
}

/** `matching` for a whole query, remembered for the next call with the same one. */
export function matchingOnce(index: TextIndex, query: TextQuery): Int32Array {
  if (index.last?.query !== query) {
    const words = andOfWords(index, query) ?? allButOneOfWords(index, query);
    index.last = words ? { query, ...words } : { query, ordinals: matching(index, query) };
  }
  return index.last.ordinals;
}

/**
 * A query's matches as a bitmap with its count directory: whether a product matches, and if so
 * where it stands among the matches, in a few reads (a walk of the best sellers over a tier of
 * equal rank). A one-word query's is its list's; another's is made once for the query.
 */
export function matchPositions(
  index: TextIndex,
  query: TextQuery,
): { has(n: number): boolean; at(n: number): number } {
  const matches = matchingOnce(index, query);
  let bitmap = bitmapOf(index, matches) ?? matchedListBitmap(index, matches);
  if (!bitmap) {
    const last = index.last!;
    last.bitmap ??= matchesBitmap(index, matches);
    bitmap = last.bitmap;
  }
  const words = bitmap;
  // A long list's directory counts every word of its bitmap (31,250 at a million products), more
  // than a walk over a tier usually asks positions for: the first few are found by binary search
  // in the matches, and the directory is counted once they add up to its cost (and kept with the
  // bitmap, so the next query naming the list uses it at once). Other matches' bitmaps come with
  // their directory.
  let before = directories.get(words);
  let searches = index.size >>> 10;
  return {
    has: (n) => inBitmap(words, n),
    at(n) {
      if (!before && searches-- > 0) return lowerBound(matches, n);
      before ??= directoryOf(words);
      return positionIn(words, before, n);
    },
  };
}

/**
 * The bitmap of a search's own matches (an "and" of words: "sony camera"), in one array the index
 * keeps for the last query's (`last.bitmap`) and fills again for the next, instead of a new one
 * each search (125 KB at a million: fresh memory to zero, and to collect).
 */
function matchesBitmap(index: TextIndex, matches: Int32Array): Uint32Array {
  const kept = index.matchesBitmap?.fill(0);
  const bitmap = bitmapFrom(index.size, matches, kept);
  index.matchesBitmap = bitmap;
  // Its directory counted the last query's matches: this query's, from the matches themselves.
  directories.set(bitmap, directoryFrom(bitmap, matches, directories.get(bitmap)));
  return bitmap;
}

/**
 * `directoryOf` a bitmap of ascending products, from the products (`into` reused if given): where
 * each block of 256 products' first one stands among them is a pass over the products and the
 * blocks, without counting the bitmap's every word (31,250 at a million).
 */
function directoryFrom(bitmap: Uint32Array, products: Int32Array, into?: Int32Array): Int32Array {
  const blocks = (bitmap.length >>> 3) + 1;
  const before = into ?? new Int32Array(blocks);
  let block = 0;
  for (let i = 0; i < products.length; i++) {
    const of = products[i]! >>> 8;
    while (block <= of) before[block++] = i;
  }
  while (block < blocks) before[block++] = products.length;
  return before;
}

/** How many lists shorter than a bitmap's share keep one as a query's matches (`matchedListBitmap`). */
const MOST_MATCHED_BITMAPS = 64;

/**
 * The bitmap of one of the index's lists that is a whole query's matches but too short for
 * `bitmapOf` ("iphone"'s 17,804 at a million, "air fryer"'s which are fryer's): made for the walk
 * over a tier of its matches (`matchPositions`), which costs a pass over every word of it (125 KB
 * at a million) and a pass over the list, and kept for the next search naming it. The most
 * recently asked MOST_MATCHED_BITMAPS are kept (8 MB at a million); undefined for a search's own
 * arrays.
 */
function matchedListBitmap(index: TextIndex, list: Int32Array): Uint32Array | undefined {
  if (!isIndexList(index, list)) return undefined;
  const kept = index.matchedBitmaps;
  const at = list.byteOffset >>> 2;
  let bitmap = kept.get(at);
  if (bitmap) kept.delete(at);
  else {
    bitmap = bitmapFrom(index.size, list);
    directories.set(bitmap, directoryFrom(bitmap, list));
    if (kept.size >= MOST_MATCHED_BITMAPS) kept.delete(kept.keys().next().value!);
  }
  // Now the most recent (a Map keeps its keys in the order they were set).
  kept.set(at, bitmap);
  return bitmap;
}

/**
 * One of the index's lists holding every match of a query, the shortest found: the matches
 * themselves where they are a list (one word, "camra"'s camera, "smartwatch"'s watch, "air
 * fryer"'s fryer), else an "and"'s rarest word's ("boat earbuds": earbud's 55,831 at a million for
 * 14,056 matches). A walk of the best sellers need meet no other product (shelf-best-sellers.ts
 * `bestSellersOf`). Undefined when no one list holds them all (an "or" of words, or of prefixes).
 */
export function coveringList(index: TextIndex, query: TextQuery): Int32Array | undefined {
  const matches = matchingOnce(index, query);
  if (isIndexList(index, matches)) return matches;
  return listHoldingAll(index, query);
}

function listHoldingAll(index: TextIndex, query: TextQuery): Int32Array | undefined {
  if (query.kind === 'lexeme') {
    const held = postingsOf(index, query);
    return held.length === 1 ? held[0]!.ordinals : undefined;
  }
  if (query.kind === 'or') return undefined;
  let shortest: Int32Array | undefined;
  for (const part of query.parts) {
    const list = listHoldingAll(index, part);
    if (list && (!shortest || list.length < shortest.length)) shortest = list;
  }
  return shortest;
}

/**
 * For an "and" of words walked over one of its lists (`coveringList`: "boat earbuds" over
 * earbud's): the pattern (as `rankText`'s `patterns` number them) of the product `n` at position
 * `i` of that list, or -1 where it lacks another word, read from each other list's digits by
 * product (`digitsByProduct`) or found in it by binary search. The walk then needs no bitmap of
 * the search's own matches (125 KB to fill at a million, for the few hundred products it meets).
 * Undefined for any other query.
 */
export function patternOverList(
  index: TextIndex,
  query: TextQuery,
  list: Int32Array,
): ((i: number, n: number) => number) | undefined {
  if (query.kind !== 'and' || query.parts.some((part) => part.kind !== 'lexeme')) return undefined;
  const words = wordsOf(query);
  if (words.length !== query.parts.length) return undefined;
  const held = words.flatMap((word) => postingsOf(index, word));
  if (held.length !== words.length) return undefined;
  const own = held.findIndex((postings) => sameView(postings.ordinals, list));
  const numbered = own >= 0 ? numberPatterns(index, held, words.length) : undefined;
  if (!numbered) return undefined;
  const { listCodes, digit, weight } = numbered.lists[own]!;
  const others = numbered.lists
    .map((other, l) => ({ ...other, byProduct: digitsByProduct(index, held[l]!) }))
    .filter((_, l) => l !== own);
  return (i, n) => {
    let code = digit[listCodes[i]!]! * weight;
    for (const other of others) {
      let held: number;
      if (other.byProduct) held = other.byProduct[n]!;
      else {
        const at = lowerBound(other.list, n);
        held = other.list[at] === n ? other.digit[other.listCodes[at]!]! : 0;
      }
      if (held === 0) return -1;
      code += held * other.weight;
    }
    return code;
  };
}

/** The products matching a query, ordinals ascending (the filter panel needs no ranks). */
export function matchText(index: TextIndex, query: TextQuery): Int32Array {
  return matchingOnce(index, query);
}

/**
 * The postings list of one of the query's lexemes holding exactly the query's matches
 * (`matchText`), if one does: a view of the index's array, as a one-word search's matches are.
 * "washing machine" matches every product holding "washing", and "smartwatch" (smartwatch or
 * watch) every one holding "watch". A filter panel then counts that word's kept groups instead of
 * passing over every match. Compared element by element the first time, then remembered for the
 * query (a search's text keeps its parsed query) as long as this index serves.
 */
export function listEqualTo(index: TextIndex, query: TextQuery, matches: Int32Array): Int32Array | undefined {
  if (isIndexList(index, matches)) return matches;
  let known = equalLists.get(index);
  if (!known) {
    known = new WeakMap();
    equalLists.set(index, known);
  }
  const kept = known.get(query);
  if (kept !== undefined) return kept ?? undefined;
  let found: Int32Array | null = null;
  for (const word of wordsOf(query)) {
    for (const { ordinals } of postingsOf(index, word)) {
      if (ordinals.length !== matches.length) continue;
      let i = 0;
      while (i < matches.length && ordinals[i] === matches[i]) i++;
      if (i === matches.length) found = ordinals;
    }
  }
  known.set(query, found);
  return found ?? undefined;
}
const equalLists = new WeakMap<TextIndex, WeakMap<TextQuery, Int32Array | null>>();
