/**
 * A search's matches and their relevance from memory (decision 025): the lexemes of every product's
 * `search_vector`, as PostgreSQL wrote them, with where each occurs, and a search's query as
 * PostgreSQL parsed it (`to_tsquery('english', …)`, so stemming and stop words are the database's).
 * Pure functions: the shelf index (shelf-index.ts) reads the vectors, keeps the index beside its
 * snapshot and filters, counts and orders the matches.
 *
 * This file is the engine's public face; the engine lies in the files it re-exports from, each
 * using only those listed before it:
 *   text-query.ts          a query as `to_tsquery` writes it, parsed
 *   text-index-types.ts    the index's shape (postings in flat arrays, the caches searches fill)
 *   text-index-build.ts    building it from tsvector texts (ts_rank's strengths), postings lookup
 *   text-posting-lists.ts  ascending lists of products: gallop, bitmaps, intersect, merge, union
 *   text-strengths.ts      each posting's strength as a digit, by product where a list is long
 *   text-patterns.ts       the matches' patterns of strengths, numbered, counted and ranked
 *   text-word-matches.ts   an "and" of words, and all words but one, matched with their patterns
 *   text-matching.ts       a query's matches, as a list, a bitmap or one of the index's lists
 *   text-ranking.ts        ranking the matches as ts_rank does, all at once or one at a time
 */

export { buildTextIndex, createTextIndexBuilder, eachLexeme, lexemeStrength } from './text-index-build.js';
export type { Patterns, TextIndex } from './text-index-types.js';
export { coveringList, listEqualTo, matchPositions, matchText, patternOverList } from './text-matching.js';
export { isIndexList, sameView } from './text-posting-lists.js';
export { parseTsQueryText, type TextQuery } from './text-query.js';
export { createRanker, type Ranker, rankText, searchText } from './text-ranking.js';
