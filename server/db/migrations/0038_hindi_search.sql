-- Hindi in the products' search document (decision 051). shop_search_fold_hi: a text's Devanagari
-- words folded to one spelling, joined by spaces, everything else left out (catalog-search/
-- search-fold.ts does the same to what shoppers type; search-fold.test.ts holds the two equal):
-- a nukta dropped, chandrabindu made anusvara, ऑ/ॉ made आ/ा, zero-width joiners removed,
-- Devanagari digits made 0-9 (then left out with the Latin), and a noun's plural and oblique
-- endings folded (-ियों/-ियां -> -ी; -ों, -ें, -े, -ा dropped) when two letters at least are left.
CREATE OR REPLACE FUNCTION shop_search_fold_hi(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
           CASE
             WHEN length(w) >= 6 AND right(w, 4) IN (U&'\093F\092F\094B\0902', U&'\093F\092F\093E\0902')
               THEN left(w, -4) || U&'\0940'
             WHEN length(w) >= 4 AND right(w, 2) IN (U&'\094B\0902', U&'\0947\0902') THEN left(w, -2)
             WHEN length(w) >= 3 AND right(w, 1) IN (U&'\0947', U&'\093E') THEN left(w, -1)
             ELSE w
           END, ' ' ORDER BY n), '')
  FROM regexp_split_to_table(
         translate(input,
           U&'\0901\0911\0949\0929\0931\0934\0958\0959\095A\095B\095C\095D\095E\095F\0966\0967\0968\0969\096A\096B\096C\096D\096E\096F\093C\200C\200D',
           U&'\0902\0906\093E\0928\0930\0933\0915\0916\0917\091C\0921\0922\092B\092F0123456789'),
         '[^\u0900-\u0963\u0971-\u097f]+') WITH ORDINALITY AS t(w, n)
  WHERE w <> ''
$$;
--> statement-breakpoint
-- The products trigger (migrations 0003, 0015) also writes the Hindi title (A), the brand's and
-- the category's Hindi names (B, C) and the Hindi description (D) into search_vector, folded and
-- with the 'simple' configuration (no English stemming of Hindi). Only Devanagari words are
-- added, after the English ones: an English search matches and ranks exactly as before (ts_rank
-- here ignores a document's length). search_text (the console's substring search) stays English.
CREATE OR REPLACE FUNCTION products_refresh_search_text() RETURNS trigger AS $$
DECLARE
  brand_title text;
  brand_hindi text;
  category_title text;
  category_hindi text;
  hindi jsonb := NEW.translations -> 'hi';
BEGIN
  SELECT title, translations -> 'hi' ->> 'title' INTO brand_title, brand_hindi
    FROM brands WHERE id = NEW.brand_id;
  SELECT title, translations -> 'hi' ->> 'title' INTO category_title, category_hindi
    FROM categories WHERE id = NEW.category_id;
  brand_title := coalesce(brand_title, '');
  category_title := coalesce(category_title, '');
  NEW.search_text := lower(NEW.title || ' ' || brand_title || ' ' || category_title);
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('english', brand_title), 'B') ||
    setweight(to_tsvector('english', category_title), 'C') ||
    setweight(to_tsvector('english', left(regexp_replace(NEW.description, '<[^>]*>', ' ', 'g'), 4000)), 'D');
  IF coalesce(hindi ->> 'title', hindi ->> 'description', brand_hindi, category_hindi) IS NOT NULL THEN
    NEW.search_vector := NEW.search_vector ||
      setweight(to_tsvector('simple', shop_search_fold_hi(hindi ->> 'title')), 'A') ||
      setweight(to_tsvector('simple', shop_search_fold_hi(brand_hindi)), 'B') ||
      setweight(to_tsvector('simple', shop_search_fold_hi(category_hindi)), 'C') ||
      setweight(to_tsvector('simple', shop_search_fold_hi(
        left(regexp_replace(hindi ->> 'description', '<[^>]*>', ' ', 'g'), 4000))), 'D');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER products_search_text_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_text_trigger
  BEFORE INSERT OR UPDATE OF title, description, brand_id, category_id, translations ON products
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text();
--> statement-breakpoint
-- A brand or category renamed, in English or in Hindi, re-derives its products' documents.
CREATE OR REPLACE FUNCTION products_refresh_search_text_for_parent() RETURNS trigger AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title
     OR (NEW.translations -> 'hi' ->> 'title') IS DISTINCT FROM (OLD.translations -> 'hi' ->> 'title') THEN
    IF TG_TABLE_NAME = 'brands' THEN
      UPDATE products SET title = title WHERE brand_id = NEW.id;
    ELSE
      UPDATE products SET title = title WHERE category_id = NEW.id;
    END IF;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER brands_search_text_trigger ON brands;
--> statement-breakpoint
CREATE TRIGGER brands_search_text_trigger AFTER UPDATE OF title, translations ON brands
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text_for_parent();
--> statement-breakpoint
DROP TRIGGER categories_search_text_trigger ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_search_text_trigger AFTER UPDATE OF title, translations ON categories
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text_for_parent();
--> statement-breakpoint
-- shop_search_page (migration 0027) as it was, but for how it learns that a search text that found
-- nothing in the filters matches products outside them. Every text of a search that finds nothing
-- on sale asked that, with an EXISTS PostgreSQL planned as a scan of every product: 1.1-1.4 s at
-- 100,000 products for "mobile cover", "samsung earbuds" or a Hindi search whose words together
-- match nothing, before trying its next text (decision 051's measurements).
CREATE OR REPLACE FUNCTION shop_search_page(
  queries text[], brand_ids uuid[], category_ids uuid[], tag_list text[],
  price_low integer, price_high integer, availability text,
  at_least integer, page_offset integer, page_limit integer,
  OUT ids uuid[], OUT total integer, OUT exact boolean, OUT chosen integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  cap constant integer := 1000;
  q tsquery;
  ranked tsquery;
  found integer;
  level integer;
  read_tiers integer;
  on_sale integer;
BEGIN
  SELECT coalesce(sum(products), 0) INTO on_sale FROM search_tiers;
  FOR i IN 1 .. coalesce(array_length(queries, 1), 0) LOOP
    chosen := i;
    q := to_tsquery('english', queries[i]);
    ranked := to_tsquery('english', replace(queries[i], '&', '|'));
    FOR lvl IN 0 .. 3 LOOP
      level := lvl;
      IF lvl = 0 THEN
        SELECT count(*)::int, (array_agg(c.id ORDER BY c.rank DESC, c.sold DESC, c.id DESC))[page_offset + 1 : page_offset + page_limit]
          INTO found, ids
          FROM (SELECT p.id, p.sold, ts_rank(p.search_vector, ranked) AS rank FROM products p
                WHERE p.search_tier = 0 AND p.archived_at IS NULL AND p.search_vector @@ q
                  AND shop_search_passes(p.brand_id, p.category_id, p.tags, p.price_paise, p.quantity,
                        brand_ids, category_ids, tag_list, price_low, price_high, availability)
                LIMIT cap) c;
      ELSIF lvl = 1 THEN
        SELECT count(*)::int, (array_agg(c.id ORDER BY c.rank DESC, c.sold DESC, c.id DESC))[page_offset + 1 : page_offset + page_limit]
          INTO found, ids
          FROM (SELECT p.id, p.sold, ts_rank(p.search_vector, ranked) AS rank FROM products p
                WHERE p.search_tier <= 1 AND p.archived_at IS NULL AND p.search_vector @@ q
                  AND shop_search_passes(p.brand_id, p.category_id, p.tags, p.price_paise, p.quantity,
                        brand_ids, category_ids, tag_list, price_low, price_high, availability)
                LIMIT cap) c;
      ELSIF lvl = 2 THEN
        SELECT count(*)::int, (array_agg(c.id ORDER BY c.rank DESC, c.sold DESC, c.id DESC))[page_offset + 1 : page_offset + page_limit]
          INTO found, ids
          FROM (SELECT p.id, p.sold, ts_rank(p.search_vector, ranked) AS rank FROM products p
                WHERE p.search_tier <= 2 AND p.archived_at IS NULL AND p.search_vector @@ q
                  AND shop_search_passes(p.brand_id, p.category_id, p.tags, p.price_paise, p.quantity,
                        brand_ids, category_ids, tag_list, price_low, price_high, availability)
                LIMIT cap) c;
      ELSE
        SELECT count(*)::int, (array_agg(c.id ORDER BY c.rank DESC, c.sold DESC, c.id DESC))[page_offset + 1 : page_offset + page_limit]
          INTO found, ids
          FROM (SELECT p.id, p.sold, ts_rank(p.search_vector, ranked) AS rank FROM products p
                WHERE p.archived_at IS NULL AND p.search_vector @@ q
                  AND shop_search_passes(p.brand_id, p.category_id, p.tags, p.price_paise, p.quantity,
                        brand_ids, category_ids, tag_list, price_low, price_high, availability)
                LIMIT cap) c;
      END IF;
      EXIT WHEN found >= at_least OR found = cap;
    END LOOP;
    ids := coalesce(ids, '{}');
    -- Unfiltered, every tier was read: no match means none on sale. Filtered, the matches are
    -- counted (the index's bitmap): an EXISTS was planned as a scan of every product, expecting
    -- an early match, and read them all when there was none.
    IF found > 0 OR i = array_length(queries, 1)
       OR (num_nonnulls(brand_ids, category_ids, tag_list, price_low, price_high, availability) > 0
           AND (SELECT count(*) FROM products p WHERE p.archived_at IS NULL AND p.search_vector @@ q) > 0) THEN
      SELECT coalesce(sum(products), 0) INTO read_tiers FROM search_tiers WHERE tier <= level;
      IF level = 3 OR read_tiers = 0 OR read_tiers >= on_sale THEN
        -- Every match read, unless there were more than `cap` (a lower bound then).
        total := found;
        exact := found < cap;
      ELSE
        total := round(found::float8 * on_sale / read_tiers)::int;
        exact := false;
      END IF;
      RETURN;
    END IF;
  END LOOP;
  ids := '{}';
  total := 0;
  exact := true;
END;
$$;
--> statement-breakpoint
-- Backfill: only the products whose document gains Hindi (the rest would be written unchanged).
UPDATE products SET title = title
WHERE translations ? 'hi'
   OR brand_id IN (SELECT id FROM brands WHERE translations ? 'hi')
   OR category_id IN (SELECT id FROM categories WHERE translations ? 'hi');
