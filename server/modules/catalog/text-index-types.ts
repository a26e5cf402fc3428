/**
 * The text index's shape: every lexeme's postings in flat arrays, and what searches work out from
 * them once and keep beside them (bitmaps, strength counts, digits by product, the last query's
 * matches and their patterns of strengths).
 */

import type { TextQuery } from './text-query.js';

/** How many of a lexeme's postings hold it with a strength (`code`: its place in `strengths`). */
export type StrengthCount = { code: number; strength: number; postings: number };

/**
 * A list's positions by strength, strongest first (`order`), in runs of one strength each:
 * `strengths[g]` held by the positions before `ends[g]` and from `ends[g - 1]` on.
 */
export type StrongestFirst = { order: Int32Array; strengths: Float64Array; ends: Int32Array };

/** A lexeme's products (ordinals ascending) and how strongly each holds it (a code of `strengths`). */
export type Postings = { lexeme: number; ordinals: Int32Array; codes: Uint16Array; strongest: number };

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
