/**
 * Building the text index from the products' tsvector texts: how strongly a product holds each
 * lexeme (ts_rank's sum of its positions' weights, in float4 as PostgreSQL computes it), kept by
 * lexeme in flat arrays; and a query's lexeme's postings looked up in it.
 */

import type { Postings, TextIndex } from './text-index-types.js';
import { readQuoted } from './text-query.js';

/** ts_rank's weights for D, C, B and A (PostgreSQL's defaults), as the float4s it computes with. */
const WEIGHT: Record<string, number> = {
  A: Math.fround(1),
  B: Math.fround(0.4),
  C: Math.fround(0.2),
  D: Math.fround(0.1),
};
export const f32 = Math.fround;
/** ζ(2) = π²/6, by which ts_rank scales each word's sum (the constant as PostgreSQL writes it). */
export const ZETA_2 = 1.64493406685;

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
export function postingsAt(index: TextIndex, lexeme: string): Postings | undefined {
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
export function postingsOf(index: TextIndex, word: { lexeme: string; prefix: boolean }): Postings[] {
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
