import { describe, expect, it } from 'vitest';
import { brandDefs, categoryTitles, colorDefs, demoProducts } from '../../db/seed/catalogue-data.js';
import { productLines } from '../../db/seed/synthetic-vocabulary.js';
import { hasDevanagari } from './search-fold.js';
import { hindiSuggestionKeys, indianEnglishSynonyms, searchSynonyms } from './search-synonyms.js';
import { hindiFillers, hindiSynonyms, notHinglish } from './search-synonyms-hindi.js';
import {
  buildTsQuery,
  editDistance,
  misspelledSynonyms,
  searchWords,
  type WordLookup,
} from './search-terms.js';

/** Every word the demo and synthetic catalogues' titles, brands, categories and specs use. */
const catalogueWords = new Set(
  [
    ...demoProducts.flatMap((p) => [p.title, p.blurb, ...p.specs.flat()]),
    ...brandDefs.map((b) => b.title),
    ...categoryTitles,
    ...colorDefs.map((c) => c.name),
    ...productLines.flatMap((line) => [
      ...line.variants,
      ...line.blurbs,
      ...line.specs.flatMap(([label, values]) => [label, ...values]),
      ...line.families.flatMap((f) => [f.brand, ...f.series, ...f.nouns, ...(f.variants ?? [])]),
    ]),
  ].flatMap(searchWords),
);

/** The Hinglish keys of main before decision 051, with what they found then ("jute" dropped). */
const earlierHinglish: Record<string, readonly string[]> = {
  ghadi: ['watch'],
  ghari: ['watch'],
  joota: ['shoes', 'sneakers'],
  joote: ['shoes', 'sneakers'],
  juta: ['shoes', 'sneakers'],
  chashma: ['sunglasses'],
  chasma: ['sunglasses'],
  kapde: ['shirt', 'jeans', 'hoodie'],
  kameez: ['shirt'],
  thaila: ['backpack', 'bag'],
  bastaa: ['backpack'],
  basta: ['backpack'],
  pankha: ['fan'],
  dhulai: ['washing machine'],
};

const entries = Object.values(hindiSynonyms).flat();
const latinSpellings = entries.flatMap((entry) => entry.latin ?? []);

describe('the Hindi and Hinglish synonym lists', () => {
  it('have at least 60 entries over the kinds of product, each finding at most four words', () => {
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(hindiSynonyms).length).toBeGreaterThanOrEqual(8);
    for (const entry of entries) {
      expect(entry.finds.length, entry.hindi.join()).toBeGreaterThanOrEqual(1);
      expect(entry.finds.length, entry.hindi.join()).toBeLessThanOrEqual(4);
      expect(entry.finds.every((word) => !hasDevanagari(word))).toBe(true);
    }
  });

  it('hold one word per spelling: Devanagari in `hindi`, lower-case Latin in `latin`', () => {
    for (const entry of entries) {
      for (const spelling of entry.hindi) {
        expect(hasDevanagari(spelling), spelling).toBe(true);
        expect(searchWords(spelling), spelling).toHaveLength(1);
      }
      for (const spelling of entry.latin ?? []) expect(searchWords(spelling), spelling).toEqual([spelling]);
    }
  });

  it('never take a word of the catalogue, or an English word like "jute", for Hinglish', () => {
    const clashes = [...latinSpellings, ...hindiFillers.latin].filter((word) => catalogueWords.has(word));
    expect(clashes).toEqual([]);
    expect(searchSynonyms.jute).toBeUndefined();
    for (const word of notHinglish) {
      expect(searchSynonyms[word], word).toBeUndefined();
      expect(misspelledSynonyms({ word, known: false, candidates: [] }), word).toEqual([]);
    }
  });

  it('keep what the Hinglish and Indian-English words found before', () => {
    for (const [key, finds] of Object.entries({ ...indianEnglishSynonyms, ...earlierHinglish })) {
      expect(searchSynonyms[key], key).toEqual(finds);
    }
  });

  it('leave every English search of the catalogue as it was', () => {
    // What a word of the catalogue asks for when the vocabulary does not know it (the most a
    // synonym can change), against the same rule over the synonyms of before.
    const before = { ...indianEnglishSynonyms, ...earlierHinglish };
    const misspelledBefore = (word: string) => {
      const allowed = word.length <= 5 ? 1 : 2;
      let best: { key: string; distance: number } | undefined;
      for (const key of Object.keys(before)) {
        const distance = editDistance(word, key);
        if (distance <= allowed && (!best || distance < best.distance)) best = { key, distance };
      }
      return word.length >= 4 && best ? before[best.key]! : [];
    };
    for (const word of catalogueWords) {
      const unknown: WordLookup = { word, known: false, candidates: [] };
      const expected = [...new Set([word, ...(before[word] ?? misspelledBefore(word))])];
      const asked = buildTsQuery([unknown])!;
      const words = (option: string) => searchWords(option).join(' & ');
      expect(asked, word).toBe(
        expected.length > 1
          ? `(${expected.map((o) => (searchWords(o).length > 1 ? `(${words(o)})` : o)).join(' | ')})`
          : word,
      );
      expect(buildTsQuery([{ ...unknown, known: true }]), word).toBe(before[word] ? asked : word);
    }
  });

  it('complete the suggestions through Hindi and Hinglish spellings only', () => {
    const keys = new Set(hindiSuggestionKeys.map(([key]) => key));
    expect(keys.has('सैमसंग')).toBe(true);
    expect(keys.has('ghadi')).toBe(true);
    expect(keys.has('fridge')).toBe(false);
    expect(hindiSuggestionKeys.find(([key]) => key === 'जूत')?.[1]).toBe('shoes');
  });
});
