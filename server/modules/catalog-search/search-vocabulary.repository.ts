import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import type { WordLookup } from './search-terms.js';
import { nearSpellings } from './search-terms.js';

/**
 * The search vocabulary (decision 016): search_phrases and search_words, derived from the
 * catalogue. A product's phrase is its title without bracketed parts ("Apple iPhone 15 (128GB)"
 * -> "Apple iPhone 15"; a synthetic "(Model TV-10234)" goes the same way), so the table holds one
 * row per product name, not per product.
 */

/**
 * A Hindi name's folded text: Devanagari words and spaces only. The English split below
 * (`[:alnum:]`) would cut Devanagari words at their vowel signs.
 */
const HINDI_ONLY = '^[\u0900-\u097f ]+$';

/** Which transaction-level advisory lock keeps two servers from rebuilding at once. */
const REBUILD_LOCK = 160_016;

/** Rebuilds both tables from the products on sale; false when another server is already at it. */
export async function rebuildSearchVocabulary(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${REBUILD_LOCK}) as locked`,
    );
    if (!lock?.locked) return false;
    await tx.execute(sql`delete from search_phrases`);
    await tx.execute(sql`
      insert into search_phrases (phrase, folded, product_id, products, sold)
      select phrase, lower(phrase), (array_agg(id order by sold desc, id))[1], count(*)::int,
             least(sum(sold), 2147483647)::int
      from (
        select id, sold, btrim(regexp_replace(title, '\\s*\\([^)]*\\)', '', 'g')) as phrase
        from products
        where archived_at is null
      ) named
      where phrase <> ''
      group by phrase`);
    // Hindi titles (decision 051), their Devanagari words folded (shop_search_fold_hi): a row of
    // its own beside the English title's, never matching an English text nor it a Hindi one.
    await tx.execute(sql`
      insert into search_phrases (phrase, folded, product_id, products, sold)
      select phrase, folded, (array_agg(id order by sold desc, id))[1], count(*)::int,
             least(sum(sold), 2147483647)::int
      from (
        select id, sold, phrase, shop_search_fold_hi(phrase) as folded
        from (
          select id, sold,
                 btrim(regexp_replace(translations->'hi'->>'title', '\\s*\\([^)]*\\)', '', 'g')) as phrase
          from products
          where archived_at is null and translations ? 'hi'
        ) titled
      ) named
      where folded <> ''
      group by phrase, folded
      on conflict (phrase) do nothing`);
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`
      insert into search_words (word, products)
      select word, least(sum(products), 2147483647)::int
      from (
        select regexp_split_to_table(folded, '[^[:alnum:]]+') as word, products from search_phrases
        where folded !~ ${HINDI_ONLY}
        union all
        select regexp_split_to_table(lower(title), '[^[:alnum:]]+'), 1 from brands
        union all
        select regexp_split_to_table(lower(title), '[^[:alnum:]]+'), 1 from categories
        union all
        select regexp_split_to_table(folded, ' '), products from search_phrases
        where folded ~ ${HINDI_ONLY}
        union all
        select regexp_split_to_table(shop_search_fold_hi(translations->'hi'->>'title'), ' '), 1
        from brands where translations ? 'hi'
        union all
        select regexp_split_to_table(shop_search_fold_hi(translations->'hi'->>'title'), ' '), 1
        from categories where translations ? 'hi'
      ) words
      where length(word) >= 2
      group by word`);
    return true;
  });
}

export async function isSearchVocabularyEmpty(db: Executor): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from search_phrases limit 1`);
  return rows.length === 0;
}

/** The words most products share (a server's warm-up searches for them). */
export async function commonestWords(db: Executor, limit: number): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    db,
    sql`select word from search_words order by products desc, word limit ${limit}`,
  );
  return rows.map((row) => row.word);
}

/**
 * For each word: whether the vocabulary knows it, and known words close to it: trigram neighbours
 * (the index's `%`, similarity 0.3 or more) and the exact near-spellings trigrams miss. One query.
 */
export async function lookUpWords(db: Executor, words: string[]): Promise<WordLookup[]> {
  if (words.length === 0) return [];
  const near = words.map((word) => nearSpellings(word));
  const rows = await queryRows<{
    word: string;
    known: boolean;
    candidates: { word: string; products: number }[];
  }>(
    db,
    sql`
      select t.word,
        -- A plural of a known word is known too ("speakers" is not a typo of "sneakers").
        exists (
          select 1 from search_words w
          where w.word in (t.word, regexp_replace(t.word, 'e?s$', ''), regexp_replace(t.word, 's$', ''))
        ) as known,
        coalesce((
          select json_agg(json_build_object('word', c.word, 'products', c.products))
          from (
            (select w.word, w.products from search_words w
              where w.word % t.word and w.word <> t.word
              order by similarity(w.word, t.word) desc, w.products desc limit 5)
            union
            (select w.word, w.products from search_words w
              where w.word = any(string_to_array(t.near, ',')))
          ) c
        ), '[]'::json) as candidates
      from unnest(${sql.param(words)}::text[], ${sql.param(near.map((n) => n.join(',')))}::text[])
        as t(word, near)`,
  );
  const byWord = new Map(rows.map((row) => [row.word, row]));
  return words.map((word) => {
    const row = byWord.get(word);
    return { word, known: row?.known ?? false, candidates: row?.candidates ?? [] };
  });
}
