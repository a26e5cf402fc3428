import { describe, expect, it } from 'vitest';
import {
  buildTextIndex,
  coveringList,
  createRanker,
  eachLexeme,
  lexemeStrength,
  listEqualTo,
  matchPositions,
  matchText,
  parseTsQueryText,
  patternOverList,
  rankText,
  searchText,
  type TextQuery,
} from './text-index.js';

const word = (lexeme: string, prefix = false) => ({ kind: 'lexeme', lexeme, prefix }) as const;

/** Each vector's lexemes. */
function lexemesOf(vectors: string[]): Set<string>[] {
  return vectors.map((vector) => {
    const lexemes = new Set<string>();
    eachLexeme(vector, (lexeme) => lexemes.add(lexeme));
    return lexemes;
  });
}

/** ts_rank as decision 025 has it, of one product's vector: each word's lexemes in sorted order. */
function tsRank(vector: string, words: { lexeme: string; prefix: boolean }[]): number {
  const held = new Map<string, number>();
  eachLexeme(vector, (lexeme, strength) => held.set(lexeme, Math.fround(strength)));
  let sum = 0;
  for (const w of words) {
    const lexemes = [...held.keys()]
      .filter((l) => (w.prefix ? l.startsWith(w.lexeme) : l === w.lexeme))
      .sort();
    for (const l of lexemes) sum = Math.fround(sum + held.get(l)! / 1.64493406685);
  }
  return Math.fround(sum / words.length);
}

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

  it('ranks alike whichever way it adds up: one list, patterns of strengths, lists added up, matches looked up', () => {
    // "alpha" in products 0-149 (in the title or not), "beta" in 140-199 at two places; "pre0" to
    // "pre11" in most products with varied weights (too many patterns of strengths to number);
    // "solo" in every tenth.
    const vectors = Array.from({ length: 300 }, (_, n) =>
      [
        n < 150 ? `'alpha':${1 + (n % 3)}${n % 2 ? 'A' : ''}` : '',
        n >= 140 && n < 200 ? `'beta':${4 + (n % 5)},9` : '',
        ...Array.from({ length: 12 }, (_, j) =>
          (n + j) % 3 === 0
            ? ''
            : `'pre${j}':${10 + j}${'ABCD'[(n * (j + 1)) % 4]}${(n + j) % 5 === 0 ? ',40' : ''}`,
        ),
        n % 10 === 0 ? "'solo':50" : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const expected = (n: number, words: { lexeme: string; prefix: boolean }[]) => tsRank(vectors[n]!, words);
    const queries: [TextQuery, { lexeme: string; prefix: boolean }[]][] = [
      // Both: 10 matches; either: 200 (patterns of strengths).
      [{ kind: 'and', parts: [word('alpha'), word('beta')] }, [word('alpha'), word('beta')]],
      [{ kind: 'or', parts: [word('alpha'), word('beta')] }, [word('alpha'), word('beta')]],
      // Twelve lexemes, most products: added up; with "solo", 30 matches: looked up.
      [word('pre', true), [word('pre', true)]],
      [{ kind: 'and', parts: [word('pre', true), word('solo')] }, [word('pre', true), word('solo')]],
      // Held by one list of postings ("gamma" matches nothing): its strength over the two words.
      [{ kind: 'or', parts: [word('alpha'), word('gamma')] }, [word('alpha'), word('gamma')]],
    ];
    for (const [query, words] of queries) {
      const { ordinals, scores } = searchText(index, query);
      expect(ordinals.length, JSON.stringify(query)).toBeGreaterThan(0);
      ordinals.forEach((n, i) => {
        expect(scores[i], `${JSON.stringify(query)} ${n}`).toBe(expected(n, words));
      });
    }
    expect(index.scratch.every((value) => value === 0)).toBe(true);
  });

  it('ranks an "and" alike when its longer lists\' digits are read by product, found beside the matches, or made again', () => {
    // 3,200 products: "common" in every one; "w0" to "w39" each in every 20th (a long list, 160
    // postings: a 32nd of the products is the least for digits by product); "rare" in every 23rd
    // (139: long too, but the rarest of "wj & rare", whose postings are read as they are); "mid"
    // in every 40th and "few" in every 50th (80 and 64: shorter than a 32nd); each with varied
    // weights and positions, so that every list holds several strengths.
    const size = 3_200;
    const strength = (n: number, at: number) =>
      `${at + (n % 3)}${'ABCD'[n % 4]}${n % 5 === 0 ? `,${at + 20}` : ''}`;
    const vectors = Array.from({ length: size }, (_, n) =>
      [
        `'common':${strength(n, 1)}`,
        ...Array.from({ length: 40 }, (_, j) => ((n + j) % 20 === 0 ? `'w${j}':${strength(n + j, 5)}` : '')),
        n % 40 === 0 ? `'mid':${strength(n, 8)}` : '',
        n % 23 === 0 ? `'rare':${strength(n, 9)}` : '',
        n % 50 === 0 ? `'few':${strength(n, 11)}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const ranksOf = (query: TextQuery, words: { lexeme: string; prefix: boolean }[]) =>
      rankText(index, query, (matches, ranks, patterns) => {
        expect(patterns, JSON.stringify(query)).toBeDefined();
        return {
          got: [...ranks()],
          want: [...matches].map(
            (n) => new Uint32Array(Float32Array.of(tsRank(vectors[n]!, words)).buffer)[0]!,
          ),
        };
      });
    const and = (...lexemes: string[]) =>
      [{ kind: 'and', parts: lexemes.map((l) => word(l)) }, lexemes.sort().map((l) => word(l))] as const;
    // Every "wj & rare" (6 or 7 matches): wj's digits by product; "mid & rare" (3): rare's;
    // "few & mid" (16): mid's list, shorter than a 32nd, found beside them; "w3 & (rare | few)",
    // an "and" of an "or", its matches found first and their digits added after.
    const queries: (readonly [TextQuery, { lexeme: string; prefix: boolean }[]])[] = [
      ...Array.from({ length: 40 }, (_, j) => and(`w${j}`, 'rare')),
      and('mid', 'rare'),
      and('few', 'mid'),
      [
        { kind: 'and', parts: [word('w3'), { kind: 'or', parts: [word('rare'), word('few')] }] },
        [word('few'), word('rare'), word('w3')],
      ],
    ];
    for (const [query, words] of queries) {
      const { got, want } = ranksOf(query, words);
      expect(got.length, JSON.stringify(query)).toBeGreaterThan(2);
      expect(got, JSON.stringify(query)).toEqual(want);
    }
    // 41 long lists read by product (the forty w's, then rare's): the 32 most recently asked are kept.
    expect(index.digitsByProduct.size).toBe(32);
    expect(index.digitsByProduct.has(index.lexemeNumber.get('mid')!)).toBe(false);
    expect(index.digitsByProduct.has(index.lexemeNumber.get('w0')!)).toBe(false);
    // Asked again, w0's digits are made again, alike; rare, asked last, was not dropped.
    const { got, want } = ranksOf(...and('w0', 'rare'));
    expect(got).toEqual(want);
    expect(index.digitsByProduct.has(index.lexemeNumber.get('w0')!)).toBe(true);
    expect(index.digitsByProduct.has(index.lexemeNumber.get('rare')!)).toBe(true);
    expect(index.digitsByProduct.size).toBe(32);
  });

  it('remembers which long list holds all of another, answering alike, and counts a list named twice once', () => {
    // 640 products: "watch" in each, "machin" in every 4th, "smartwatch" and "wash" in every 8th
    // (held by watch and by machin), "band" in every 5th, "strap" in every 3rd: every list a
    // 32nd of the products or more, each with its bitmap.
    const words: [string, (n: number) => boolean][] = [
      ['watch', () => true],
      ['machin', (n) => n % 4 === 0],
      ['smartwatch', (n) => n % 8 === 0],
      ['wash', (n) => n % 8 === 0],
      ['band', (n) => n % 5 === 0],
      ['strap', (n) => n % 3 === 0],
    ];
    const vectors = Array.from({ length: 640 }, (_, n) =>
      words
        .filter(([, holds]) => holds(n))
        .map(([w], at) => `'${w}':${at + 1}`)
        .join(' '),
    );
    const holding = (w: string) => words.find(([name]) => name === w)![1];
    const or = (a: string, b: string): TextQuery => ({ kind: 'or', parts: [word(a), word(b)] });
    const and = (a: string, b: string): TextQuery => ({ kind: 'and', parts: [word(a), word(b)] });
    const cases: [TextQuery, (n: number) => boolean][] = [
      [or('smartwatch', 'watch'), () => true],
      [or('band', 'smartwatch'), (n) => holding('band')(n) || holding('smartwatch')(n)],
      [and('wash', 'machin'), holding('wash')],
      [and('strap', 'smartwatch'), (n) => holding('strap')(n) && holding('smartwatch')(n)],
    ];
    const index = buildTextIndex(vectors);
    const everyProduct = Array.from({ length: 640 }, (_, n) => n);
    for (let round = 0; round < 2; round++) {
      for (const [query, matches] of cases)
        expect([...matchText(index, query)], `${round} ${JSON.stringify(query)}`).toEqual(
          everyProduct.filter(matches),
        );
      // The second round answers from what the first found out: both ways, the same.
      expect(new Set(index.holdsAll.values())).toEqual(new Set([true, false]));
    }
    // "watch | watch" is watch's list, found without asking whether it holds itself.
    const fresh = buildTextIndex(vectors);
    expect([...matchText(fresh, or('watch', 'watch'))]).toEqual(everyProduct);
    expect(fresh.holdsAll.size).toBe(0);
  });

  it('counts an "or"\'s patterns from its shorter lists as a pass over every match does, and leaves its scratch clear', () => {
    // "watch" in all 400 products (title or not, once or twice); "smartwatch" in every 25th and
    // "band" in every 40th (some both), each with varied weights: their postings are far fewer
    // than the matches, which are watch's list. Smartwatch's 16 postings are a 32nd of the
    // products or more (band's 10 are not): "smartwatch | watch" reads the two lists' digits by
    // product, "smartwatch | band | watch" marks the patterns in a scratch array.
    const vectors = Array.from({ length: 400 }, (_, n) =>
      [
        `'watch':${1 + (n % 4)}${n % 3 === 0 ? 'A' : ''}${n % 7 === 0 ? ',30' : ''}`,
        n % 25 === 0 ? `'smartwatch':${5 + (n % 2)}${n % 50 === 0 ? 'A' : 'B'}` : '',
        n % 40 === 0 ? `'band':9${n % 80 === 0 ? 'C' : ''}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const rankBits = (score: number) => new Uint32Array(Float32Array.of(score).buffer)[0]!;
    const cases: [TextQuery, (n: number) => boolean][] = [
      [
        { kind: 'or', parts: [word('smartwatch'), word('band'), word('watch')] },
        (n) => n % 25 === 0 || n % 40 === 0,
      ],
      [{ kind: 'or', parts: [word('smartwatch'), word('watch')] }, (n) => n % 25 === 0],
    ];
    for (const [query, shorter] of cases) {
      const { ordinals, scores } = searchText(index, query);
      expect(ordinals.length).toBe(400);
      // The best a product holding watch alone ranks: only the shorter lists' products rank above it.
      const watchAlone = Math.max(...[...ordinals].filter((n) => !shorter(n)).map((n) => scores[n]!));
      const look = (over: number) =>
        rankText(
          index,
          query,
          (matches, ranks, patterns) => {
            const codes = [...patterns!.codes()];
            const counts = new Map<number, number>();
            for (const code of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
            const strong = patterns!.holders?.((pattern) => patterns!.ranks[pattern]! > rankBits(watchAlone));
            return {
              sparse: patterns!.holders !== undefined,
              ranks: [...ranks()],
              codeOf: [...matches].map((n, i) => patterns!.codeOf(i, n)),
              codes,
              counts: [...patterns!.counts].map((count, code) => [count, counts.get(code) ?? 0]),
              strong: strong
                ?.map(({ n, pattern }) => [n, patterns!.ranks[pattern]])
                .sort((a, b) => a[0]! - b[0]!),
            };
          },
          { sparsePatternsOver: over },
        );
      const sparse = look(8);
      const pass = look(Infinity);
      expect([sparse.sparse, pass.sparse]).toEqual([true, false]);
      // Both rank as ts_rank does (searchText's), and every count is its pattern's matches.
      expect(sparse.ranks).toEqual([...scores].map(rankBits));
      expect(sparse.codes).toEqual(pass.codes);
      expect(sparse.codeOf).toEqual(pass.codes);
      for (const [count, counted] of sparse.counts) expect(count).toBe(counted);
      // The holders of the patterns ranking above watch alone: the shorter lists' products, each
      // once (product 0 holds smartwatch and band), with their ranks.
      const above = [...ordinals].filter((n) => scores[n]! > watchAlone);
      expect(above.length).toBeGreaterThan(3);
      expect(above.every(shorter)).toBe(true);
      expect(sparse.strong).toEqual(above.map((n) => [n, rankBits(scores[n]!)]));
      // Patterns of watch alone (product 1's) are found by no shorter list.
      expect(
        rankText(index, query, (_, __, patterns) =>
          patterns!.holders!((pattern) => pattern === sparse.codes[1]),
        ),
      ).toBeUndefined();
      expect(index.patternScratch!.every((value) => value === 0)).toBe(true);
    }
    // The two lists' digits by product were read; band's list is too short to keep its own.
    const kept = (lexeme: string) => index.digitsByProduct.has(index.lexemeNumber.get(lexeme)!);
    expect([kept('smartwatch'), kept('watch'), kept('band')]).toEqual([true, true, false]);
  });

  it('finds an "and" of words and "every word but one" in one pass, as sets and ts_rank have them', () => {
    // 4,000 products; "a0" to "a5" from rare (12) to common (2,400), so that some lists keep their
    // digits by product (a 32nd: 125 postings) and some are walked beside; "twin" and "twain" in
    // the same tenth of the products, "lone" in another tenth; "x", "y" and "z" in 100 each (all
    // walked beside), two of them in every 40th or so, y's last after x's (y held with other strengths than x's).
    const size = 4_000;
    const rates = [3, 20, 40, 100, 300, 600];
    const has = (n: number, j: number) => {
      // A hash of (n, j), so that the words fall independently of each other.
      let x = Math.imul(n ^ (j << 16), 0x45d9f3b);
      x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
      return ((x ^ (x >>> 16)) >>> 0) % 1_000 < rates[j]!;
    };
    const strength = (n: number, at: number) =>
      `${at + (n % 3)}${'ABCD'[n % 4]}${n % 5 === 0 ? `,${at + 20}` : ''}`;
    const vectors = Array.from({ length: size }, (_, n) =>
      [
        ...rates.map((_, j) => (has(n, j) ? `'a${j}':${strength(n + j, j + 1)}` : '')),
        n % 10 === 0 ? `'twin':${strength(n, 8)} 'twain':${strength(n + 1, 9)}` : '',
        n % 10 === 5 ? `'lone':${strength(n, 10)}` : '',
        n % 40 === 0 ? `'x':${strength(n, 11)}` : '',
        n % 80 === 0 || n % 80 === 43 ? `'y':${12 + (n % 3)}${'AB'[n % 2]},40D` : '',
        n % 80 === 40 || n % 80 === 43 ? `'z':${strength(n + 2, 13)}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const holds = lexemesOf(vectors);
    const and = (...lexemes: string[]): TextQuery => ({ kind: 'and', parts: lexemes.map((l) => word(l)) });
    // As buildTsQuery's allButOne writes it: one "and" per word left out, joined by "or".
    const allButOne = (...lexemes: string[]): TextQuery => ({
      kind: 'or',
      parts: lexemes.map((_, out) => and(...lexemes.filter((_, i) => i !== out))),
    });
    const cases: [TextQuery, string[], (held: number) => boolean][] = [];
    for (const lexemes of [
      ['a0', 'a5'],
      ['a2', 'a3'],
      ['a3', 'a4', 'a5'],
      ['a2', 'a3', 'a4', 'a5'],
      ['twain', 'twin'],
    ])
      cases.push([and(...lexemes), lexemes, (held) => held === lexemes.length]);
    for (const lexemes of [
      ['a1', 'a3', 'a5'],
      ['a4', 'a5', 'a3'],
      ['a0', 'a2', 'a4', 'a5'],
      ['twin', 'twain', 'lone'],
      ['a2', 'twin', 'lone'],
      ['x', 'y', 'z'],
    ])
      cases.push([allButOne(...lexemes), lexemes, (held) => held >= lexemes.length - 1]);
    for (const [query, lexemes, matches] of cases) {
      const want = Array.from({ length: size }, (_, n) => n).filter((n) =>
        matches(lexemes.filter((l) => holds[n]!.has(l)).length),
      );
      const { ordinals, scores } = searchText(index, query);
      expect([...ordinals], JSON.stringify(query)).toEqual(want);
      expect(want.length, JSON.stringify(query)).toBeGreaterThan(3);
      const words = [...lexemes].sort().map((l) => word(l));
      ordinals.forEach((n, i) => {
        expect(scores[i], `${JSON.stringify(query)} ${n}`).toBe(tsRank(vectors[n]!, words));
      });
    }
    // Every match holding one list, and that list holding only matches: the matches are that list
    // itself, a view of the index's postings (its bitmap and kept groups serve again).
    for (const query of [and('twin', 'twain'), allButOne('twin', 'twain', 'lone')]) {
      const matches = matchText(index, { kind: 'or', parts: [] }) && matchText(index, query);
      expect(listEqualTo(index, query, matches), JSON.stringify(query)).toBe(matches);
      expect(matches.length).toBe(size / 10);
    }
    // Three words, one holding the rarest whole ("twain" every "twin"), another none of it
    // ("lone") or some ("a5"): asked twice, the second time with the holder known and tested
    // last, the same matches and ranks.
    for (const round of [1, 2]) {
      for (const lexemes of [
        ['twin', 'twain', 'lone'],
        ['twin', 'twain', 'a5'],
      ]) {
        const query = and(...lexemes);
        const want = Array.from({ length: size }, (_, n) => n).filter((n) =>
          lexemes.every((l) => holds[n]!.has(l)),
        );
        const { ordinals, scores } = searchText(index, query);
        expect([...ordinals], `${round} ${lexemes}`).toEqual(want);
        const words = [...lexemes].sort().map((l) => word(l));
        ordinals.forEach((n, i) => {
          expect(scores[i], `${round} ${lexemes} ${n}`).toBe(tsRank(vectors[n]!, words));
        });
      }
    }
    // Whether a product matches and where it stands among the matches (a walk over a tier): an
    // "and"'s own matches share one bitmap the index fills again for each query, and a short
    // list's is kept. Each query in turn, and the first again, answers for its own matches.
    for (const query of [and('a2', 'a3'), and('a3', 'a4', 'a5'), word('x'), word('y'), and('a2', 'a3')]) {
      const matches = matchText(index, query);
      const at = new Map([...matches].map((n, i) => [n, i]));
      const positions = matchPositions(index, query);
      const got = Array.from({ length: size }, (_, n) => (positions.has(n) ? positions.at(n) : -1));
      const want = Array.from({ length: size }, (_, n) => at.get(n) ?? -1);
      expect(got, JSON.stringify(query)).toEqual(want);
    }
  });

  it('matches as sets do: and, or, prefixes, nested, rare words and common ones, one holding another', () => {
    // Words from rare (w0: 6 of 2,000 products, tested by walking its list) to common (w9: most),
    // and "sub" held only by products holding "super".
    const size = 2_000;
    const has = (n: number, j: number) =>
      (n * 7919 + j * 104_729) % 1_000 < [3, 10, 40, 80, 150, 250, 400, 500, 700, 900][j]!;
    const vectors = Array.from({ length: size }, (_, n) =>
      [
        ...Array.from({ length: 10 }, (_, j) => (has(n, j) ? `'w${j}':${j + 1}` : '')),
        n % 4 === 0 ? "'super':20" : '',
        n % 12 === 0 ? "'sub':21" : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
    const index = buildTextIndex(vectors);
    const holds = lexemesOf(vectors);
    const naive = (query: TextQuery, n: number): boolean =>
      query.kind === 'lexeme'
        ? [...holds[n]!].some((l) => (query.prefix ? l.startsWith(query.lexeme) : l === query.lexeme))
        : query.kind === 'and'
          ? query.parts.every((part) => naive(part, n))
          : query.parts.some((part) => naive(part, n));
    const w = (j: number) => word(`w${j}`);
    const queries: TextQuery[] = [
      { kind: 'and', parts: [w(9), w(8)] },
      { kind: 'and', parts: [w(0), w(9)] },
      { kind: 'and', parts: [w(1), w(0)] },
      { kind: 'and', parts: [w(2), { kind: 'or', parts: [w(0), w(7), w(9)] }] },
      { kind: 'and', parts: [w(6), { kind: 'or', parts: [w(0), w(1)] }, w(8)] },
      { kind: 'and', parts: [w(5), { kind: 'or', parts: [w(1), { kind: 'and', parts: [w(3), w(9)] }] }] },
      { kind: 'or', parts: [word('sub'), word('super')] },
      { kind: 'or', parts: [word('sub'), w(4)] },
      { kind: 'and', parts: [word('w', true), word('sub')] },
      { kind: 'and', parts: [w(7), word('nosuch')] },
    ];
    let covered = 0;
    let patterned = 0;
    for (const query of queries) {
      const want = Array.from({ length: size }, (_, n) => n).filter((n) => naive(query, n));
      expect([...matchText(index, query)], JSON.stringify(query)).toEqual(want);
      // One product at a time (the best-seller walk's way: by bitmap where a list is long), alike.
      const { ordinals, scores } = searchText(index, query);
      const bits = new Uint32Array(new Float32Array(scores).buffer);
      const ranker = createRanker(index, query);
      for (let n = 0; n < size; n++) {
        const at = ordinals.indexOf(n);
        expect(ranker.has(n), `${JSON.stringify(query)} ${n}`).toBe(at >= 0);
        if (at >= 0) expect(ranker.rank(n), `${JSON.stringify(query)} ${n}`).toBe(bits[at]);
      }
      // A list holding every match (the best-seller walk's, over it alone), and over it each
      // product's pattern of an "and" of words as ranking them all numbers it (-1: no match).
      const cover = coveringList(index, query);
      if (!cover) continue;
      covered++;
      const inCover = new Set(cover);
      expect(
        want.every((n) => inCover.has(n)),
        JSON.stringify(query),
      ).toBe(true);
      const patternAt = patternOverList(index, query, cover);
      if (!patternAt) continue;
      rankText(index, query, (ordinals, _ranks, patterns) => {
        const codes = patterns!.codes();
        const position = new Map([...ordinals].map((n, i) => [n, i]));
        cover.forEach((n, i) => {
          const at = position.get(n);
          expect(patternAt(i, n), `${JSON.stringify(query)} ${n}`).toBe(at === undefined ? -1 : codes[at]);
        });
      });
      patterned++;
    }
    // Every query here but "sub | w4" has a list holding its matches ("sub | super"'s are super's);
    // the three "and"s of two words are read pattern by pattern (w9 and w8 by their digits by
    // product, w0 and w1 by binary search).
    expect(covered).toBe(9);
    expect(patterned).toBe(3);
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
