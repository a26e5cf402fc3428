import { describe, expect, it } from 'vitest';
import {
  buildTsQuery,
  corrections,
  editDistance,
  misspelledSynonyms,
  nearSpellings,
  searchWords,
  type WordLookup,
  withoutFillers,
} from './search-terms.js';

const known = (word: string): WordLookup => ({ word, known: true, candidates: [] });
const unknown = (word: string, ...candidates: string[]): WordLookup => ({
  word,
  known: false,
  candidates: candidates.map((c, i) => ({ word: c, products: 100 - i })),
});

describe('search words', () => {
  it('keeps letters and digits only, lower-cased, accents dropped, each word once', () => {
    expect(searchWords(`Samsung TV 55" & (Crystal)! samsung`)).toEqual(['samsung', 'tv', '55', 'crystal']);
    expect(searchWords("Levi's Café")).toEqual(['levi', 's', 'cafe']);
    expect(searchWords("a:* | b & !c <-> 'd'")).toEqual(['a', 'b', 'c', 'd']);
    expect(searchWords('  ')).toEqual([]);
  });

  it('cuts a pasted paragraph to eight words', () => {
    expect(searchWords('one two three four five six seven eight nine ten')).toHaveLength(8);
  });
});

describe('spelling', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('iphnoe', 'iphone')).toBe(1);
    expect(editDistance('lapptop', 'laptop')).toBe(1);
    expect(editDistance('samsng', 'samsung')).toBe(1);
    expect(editDistance('camra', 'camera')).toBe(1);
    expect(editDistance('sony', 'samsung')).toBe(5);
  });

  it('lists the swaps and deletions that trigrams miss', () => {
    expect(nearSpellings('iphnoe')).toContain('iphone');
    expect(nearSpellings('lapptop')).toContain('laptop');
    expect(nearSpellings('tv')).toEqual([]);
  });

  it('corrects an unknown word to at most two close known words, nearest and commonest first', () => {
    expect(corrections(unknown('samsng', 'samsonite', 'samsung', 'sony'))).toEqual(['samsung']);
    expect(corrections(unknown('lapptop', 'laptop', 'laptops'))).toEqual(['laptop', 'laptops']);
    expect(corrections(unknown('camra', 'camera', 'cameras'))).toEqual(['camera']);
  });

  it('leaves known and short words as typed', () => {
    expect(corrections({ ...unknown('sony', 'song'), known: true })).toEqual([]);
    expect(corrections(unknown('tvv', 'tv'))).toEqual([]);
  });
});

describe('the text-search query', () => {
  it('needs every word, each with its corrections', () => {
    expect(buildTsQuery([unknown('samsng', 'samsung'), known('tv')])).toBe('(samsng | samsung) & tv');
  });

  it('accepts a shopper word for a catalogue word', () => {
    expect(buildTsQuery([unknown('ghadi')])).toBe('(ghadi | watch)');
  });

  it('lets the last word be unfinished in the search box, and can ask for any word', () => {
    // As a prefix only (it finds the whole word too): ts_rank would count "iph" and "iph:*" once,
    // whichever it met first, leaving the rank to chance.
    expect(buildTsQuery([known('apple'), unknown('iph')], { prefixLast: true })).toBe('apple & iph:*');
    expect(buildTsQuery([unknown('ghadi')], { prefixLast: true })).toBe('(watch | ghadi:*)');
    expect(buildTsQuery([known('samsung'), known('earbuds')], { anyWord: true })).toBe('samsung | earbuds');
  });

  it('can ask for every word but any one, and for two words that is any word', () => {
    expect(
      buildTsQuery([unknown('samsng', 'samsung'), known('running'), known('shoes')], { allButOne: true }),
    ).toBe('(running & shoes) | ((samsng | samsung) & shoes) | ((samsng | samsung) & running)');
    expect(buildTsQuery([known('samsung'), known('earbuds')], { allButOne: true })).toBe('samsung | earbuds');
  });

  it('is nothing without words', () => {
    expect(buildTsQuery([])).toBeUndefined();
  });
});

describe("a shopper's own word, misspelled", () => {
  const unknown = (word: string) => ({ word, known: false, candidates: [] });

  it('takes the synonyms of the closest key', () => {
    expect(misspelledSynonyms(unknown('televison'))).toEqual(['tv']);
    expect(misspelledSynonyms(unknown('fridje'))).toEqual(['refrigerator']);
    expect(buildTsQuery([unknown('televison')])).toBe('(televison | tv)');
  });

  it('leaves known words, short words and far-off words alone', () => {
    expect(misspelledSynonyms({ word: 'televison', known: true, candidates: [] })).toEqual([]);
    expect(misspelledSynonyms(unknown('acc'))).toEqual([]);
    expect(misspelledSynonyms(unknown('teleport'))).toEqual([]);
  });
});

describe('Hindi and Hinglish (decision 051)', () => {
  it('finds the catalogue words for any folded spelling of a Hindi word', () => {
    const [joote] = searchWords('जूते');
    expect(buildTsQuery([unknown(joote!)])).toBe('(जूत | shoes | sneakers)');
    expect(searchWords('जूतों')).toEqual([joote]);
    expect(buildTsQuery(searchWords('घडी').map((w) => unknown(w)))).toBe('(घडी | watch)');
  });

  it('mixes scripts, each word with its own synonyms, the last one unfinished', () => {
    const words = searchWords('samsung टीवी');
    expect(buildTsQuery([known(words[0]!), unknown(words[1]!)], { prefixLast: true })).toBe(
      'samsung & (tv | टीवी:*)',
    );
    expect(buildTsQuery(searchWords('सैमसंग tv').map((w) => known(w)))).toBe('(सैमसंग | samsung) & tv');
  });

  it('takes a misspelled Hindi or Hinglish word for the spelling it is one slip from', () => {
    expect(misspelledSynonyms(unknown('सैमसग'))).toEqual(['samsung']);
    expect(misspelledSynonyms(unknown('chapppal'))).toEqual(['sandals', 'slippers', 'flip flops']);
    // Never across scripts, and never an English word for a short or far Hinglish one.
    expect(misspelledSynonyms(unknown('vari'))).toEqual([]);
    expect(misspelledSynonyms(unknown('charge'))).toEqual([]);
    expect(misspelledSynonyms(unknown('jute'))).toEqual([]);
  });

  it('leaves out words that say nothing a product would, unless nothing else was typed', () => {
    expect(withoutFillers(searchWords('sasta phone'))).toEqual(['phone']);
    expect(withoutFillers(searchWords('पुरुषों के लिए घड़ी'))).toEqual(['पुरुष', 'घडी']);
    expect(withoutFillers(searchWords('sasta'))).toEqual(['sasta']);
  });

  it('keeps a query within the operators it writes, however many synonyms', () => {
    const query = buildTsQuery(withoutFillers(searchWords('सस्ता मोबाइल फ़ोन कवर')).map((w) => unknown(w)))!;
    expect(query).toBe(
      '(मोबाइल | mobile | phone | smartphone | 5g) & (फोन | phone | smartphone | 5g) & (कवर | cover | case)',
    );
    // A Devanagari word of four letters is not taken for another one slip away.
    expect(buildTsQuery([unknown('सस्त')])).toBe('सस्त');
  });
});
