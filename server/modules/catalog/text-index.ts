/**
 * A search's matches and their relevance from memory (decision 025): the lexemes of every product's
 * `search_vector`, as PostgreSQL wrote them, with where each occurs, and a search's query as
 * PostgreSQL parsed it (`to_tsquery('english', …)`, so stemming and stop words are the database's).
 * Pure functions: the shelf index (shelf-index.ts) reads the vectors, keeps the index beside its
 * snapshot and filters, counts and orders the matches.
 */

/** A text query: lexemes (a prefix when `prefix`) joined by and/or, as `to_tsquery` returns it. */
export type TextQuery =
  | { kind: 'lexeme'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; parts: TextQuery[] };

/**
 * The lexeme quoted at `at` in a tsquery's or tsvector's text ('' for a quote, \\ before a
 * character taken as it is) and where it ends, or undefined when there is none or it is not closed.
 */
function readQuoted(text: string, at: number): { lexeme: string; end: number } | undefined {
  if (text[at] !== "'") return undefined;
  let lexeme = '';
  for (let i = at + 1; i < text.length; ) {
    const char = text[i]!;
    if (char === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (char === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else if (char === "'") {
      return { lexeme, end: i + 1 };
    } else {
      lexeme += char;
      i++;
    }
  }
  return undefined;
}

/** Matches nothing: what `to_tsquery` gives for stop words only ("the"). */
const NOTHING: TextQuery = { kind: 'or', parts: [] };

/**
 * `to_tsquery`'s output as a TextQuery, or undefined when it holds what the index does not answer
 * (negation, phrases, weights: the search box never writes them; SQL would answer). The grammar:
 * `|` binds loosest, then `&`; parentheses; operands quoted with '' for a quote.
 */
export function parseTsQueryText(text: string): TextQuery | undefined {
  let at = 0;
  const skipSpaces = () => {
    while (text[at] === ' ') at++;
  };
  class Unsupported extends Error {}
  const operand = (): TextQuery => {
    skipSpaces();
    if (text[at] === '(') {
      at++;
      const inner = either();
      skipSpaces();
      if (text[at] !== ')') throw new Unsupported();
      at++;
      return inner;
    }
    const quoted = readQuoted(text, at);
    if (!quoted) throw new Unsupported();
    const lexeme = quoted.lexeme;
    at = quoted.end;
    let prefix = false;
    if (text[at] === ':') {
      // Only ":*" (a prefix); weights would restrict where the lexeme may occur.
      if (text[at + 1] !== '*' || /[A-Da-d]/.test(text[at + 2] ?? '')) throw new Unsupported();
      prefix = true;
      at += 2;
    }
    return { kind: 'lexeme', lexeme, prefix };
  };
  const joined = (kind: 'and' | 'or', sign: string, part: () => TextQuery) => (): TextQuery => {
    const parts = [part()];
    for (;;) {
      skipSpaces();
      if (text[at] !== sign) break;
      at++;
      parts.push(part());
    }
    return parts.length === 1 ? parts[0]! : { kind, parts };
  };
  const both = joined('and', '&', operand);
  const either = joined('or', '|', both);
  try {
    if (text.trim() === '') return NOTHING;
    const query = either();
    skipSpaces();
    return at === text.length ? query : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** How many of a lexeme's postings hold it with a strength (`code`: its place in `strengths`). */
type StrengthCount = { code: number; strength: number; postings: number };

/**
 * A list's positions by strength, strongest first (`order`), in runs of one strength each:
 * `strengths[g]` held by the positions before `ends[g]` and from `ends[g - 1]` on.
 */
type StrongestFirst = { order: Int32Array; strengths: Float64Array; ends: Int32Array };

/** A lexeme's products (ordinals ascending) and how strongly each holds it (a code of `strengths`). */
type Postings = { lexeme: number; ordinals: Int32Array; codes: Uint16Array; strongest: number };

/**
 * Every lexeme's postings in three flat arrays (a typed array per lexeme cost some 400 bytes each,
 * and most lexemes, model numbers, belong to one product): 6 bytes a (lexeme, product) pair.
 */
export type TextIndex = {
  /** How many products (ordinals 0 to size - 1). */
  size: number;
  /** Each lexeme's number: its postings are at start[l] to start[l + 1] - 1. */
  lexemeNumber: Map<string, number>;
  start: Int32Array;
  ordinals: Int32Array;
  codes: Uint16Array;
  /** The distinct strengths, by code (a few hundred: they depend only on a lexeme's weights). */
  strengths: Float32Array;
  /** Each lexeme's strongest posting's strength: no product holds it more strongly. */
  strongest: Float32Array;
  /** Every lexeme, sorted (code units), for prefixes. */
  sortedLexemes: string[];
  /**
   * Per lexeme, once a search has asked: its postings' distinct strengths and how many hold each
   * (firstByWalking's cuts). Derived from the postings, kept as long as they are.
   */
  strengthCounts: Map<number, StrengthCount[]>;
  /**
   * Per long list of postings (by where it starts in `ordinals`), once a search has asked: a bit per
   * product, set where the list holds it (`bitmapOf`).
   */
  bitmaps: Map<number, Uint32Array>;
  /**
   * Per shorter list that was a whole query's matches (by where it starts), the most recently
   * asked kept: its bitmap (`matchedListBitmap`).
   */
  matchedBitmaps: Map<number, Uint32Array>;
  /**
   * Per long list (by lexeme), once a walk has asked for its strong postings: its positions,
   * strongest first (`strongestFirst`). 4 bytes a posting, for the lists walks read.
   */
  strongestFirst: Map<number, StrongestFirst>;
  /**
   * Per long list (by lexeme), once a search has asked, the most recently asked kept
   * (`digitsByProduct`): each product's strength in the list as a digit, a byte a product.
   */
  digitsByProduct: Map<number, Uint8Array>;
  /** Whether one long list holds every product of another, once a search has asked (`holdsAll`). */
  holdsAll: Map<string, boolean>;
  /** Scratch for scoring, kept zeroed between searches (searches run one at a time). */
  scratch: Float64Array;
  /** Scratch for the matches' ranks (`rankText`), made at the first search. */
  ranks?: Uint32Array;
  /** The bitmap of the last query's matches when they are a search's own (`matchesBitmap`). */
  matchesBitmap?: Uint32Array;
  /** Scratch for patterns by product (`finishPatterns`), kept zeroed, made when first needed. */
  patternScratch?: Uint16Array;
  /**
   * The last query matched and its matches: a search of several words asks first whether they
   * all match together, then for its page, with the same query (parsed once, kept).
   */
  last?: {
    query: TextQuery;
    ordinals: Int32Array;
    bitmap?: Uint32Array;
    /** Their patterns where found with them (`andOfWords`). */
    patterns?: Patterns;
  };
};

/** ts_rank's weights for D, C, B and A (PostgreSQL's defaults), as the float4s it computes with. */
const WEIGHT: Record<string, number> = {
  A: Math.fround(1),
  B: Math.fround(0.4),
  C: Math.fround(0.2),
  D: Math.fround(0.1),
};
const f32 = Math.fround;
/** ζ(2) = π²/6, by which ts_rank scales each word's sum (the constant as PostgreSQL writes it). */
const ZETA_2 = 1.64493406685;

/**
 * How strongly a product holds a lexeme, from its positions' weights in position order: ts_rank's
 * own sum for one word (PostgreSQL's calc_rank_or, in float4 as it computes): the strongest place
 * counts in full, the others less and less (1/2², 1/3², …). Divided by ζ(2) when scored.
 */
export function lexemeStrength(weights: number[]): number {
  let sum = 0;
  let strongest = -1;
  let strongestAt = 0;
  weights.forEach((weight, j) => {
    sum = f32(sum + f32(weight / ((j + 1) * (j + 1))));
    if (weight > strongest) {
      strongest = weight;
      strongestAt = j;
    }
  });
  return f32(f32(strongest + sum) - f32(strongest / ((strongestAt + 1) * (strongestAt + 1))));
}

/**
 * Calls `each(lexeme, strength)` for every lexeme of a tsvector's text output
 * (`'earbud':6A,22 'oneplus':1A,12B`); a lexeme without positions counts as one D.
 */
export function eachLexeme(vector: string, each: (lexeme: string, strength: number) => void): void {
  let at = 0;
  const weights: number[] = [];
  while (at < vector.length) {
    if (vector[at] === ' ') {
      at++;
      continue;
    }
    const quoted = readQuoted(vector, at);
    if (!quoted) throw new Error(`unexpected tsvector text at ${at}: ${vector.slice(at, at + 20)}`);
    const lexeme = quoted.lexeme;
    at = quoted.end;
    weights.length = 0;
    if (vector[at] === ':') {
      at++;
      for (;;) {
        while (vector.charCodeAt(at) >= 48 && vector.charCodeAt(at) <= 57) at++;
        const letter = vector[at];
        if (letter === 'A' || letter === 'B' || letter === 'C' || letter === 'D') {
          weights.push(WEIGHT[letter]!);
          at++;
        } else weights.push(WEIGHT.D!);
        if (vector[at] !== ',') break;
        at++;
      }
    } else weights.push(WEIGHT.D!);
    each(lexeme, lexemeStrength(weights));
  }
}

/** A typed array twice as long holding the same values (a growing buffer). */
function grown<T extends Int32Array | Uint16Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Builds a TextIndex from products' vectors added in ordinal order: each (lexeme, strength) pair
 * is kept in flat buffers as it is read, then placed by lexeme at the end (a counting sort), so a
 * million products' vectors never sit in memory at once.
 */
export function createTextIndexBuilder() {
  const lexemeNumber = new Map<string, number>();
  const strengthCode = new Map<number, number>();
  const strengths: number[] = [];
  let pairLexeme = new Int32Array(1 << 16);
  let pairCode = new Uint16Array(1 << 16);
  let pairs = 0;
  /** Where each product's pairs end. */
  let productEnd = new Int32Array(1 << 12);
  let products = 0;
  return {
    add(vector: string) {
      eachLexeme(vector, (lexeme, strength) => {
        let number = lexemeNumber.get(lexeme);
        if (number === undefined) {
          number = lexemeNumber.size;
          lexemeNumber.set(lexeme, number);
        }
        let code = strengthCode.get(strength);
        if (code === undefined) {
          if (strengths.length === 65_536) throw new Error('more than 65,536 distinct lexeme strengths');
          code = strengths.length;
          strengthCode.set(strength, code);
          strengths.push(strength);
        }
        if (pairs === pairLexeme.length) {
          pairLexeme = grown(pairLexeme);
          pairCode = grown(pairCode);
        }
        pairLexeme[pairs] = number;
        pairCode[pairs] = code;
        pairs++;
      });
      if (products === productEnd.length) productEnd = grown(productEnd);
      productEnd[products++] = pairs;
    },

    finish(): TextIndex {
      const lexemes = lexemeNumber.size;
      const start = new Int32Array(lexemes + 1);
      for (let i = 0; i < pairs; i++) start[pairLexeme[i]! + 1]!++;
      for (let l = 0; l < lexemes; l++) start[l + 1]! += start[l]!;
      const filled = start.slice(0, lexemes);
      const ordinals = new Int32Array(pairs);
      const codes = new Uint16Array(pairs);
      let pair = 0;
      // Products in ordinal order: each lexeme's ordinals come out ascending.
      for (let n = 0; n < products; n++) {
        for (const end = productEnd[n]!; pair < end; pair++) {
          const at = filled[pairLexeme[pair]!]!++;
          ordinals[at] = n;
          codes[at] = pairCode[pair]!;
        }
      }
      const strongest = new Float32Array(lexemes);
      for (let l = 0; l < lexemes; l++) {
        for (let at = start[l]!; at < start[l + 1]!; at++) {
          const strength = strengths[codes[at]!]!;
          if (strength > strongest[l]!) strongest[l] = strength;
        }
      }
      // The default sort compares UTF-16 code units, as `<` does, without a call per comparison.
      const sortedLexemes = [...lexemeNumber.keys()].sort();
      return {
        size: products,
        lexemeNumber,
        start,
        ordinals,
        codes,
        strengths: Float32Array.from(strengths),
        strongest,
        sortedLexemes,
        strengthCounts: new Map(),
        bitmaps: new Map(),
        matchedBitmaps: new Map(),
        strongestFirst: new Map(),
        digitsByProduct: new Map(),
        holdsAll: new Map(),
        scratch: new Float64Array(products),
      };
    },
  };
}

/** The index of `vectors` (tsvector text, one per product, in ordinal order). */
export function buildTextIndex(vectors: string[]): TextIndex {
  const builder = createTextIndexBuilder();
  for (const vector of vectors) builder.add(vector);
  return builder.finish();
}

/** A lexeme's postings, as views of the flat arrays. */
function postingsAt(index: TextIndex, lexeme: string): Postings | undefined {
  const l = index.lexemeNumber.get(lexeme);
  if (l === undefined) return undefined;
  const from = index.start[l]!;
  const to = index.start[l + 1]!;
  return {
    lexeme: l,
    ordinals: index.ordinals.subarray(from, to),
    codes: index.codes.subarray(from, to),
    strongest: index.strongest[l]!,
  };
}

/** The postings a query's lexeme names: the lexeme's, or for a prefix every lexeme's it starts. */
function postingsOf(index: TextIndex, word: { lexeme: string; prefix: boolean }): Postings[] {
  if (!word.prefix) {
    const found = postingsAt(index, word.lexeme);
    return found ? [found] : [];
  }
  const lexemes = index.sortedLexemes;
  let low = 0;
  let high = lexemes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lexemes[middle]! < word.lexeme) low = middle + 1;
    else high = middle;
  }
  const found: Postings[] = [];
  for (let at = low; at < lexemes.length && lexemes[at]!.startsWith(word.lexeme); at++) {
    found.push(postingsAt(index, lexemes[at]!)!);
  }
  return found;
}

/**
 * The first position at or after `from` in an ascending list holding `n` or more: galloping (1, 2,
 * 4, … ahead, then halving), so looking up m ascending values in a list of length L costs about
 * m log(L / m) steps, not L.
 */
function gallop(list: Int32Array, n: number, from: number): number {
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
const BITMAP_FROM_SHARE = 32;

function bitmapOf(index: TextIndex, list: Int32Array): Uint32Array | undefined {
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
function bitmapFrom(size: number, list: Int32Array, into?: Uint32Array): Uint32Array {
  const bitmap = into ?? new Uint32Array((size + 31) >>> 5);
  for (let i = 0; i < list.length; i++) {
    const n = list[i]!;
    bitmap[n >>> 5]! |= 1 << (n & 31);
  }
  return bitmap;
}

/** Whether `bitmap` holds product `n`. */
function inBitmap(bitmap: Uint32Array, n: number): boolean {
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
const directories = new WeakMap<Uint32Array, Int32Array>();
function directoryOf(bitmap: Uint32Array): Int32Array {
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
function positionIn(bitmap: Uint32Array, before: Int32Array, n: number): number {
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
function keptIn(index: TextIndex, kept: Int32Array, lists: Int32Array[]): Int32Array {
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
function knownHoldsAll(index: TextIndex, longer: Int32Array, shorter: Int32Array): boolean | undefined {
  const key = holdsAllKey(index, longer, shorter);
  return key === undefined ? undefined : index.holdsAll.get(key);
}

function rememberHoldsAll(index: TextIndex, longer: Int32Array, shorter: Int32Array, holds: boolean): void {
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
function union(index: TextIndex, lists: Int32Array[]): Int32Array {
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
function matchingOnce(index: TextIndex, query: TextQuery): Int32Array {
  if (index.last?.query !== query) {
    const words = andOfWords(index, query) ?? allButOneOfWords(index, query);
    index.last = words ? { query, ...words } : { query, ordinals: matching(index, query) };
  }
  return index.last.ordinals;
}

/**
 * An "and" of whole words ("levi & jean", "soni & camera", "samsung & tv & 55"): its matches and
 * their patterns (`patternsOf`) found together, in one pass over the rarest word's postings, each
 * looked up in the other words' lists (read by product where a list keeps its digits so, else
 * walked beside). Each match holds every list, and its strength in each is where its membership
 * was found: finding the matches, then each one's digit in each list, then counting the
 * patterns were three passes over the same products (at a million, "levis jeans" walked levi's
 * 31,204 postings twice and jean's 15,592 three times). Undefined for any other query.
 */
function andOfWords(
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
function allButOneOfWords(
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

/**
 * A query's distinct lexemes in ts_rank's order: sorted, and a prefix and a whole word of the same
 * letters counted once (PostgreSQL's SortAndUniqItems compares the letters only). buildTsQuery
 * never writes both for one word.
 */
function wordsOf(query: TextQuery): { lexeme: string; prefix: boolean }[] {
  const byLexeme = new Map<string, { lexeme: string; prefix: boolean }>();
  const visit = (part: TextQuery) => {
    if (part.kind === 'lexeme') {
      if (!byLexeme.has(part.lexeme)) byLexeme.set(part.lexeme, part);
    } else part.parts.forEach(visit);
  };
  visit(query);
  return [...byLexeme.values()].sort((a, b) => (a.lexeme < b.lexeme ? -1 : a.lexeme > b.lexeme ? 1 : 0));
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
 * 14,056 matches). A walk of the best sellers need meet no other product (shelf-index.ts
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

/** Whether two arrays are the same view of the same memory. */
export function sameView(a: Int32Array, b: Int32Array): boolean {
  return a.buffer === b.buffer && a.byteOffset === b.byteOffset && a.length === b.length;
}

/** Whether `list` is a view of the index's postings (a list `coveringList` may give). */
export function isIndexList(index: TextIndex, list: Int32Array): boolean {
  return list.buffer === index.ordinals.buffer;
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

/** A float32's bits as an unsigned integer: for positive numbers, in the numbers' order. */
const float = new Float32Array(1);
const bits = new Uint32Array(float.buffer);
function bitsOf(value: number): number {
  float[0] = value;
  return bits[0]!;
}

/** A list's distinct strengths and how many of its postings hold each: counted once per lexeme. */
function strengthsHeld(index: TextIndex, { lexeme, codes }: Postings): StrengthCount[] {
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
function strongestFirst(index: TextIndex, list: Postings): StrongestFirst | undefined {
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
function digitsByProduct(index: TextIndex, list: Postings): Uint8Array | undefined {
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
function addDigits(
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

type DigitList = { list: Int32Array; listCodes: Uint16Array; digit: Int32Array; weight: number };

/** Adds each list's digits into the pattern scratch by product (kept zeroed: cleared by the caller). */
function spreadByProduct(index: TextIndex, spread: DigitList[]): Uint16Array {
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
function clearSpread(scratch: Uint16Array, spread: DigitList[]): void {
  for (const { list } of spread) for (let j = 0; j < list.length; j++) scratch[list[j]!] = 0;
}

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

/**
 * Each pattern's rank and how many matches hold each, and each match's pattern number: one at a
 * time (`codeOf`), all of them (`codes`, a pass over every match, made when first asked), or, for
 * the holders of some patterns, by reading only shorter lists (`holders`).
 */
export type Patterns = {
  ranks: Uint32Array;
  counts: Int32Array;
  /** The i-th match's pattern (product `n`). */
  codeOf(i: number, n: number): number;
  /** Every match's pattern, in order. */
  codes(): Uint16Array;
  /**
   * The matches holding the patterns `wanted` picks, with their patterns, when they can be found
   * without passing over every match (each holds one of an "or"'s shorter lists: "ghadi" of
   * "watch | ghadi:*"); undefined when not.
   */
  holders?(wanted: (pattern: number) => boolean): { n: number; pattern: number }[] | undefined;
};

/** Patterns, and what to clear once the search is done with them (`sparsePatterns`' scratch). */
type HeldPatterns = Patterns & { release?(): void };

/** Patterns whose every match's number was worked out in one pass. */
function patternsFrom(codes: Uint16Array, ranks: Uint32Array, counts: Int32Array): Patterns {
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
function patternsOf(
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
function numberPatterns(
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
const SPARSE_PATTERNS_OVER = 8;

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

/** The first position in an ascending list holding `n` or more (binary search). */
function lowerBound(list: Int32Array, n: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < n) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A query's relevance one product at a time, for pages found by walking the best sellers instead
 * of ranking every match (shelf-index.ts `firstByWalking`): whether a product matches, its rank
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
