import { describe, expect, it } from 'vitest';
import {
  buildTextIndex,
  createRanker,
  eachLexeme,
  lexemeStrength,
  listEqualTo,
  matchText,
  parseTsQueryText,
  searchText,
  type TextQuery,
} from './text-index.js';

const word = (lexeme: string, prefix = false) => ({ kind: 'lexeme', lexeme, prefix }) as const;

describe("to_tsquery's output as a query", () => {
  it('reads words, prefixes, "and" over "or", and parentheses', () => {
    expect(parseTsQueryText("'samsung' & ( 'tv' | 'televis' ) | 'sam':*")).toEqual({
      kind: 'or',
      parts: [
        { kind: 'and', parts: [word('samsung'), { kind: 'or', parts: [word('tv'), word('televis')] }] },
        word('sam', true),
      ],
    });
    expect(parseTsQueryText("'it''s'")).toEqual(word("it's"));
  });

  it('matches nothing for stop words only, and leaves to SQL what the index does not answer', () => {
    expect(parseTsQueryText('')).toEqual({ kind: 'or', parts: [] });
    expect(parseTsQueryText("!'tv'")).toBeUndefined();
    expect(parseTsQueryText("'smart' <-> 'watch'")).toBeUndefined();
    expect(parseTsQueryText("'tv':A")).toBeUndefined();
    expect(parseTsQueryText("'tv' & ")).toBeUndefined();
  });
});

describe('the text index', () => {
  it("reads a tsvector's text: lexemes, positions and their weights (none: D)", () => {
    const read: [string, number][] = [];
    eachLexeme("'earbud':6A,22 'it''s':3 'x'", (lexeme, strength) => read.push([lexeme, strength]));
    expect(read).toEqual([
      ['earbud', lexemeStrength([1, 0.1])],
      ["it's", lexemeStrength([0.1])],
      ['x', lexemeStrength([0.1])],
    ]);
    // A title word outweighs the same word in the description, however often it is there.
    expect(lexemeStrength([1])).toBeGreaterThan(lexemeStrength([0.1, 0.1, 0.1, 0.1]));
  });

  it('finds every word together or any of them, with prefixes, and ranks title words first', async () => {
    const index = buildTextIndex([
      "'boat':1A 'earbud':2A 'bass':9",
      "'sony':1A 'headphon':2A 'earbud':12",
      "'boat':1A 'speaker':2A",
      "'samsung':1A 'tv':2A",
    ]);
    const found = (query: Parameters<typeof searchText>[1]) => [...searchText(index, query).ordinals];
    expect(found({ kind: 'and', parts: [word('boat'), word('earbud')] })).toEqual([0]);
    expect(found({ kind: 'or', parts: [word('boat'), word('earbud')] })).toEqual([0, 1, 2]);
    expect(found(word('sam', true))).toEqual([3]);
    expect(found(word('nosuch'))).toEqual([]);
    const { ordinals, scores } = searchText(index, word('earbud'));
    expect([...ordinals]).toEqual([0, 1]);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    // The scratch it adds up in is left clean for the next search.
    expect(index.scratch.every((value) => value === 0)).toBe(true);
  });

  it("names the one word's postings a search's matches are, if they are one word's", () => {
    const index = buildTextIndex([
      "'wash':1A 'machin':2A",
      "'machin':1A 'coffe':2A",
      "'wash':1A 'machin':2A 'front':3",
      "'smartwatch':1A 'watch':4",
      "'watch':1A 'analog':2A",
    ]);
    const equal = (query: TextQuery) => {
      const list = listEqualTo(index, query, matchText(index, query));
      return list && [...list];
    };
    // Every product holding "wash" holds "machin": the matches are "wash"'s postings.
    expect(equal({ kind: 'and', parts: [word('wash'), word('machin')] })).toEqual([0, 2]);
    // Every "smartwatch" holds "watch": the matches are "watch"'s.
    expect(equal({ kind: 'or', parts: [word('smartwatch'), word('watch')] })).toEqual([3, 4]);
    // A one-word search's matches are its word's, as they are.
    expect(equal(word('machin'))).toEqual([0, 1, 2]);
    // Matches no single word holds.
    expect(equal({ kind: 'or', parts: [word('coffe'), word('analog')] })).toBeUndefined();
    expect(equal({ kind: 'and', parts: [word('machin'), word('front')] })).toEqual([2]);
    expect(equal({ kind: 'and', parts: [word('wash'), word('coffe')] })).toBeUndefined();
  });

  it('ranks alike whichever way it adds up: one list, lists added up, matches looked up', () => {
    // "alpha" in products 0-149 (in the title or not), "beta" in 140-199 at two places.
    const vectors = Array.from({ length: 200 }, (_, n) =>
      [n < 150 ? `'alpha':${1 + (n % 3)}${n % 2 ? 'A' : ''}` : '', n >= 140 ? `'beta':${4 + (n % 5)},9` : '']
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    // Both: 10 matches of 210 postings, so each match is looked up; either: 200, added up.
    const both = searchText(index, { kind: 'and', parts: [word('alpha'), word('beta')] });
    const either = searchText(index, { kind: 'or', parts: [word('alpha'), word('beta')] });
    expect([...both.ordinals]).toEqual(Array.from({ length: 10 }, (_, i) => 140 + i));
    both.ordinals.forEach((n, i) => {
      expect(both.scores[i], String(n)).toBe(either.scores[either.ordinals.indexOf(n)]);
    });
    // Held by one list of postings ("gamma" matches nothing): its strength over the two words.
    const alone = searchText(index, { kind: 'or', parts: [word('alpha'), word('gamma')] });
    const [first] = (() => {
      const read: number[] = [];
      eachLexeme(vectors[1]!, (_, strength) => read.push(strength));
      return read;
    })();
    expect(alone.scores[1]).toBe(Math.fround(Math.fround(first! / 1.64493406685) / 2));
    expect(alone.scores[1]).toBeGreaterThan(alone.scores[0]!);
  });

  it('ranks one product at a time as it ranks them all, and its cuts never rank above what they are cut for', () => {
    const vectors = Array.from({ length: 120 }, (_, n) =>
      [
        n % 2 === 0 ? `'alpha':${1 + (n % 4)}${n % 3 ? 'A' : ''}${n % 5 ? '' : ',20'}` : '',
        n % 3 === 0 ? `'alphabet':${7 + (n % 2)}${n % 7 ? 'B' : ''}` : '',
        n % 5 < 3 ? `'beta':${2 + (n % 6)}${n % 4 ? '' : 'A'}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const queries: TextQuery[] = [
      { kind: 'and', parts: [word('alpha', true), word('beta')] },
      { kind: 'or', parts: [word('alpha'), word('beta')] },
      word('alpha', true),
    ];
    for (const query of queries) {
      const all = searchText(index, query);
      const ranker = createRanker(index, query);
      const bits = new Uint32Array(new Float32Array(all.scores).buffer);
      expect([...ranker.matches]).toEqual([...all.ordinals]);
      all.ordinals.forEach((n, i) => {
        expect(ranker.has(n)).toBe(true);
        expect(ranker.rank(n), `${JSON.stringify(query)} ${n}`).toBe(bits[i]);
        expect(ranker.rank(n)).toBeLessThanOrEqual(ranker.best);
      });
      expect(ranker.has(1_000)).toBe(false);
      for (const rank of new Set(bits)) {
        const cut = ranker.cutAtMost(rank);
        expect(ranker.rankOfStrengths(cut)).toBeLessThanOrEqual(rank);
        // Every match ranked above `rank` holds some list more strongly than the cut.
        const stronger = new Set<number>();
        ranker.stronger(cut, (n) => stronger.add(n));
        all.ordinals.forEach((n, i) => {
          if (bits[i]! > rank) expect(stronger.has(n), String(n)).toBe(true);
        });
        let postings = 0;
        ranker.stronger(cut, () => postings++);
        expect(ranker.countStronger(cut)).toBe(postings);
      }
    }
  });
});
