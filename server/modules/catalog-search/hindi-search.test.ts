import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema.js';
import { createProduct } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Hindi in the search (decision 051), through the API: the products' search documents hold their
 * Hindi titles, descriptions and their brands' and categories' Hindi names (migration 0038),
 * spelling variants are folded, suggestions answer Devanagari and Hinglish, and English searches
 * stay as they were.
 */
let ctx: TestContext;
const ids: Record<string, string> = {};

async function translate(id: string, hi: { title?: string; description?: string }) {
  await ctx.database.db.update(products).set({ translations: { hi } }).where(eq(products.id, id));
}

async function searchTitles(q: string): Promise<string[]> {
  const response = await ctx.app.inject({ url: `/api/product?q=${encodeURIComponent(q)}&limit=20` });
  expect(response.statusCode, q).toBe(200);
  return (response.json() as { title: string }[]).map((p) => p.title);
}

async function suggestionTitles(q: string): Promise<string[]> {
  const response = await ctx.app.inject({ url: `/api/product/suggestions?q=${encodeURIComponent(q)}` });
  expect(response.statusCode, q).toBe(200);
  return (response.json() as { title: string }[]).map((p) => p.title);
}

async function vectorOf(id: string): Promise<string> {
  const [row] = await queryRows<{ v: string }>(
    ctx.database.db,
    sql`select search_vector::text as v from products where id = ${id}`,
  );
  return row!.v;
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  const make = async (key: string, spec: Parameters<typeof createProduct>[1]) => {
    ids[key] = (await createProduct(db, spec)).id;
  };
  await make('tv', { title: 'Samsung Crystal 55 Smart LED TV', brand: 'Samsung', category: 'TVs', sold: 50 });
  await make('tv2', {
    title: 'Samsung 32 HD Ready Smart LED TV',
    brand: 'Samsung',
    category: 'TVs',
    sold: 40,
  });
  await make('sonyTv', { title: 'Sony Bravia 43 Google TV', brand: 'Sony', category: 'TVs', sold: 60 });
  await make('phone', { title: 'Samsung Galaxy S24 5G', brand: 'Samsung', category: 'Mobiles', sold: 70 });
  await make('cheapPhone', { title: 'Redmi 13C 5G', brand: 'Xiaomi', category: 'Mobiles', sold: 30 });
  await make('watch', { title: 'Titan Neo Analog Watch', brand: 'Titan', category: 'Watches', sold: 20 });
  await make('shoes', {
    title: 'Adidas Ultraboost Running Shoes',
    brand: 'Adidas',
    category: 'Fashion',
    sold: 25,
  });
  await make('stole', {
    title: 'Nalli Phulkari Embroidered Stole',
    brand: 'Nalli',
    category: 'Fashion',
    sold: 5,
  });
  await make('speaker', {
    title: 'Nalli Portable Party Speaker',
    brand: 'Nalli',
    category: 'Music',
    description: '<p>Loud and clear.</p>',
    sold: 3,
  });
  await translate(ids.tv!, { title: 'सैमसंग क्रिस्टल 55 स्मार्ट एलईडी टीवी' });
  await translate(ids.stole!, { title: 'फुलकारी कढ़ाई वाले दुपट्टे' });
  await translate(ids.shoes!, { title: 'एडिडास अल्ट्राबूस्ट रनिंग जूते' });
  await ctx.app.services.catalog.refreshSearchVocabulary();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe("a product's search document", () => {
  it('holds its Hindi title (A), Hindi description (D) and its brand and category Hindi names (B, C), folded', async () => {
    await ctx.database.db
      .update(brands)
      .set({ translations: { hi: { title: 'सैमसंग' } } })
      .where(eq(brands.title, 'Samsung'));
    await ctx.database.db
      .update(categories)
      .set({ translations: { hi: { title: 'टेलीविज़न सेट' } } })
      .where(eq(categories.title, 'TVs'));
    await translate(ids.tv!, {
      title: 'सैमसंग क्रिस्टल 55 स्मार्ट एलईडी टीवी',
      description: '<p>क्रिकेट के लिए <b>शानदार</b> तस्वीरें&nbsp;और Dolby आवाज़</p>',
    });
    const vector = await vectorOf(ids.tv!);
    expect(vector).toMatch(/'क्रिस्टल':\d+A/);
    expect(vector).toMatch(/'सैमसंग':[\d,A]*\d+B/);
    // The category's "टेलीविज़न" without its nukta (search-fold.ts).
    expect(vector).toMatch(/'टेलीविजन':\d+C/);
    expect(vector).toMatch(/'तस्वीर':\d+(?![\dABC])/);
    // Only Devanagari joins the document: the Hindi text's Latin words and markup do not.
    expect(vector).not.toMatch(/'dolby'|'nbsp'|'b':/);
    expect(await searchTitles('शानदार तस्वीरें')).toEqual(['Samsung Crystal 55 Smart LED TV']);
  });

  it("follows its brand's and category's Hindi names when they change, as English names", async () => {
    expect(await searchTitles('नल्ली')).toEqual([]);
    await ctx.database.db
      .update(brands)
      .set({ translations: { hi: { title: 'नल्ली' } } })
      .where(eq(brands.title, 'Nalli'));
    expect(await searchTitles('नल्ली')).toEqual(
      expect.arrayContaining(['Nalli Phulkari Embroidered Stole', 'Nalli Portable Party Speaker']),
    );
    await ctx.database.db
      .update(categories)
      .set({ translations: { hi: { title: 'संगीत' } } })
      .where(eq(categories.title, 'Music'));
    expect(await searchTitles('संगीत')).toEqual(['Nalli Portable Party Speaker']);
    await ctx.database.db.update(brands).set({ translations: {} }).where(eq(brands.title, 'Nalli'));
    expect(await searchTitles('नल्ली')).toEqual([]);
  });

  it('is backfilled by the migration for rows translated before it', async () => {
    const db = ctx.database.db;
    await db.execute(sql`alter table products disable trigger products_search_text_trigger`);
    try {
      await translate(ids.speaker!, { title: 'पोर्टेबल पार्टी स्पीकर धमाकेदार' });
    } finally {
      await db.execute(sql`alter table products enable trigger products_search_text_trigger`);
    }
    expect(await vectorOf(ids.speaker!)).not.toContain('धमाकेदार');
    const migration = readFileSync('server/db/migrations/0038_hindi_search.sql', 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*-- Backfill[\s\S]*UPDATE products SET title = title/);
    await db.execute(sql.raw(backfill));
    expect(await vectorOf(ids.speaker!)).toMatch(/'धमाकेदार':\d+A/);
  });

  it('leaves English searches matching and ranking exactly as before', async () => {
    const db = ctx.database.db;
    const english = (query: string) =>
      queryRows<{ matches: boolean; rank: number }>(
        db,
        sql`select search_vector @@ to_tsquery('english', ${query}) as matches,
                   ts_rank(search_vector, to_tsquery('english', ${query})) as rank
            from products where id = ${ids.sonyTv}`,
      );
    const queries = ['sony', 'tv & google', 'bravia | tv', 'bluetooth', 'smart:*'];
    const before = await Promise.all(queries.map(english));
    // Latin words in the Hindi text ("Bluetooth", "Smart") are not in the document.
    await translate(ids.sonyTv!, {
      title: 'सोनी ब्राविया 43 गूगल टीवी Smart',
      description: '<p>Bluetooth और Wi-Fi के साथ</p>',
    });
    expect(await Promise.all(queries.map(english))).toEqual(before);
  });
});

describe('Hindi searches', () => {
  it('fold spelling variants: nukta or none, plural and oblique endings', async () => {
    // Neither "dupatta" nor "kadhai" is in the English title: only the Hindi one finds these.
    for (const q of ['दुपट्टा', 'दुपट्टे', 'दुपट्टों', 'कढ़ाई', 'कढाई', 'कढ़ाई वाला दुपट्टा']) {
      expect(await searchTitles(q), q).toEqual(['Nalli Phulkari Embroidered Stole']);
    }
  });

  it('find products without Hindi titles through the synonym lists, and mix scripts', async () => {
    const tvs = ['Samsung Crystal 55 Smart LED TV', 'Samsung 32 HD Ready Smart LED TV'];
    expect((await searchTitles('सैमसंग टीवी')).slice(0, 2).sort()).toEqual([...tvs].sort());
    expect((await searchTitles('samsung टीवी')).slice(0, 2).sort()).toEqual([...tvs].sort());
    expect((await searchTitles('सैमसंग tv')).slice(0, 2).sort()).toEqual([...tvs].sort());
    expect(await searchTitles('जूते')).toEqual(['Adidas Ultraboost Running Shoes']);
    expect(await searchTitles('घडी')).toEqual(['Titan Neo Analog Watch']);
  });

  it('leave out words that say nothing a product would ("sasta phone" is a phone)', async () => {
    expect(await searchTitles('sasta phone')).toEqual(await searchTitles('phone'));
    expect(await searchTitles('सस्ता फ़ोन')).toEqual(await searchTitles('phone'));
    expect(await searchTitles('phone')).toContain('Redmi 13C 5G');
  });

  it('never take "jute", a fabric, for shoes', async () => {
    expect(await searchTitles('jute')).toEqual([]);
    expect(await searchTitles('joote')).toEqual(['Adidas Ultraboost Running Shoes']);
  });
});

describe('a search whose words together match nothing in its filters', () => {
  it('tries any of its words when nothing on sale has them all, and stays when the filters left them out', async () => {
    // Nothing says both "sony" and "galaxy": any of the two will do.
    expect((await searchTitles('sony galaxy')).sort()).toEqual(
      ['Samsung Galaxy S24 5G', 'Sony Bravia 43 Google TV'].sort(),
    );
    // "sony tv" matches a Sony TV, outside the brand asked for: nothing, not Samsung's TVs.
    const filtered = await ctx.app.inject({ url: '/api/product?q=sony+tv&brand=Samsung' });
    expect(filtered.json()).toEqual([]);
    const anyWord = await ctx.app.inject({ url: '/api/product?q=sony+galaxy&brand=Samsung' });
    expect(anyWord.json().map((p: { title: string }) => p.title)).toEqual(['Samsung Galaxy S24 5G']);
  });
});

describe('suggestions', () => {
  it('complete Devanagari from Hindi titles, then through the synonym lists and brand names', async () => {
    const samsung = await suggestionTitles('सैम');
    // The Hindi-titled TV first (its Hindi name starts so), then Samsung's other products.
    expect(samsung[0]).toBe('Samsung Crystal 55 Smart LED TV');
    expect([...samsung].sort()).toEqual(
      ['Samsung Crystal 55 Smart LED TV', 'Samsung 32 HD Ready Smart LED TV', 'Samsung Galaxy S24 5G'].sort(),
    );
    expect(await suggestionTitles('फुलका')).toEqual(['Nalli Phulkari Embroidered Stole']);
    expect(await suggestionTitles('दुपट्टे')).toEqual(['Nalli Phulkari Embroidered Stole']);
    // A brand's Hindi name the lists do not know.
    await ctx.database.db
      .update(brands)
      .set({ translations: { hi: { title: 'नल्ली' } } })
      .where(eq(brands.title, 'Nalli'));
    ctx.app.services.catalog.invalidate();
    expect((await suggestionTitles('नल्ल')).sort()).toEqual(
      ['Nalli Phulkari Embroidered Stole', 'Nalli Portable Party Speaker'].sort(),
    );
  });

  it('complete Hinglish from 3 letters, keep the shape, and leave English as it was', async () => {
    expect(await suggestionTitles('ghad')).toEqual(['Titan Neo Analog Watch']);
    expect(await suggestionTitles('joo')).toEqual(['Adidas Ultraboost Running Shoes']);
    // Too short to be taken for a Hinglish word.
    expect(await suggestionTitles('jo')).toEqual([]);
    // Devanagari digits are digits.
    expect(await suggestionTitles('५५')).toEqual(await suggestionTitles('55'));
    expect(await suggestionTitles('55')).toContain('Samsung Crystal 55 Smart LED TV');
    const response = await ctx.app.inject({ url: `/api/product/suggestions?q=${encodeURIComponent('सैम')}` });
    const english = await ctx.app.inject({ url: '/api/product/suggestions?q=sams' });
    expect(Object.keys(response.json()[0]).sort()).toEqual(Object.keys(english.json()[0]).sort());
    expect(english.json().map((s: { title: string }) => s.title)).not.toContain('Titan Neo Analog Watch');
  });
});
