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
    if (text[at] !== "'") throw new Unsupported();
    at++;
    let lexeme = '';
    for (;;) {
      if (at >= text.length) throw new Unsupported();
      const char = text[at]!;
      if (char === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === '\\') {
        lexeme += text[at + 1] ?? '';
        at += 2;
      } else if (char === "'") {
        at++;
        break;
      } else {
        lexeme += char;
        at++;
      }
    }
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

/** Each lexeme's products (ordinals ascending) and how strongly each holds it. */
type Postings = { ordinals: Int32Array; strength: Float32Array };

export type TextIndex = {
  /** How many products (ordinals 0 to size - 1). */
  size: number;
  postings: Map<string, Postings>;
  /** Every lexeme, sorted (code units), for prefixes. */
  sortedLexemes: string[];
  /** Scratch for scoring, kept zeroed between searches (searches run one at a time). */
  scratch: Float64Array;
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
    if (vector[at] !== "'")
      throw new Error(`unexpected tsvector text at ${at}: ${vector.slice(at, at + 20)}`);
    at++;
    let lexeme = '';
    for (;;) {
      const char = vector[at]!;
      if (char === undefined) throw new Error('unterminated lexeme in tsvector text');
      if (char === "'" && vector[at + 1] === "'") {
        lexeme += "'";
        at += 2;
      } else if (char === '\\') {
        lexeme += vector[at + 1] ?? '';
        at += 2;
      } else if (char === "'") {
        at++;
        break;
      } else {
        lexeme += char;
        at++;
      }
    }
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

/**
 * The index of `vectors` (tsvector text, one per product, in ordinal order). Built in slices with
 * a pause for the event loop between them: a million products' vectors take seconds to read.
 */
export async function buildTextIndex(vectors: string[], sliceSize = 5_000): Promise<TextIndex> {
  const ordinalsOf = new Map<string, number[]>();
  const strengthsOf = new Map<string, number[]>();
  for (let from = 0; from < vectors.length; from += sliceSize) {
    const to = Math.min(vectors.length, from + sliceSize);
    for (let n = from; n < to; n++) {
      eachLexeme(vectors[n]!, (lexeme, strength) => {
        let ordinals = ordinalsOf.get(lexeme);
        if (!ordinals) {
          ordinals = [];
          ordinalsOf.set(lexeme, ordinals);
          strengthsOf.set(lexeme, []);
        }
        ordinals.push(n);
        strengthsOf.get(lexeme)!.push(strength);
      });
    }
    if (to < vectors.length) await new Promise((resolve) => setImmediate(resolve));
  }
  const postings = new Map<string, Postings>();
  for (const [lexeme, ordinals] of ordinalsOf) {
    postings.set(lexeme, {
      ordinals: Int32Array.from(ordinals),
      strength: Float32Array.from(strengthsOf.get(lexeme)!),
    });
  }
  const sortedLexemes = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { size: vectors.length, postings, sortedLexemes, scratch: new Float64Array(vectors.length) };
}

/** The postings a query's lexeme names: the lexeme's, or for a prefix every lexeme's it starts. */
function postingsOf(index: TextIndex, word: { lexeme: string; prefix: boolean }): Postings[] {
  if (!word.prefix) {
    const found = index.postings.get(word.lexeme);
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
    found.push(index.postings.get(lexemes[at]!)!);
  }
  return found;
}

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let k = 0;
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

/** The distinct ordinals of several ascending lists, ascending. */
function union(lists: Int32Array[]): Int32Array {
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0]!;
  let length = 0;
  for (const list of lists) length += list.length;
  const all = new Int32Array(length);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let k = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[k++] = all[i]!;
  return all.subarray(0, k);
}

/** The ordinals matching a query, ascending. */
function matching(index: TextIndex, query: TextQuery): Int32Array {
  if (query.kind === 'lexeme') return union(postingsOf(index, query).map((p) => p.ordinals));
  if (query.kind === 'or') return union(query.parts.map((part) => matching(index, part)));
  const parts = query.parts.map((part) => matching(index, part)).sort((a, b) => a.length - b.length);
  return parts.reduce((kept, next) => (kept.length === 0 ? kept : intersect(kept, next)));
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
 * The products matching a query (ordinals ascending) and each one's relevance: ts_rank of its
 * vector and the query with every "and" made "or" (the sum, over the query's distinct words, of how
 * strongly the product holds each, over their number), computed as PostgreSQL does, float4
 * roundings included, so that equal ranks tie there and here alike. The SQL fallback ranks with
 * the same (decision 025): one order whichever answers.
 */
export function searchText(
  index: TextIndex,
  query: TextQuery,
): { ordinals: Int32Array; scores: Float64Array } {
  const ordinals = matching(index, query);
  const scores = new Float64Array(ordinals.length);
  if (ordinals.length === 0) return { ordinals, scores };
  const words = wordsOf(query);
  const held = words.flatMap((word) => postingsOf(index, word));
  const { scratch } = index;
  for (const { ordinals: products, strength } of held) {
    for (let i = 0; i < products.length; i++) {
      const n = products[i]!;
      scratch[n] = f32(scratch[n]! + strength[i]! / ZETA_2);
    }
  }
  for (let i = 0; i < ordinals.length; i++) scores[i] = f32(scratch[ordinals[i]!]! / words.length);
  for (const { ordinals: products } of held)
    for (let i = 0; i < products.length; i++) scratch[products[i]!] = 0;
  return { ordinals, scores };
}

/** Whether anything matches (the search falls back to any word when all together find nothing). */
export function anyText(index: TextIndex, query: TextQuery): boolean {
  return matching(index, query).length > 0;
}
