import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { hindiProductTitles } from '../../test/hindi-catalogue.js';
import { openTestDatabase } from '../../test/test-app.js';
import {
  devanagariWords,
  foldDevanagariCharacters,
  foldHindiEnding,
  foldWordScripts,
} from './search-fold.js';
import { hindiSynonyms } from './search-synonyms-hindi.js';
import { searchWords } from './search-terms.js';

describe('Devanagari folding', () => {
  it('drops the nukta, written as one character or two', () => {
    // ज़ as U+095B, and as ज + nukta.
    expect(foldDevanagariCharacters('\u095b')).toBe('ज');
    expect(foldDevanagariCharacters('ज\u093c')).toBe('ज');
    expect(searchWords('घड़ी')).toEqual(searchWords('घडी'));
    expect(searchWords('फ़ोन')).toEqual(['फोन']);
  });

  it('makes chandrabindu anusvara, ॉ ा, removes zero-width joiners, reads Devanagari digits', () => {
    expect(searchWords('घड़ियाँ')).toEqual(searchWords('घड़ियां'));
    expect(searchWords('लैपटॉप')).toEqual(searchWords('लैपटाप'));
    expect(searchWords('क्\u200dष')).toEqual(['क्ष']);
    expect(searchWords('टीवी ५५')).toEqual(['टीवी', '55']);
  });

  it("folds a noun's plural and oblique endings, leaving two letters at least", () => {
    for (const word of ['जूते', 'जूता', 'जूतों']) expect(searchWords(word)).toEqual(['जूत']);
    expect(searchWords('घड़ियों')).toEqual(['घडी']);
    expect(searchWords('घड़ियाँ')).toEqual(['घडी']);
    expect(searchWords('चप्पलें')).toEqual(['चप्पल']);
    expect(foldHindiEnding('का')).toBe('का');
    expect(foldHindiEnding('में')).toBe('में');
    expect(foldHindiEnding('टीवी')).toBe('टीवी');
  });

  it('splits Latin from Devanagari stuck to it, and leaves English as it was', () => {
    expect(foldWordScripts('samsungटीवी')).toEqual(['samsung', 'टीवी']);
    expect(searchWords('samsung टीवी')).toEqual(['samsung', 'टीवी']);
    expect(searchWords("Levi's Café, crème")).toEqual(['levi', 's', 'cafe', 'creme']);
    expect(searchWords('सैमसंग। टीवी॥')).toEqual(['सैमसंग', 'टीवी']);
  });

  it('keeps only Devanagari words in a document', () => {
    expect(devanagariWords('सैमसंग गैलेक्सी S24 5G (8GB RAM) <b>जूते</b>')).toEqual(['सैमसंग', 'गैलेक्सी', 'जूत']);
    expect(devanagariWords('Samsung Galaxy')).toEqual([]);
  });
});

describe('the same folds in SQL (shop_search_fold_hi, migration 0038)', () => {
  let handle: { database: DatabaseHandle; drop(): Promise<void> };
  beforeAll(async () => {
    handle = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await handle?.drop();
  });

  const samples = [
    ...Object.values(hindiSynonyms).flatMap((entries) => entries.flatMap((entry) => entry.hindi)),
    ...Object.values(hindiProductTitles),
    'घ\u095c\u093f\u092f\u093e\u0901', // घड़ियाँ with ड़ as one character
    'घड\u093c\u093f\u092f\u094b\u0902', // घड़ियों with the nukta apart
    'क्\u200dष त्\u200cर ऩ ऱ ऴ क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़',
    'टीवी ५५ इंच। सस्ते दाम॥ ॰ॐ',
    '<p>शादी और त्योहारों के लिए बनारसी <b>ज़री</b> वाली साड़ी।</p>&nbsp;Wi-Fi',
    'कियों कियां कों कें के का',
    'Samsung Galaxy',
    '',
  ];

  it('folds every sample as search-fold.ts does', async () => {
    const rows = await queryRows<{ input: string; folded: string }>(
      handle.database.db,
      sql`select input, shop_search_fold_hi(input) as folded from unnest(${sql.param(samples)}::text[]) as t(input)`,
    );
    expect(rows.map((row) => row.folded)).toEqual(samples.map((text) => devanagariWords(text).join(' ')));
  });

  it("reads folded Devanagari in a query with 'english' as the documents' 'simple' wrote it", async () => {
    const words = [...new Set(samples.flatMap(devanagariWords))];
    const rows = await queryRows<{ word: string; english: string; simple: string }>(
      handle.database.db,
      sql`select w as word, to_tsquery('english', w)::text as english, to_tsvector('simple', w)::text as simple
          from unnest(${sql.param(words)}::text[]) as t(w)`,
    );
    for (const row of rows) {
      expect(row.english, row.word).toBe(`'${row.word}'`);
      expect(row.simple, row.word).toBe(`'${row.word}':1`);
    }
  });
});
