import { describe, expect, it } from 'vitest';
import { buildTextIndex, eachLexeme, lexemeStrength, parseTsQueryText, searchText } from './text-index.js';

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
});
