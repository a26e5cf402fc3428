CREATE TABLE "search_tiers" (
	"tier" smallint PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_tier" smallint DEFAULT 3 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_tier0_idx" ON "products" USING gin ("search_vector") WHERE "products"."search_tier" = 0 and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_tier1_idx" ON "products" USING gin ("search_vector") WHERE "products"."search_tier" <= 1 and "products"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_tier2_idx" ON "products" USING gin ("search_vector") WHERE "products"."search_tier" <= 2 and "products"."archived_at" is null;--> statement-breakpoint
-- Whether a product passes a search's filters other than its text (null: any; availability
-- 'in-stock' or 'out-of-stock'); inlined where used.
CREATE OR REPLACE FUNCTION shop_search_passes(
  brand_id uuid, category_id uuid, tags text[], price_paise integer, quantity integer,
  brand_ids uuid[], category_ids uuid[], tag_list text[], price_low integer, price_high integer,
  availability text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT (brand_ids IS NULL OR brand_id = ANY (brand_ids))
     AND (category_ids IS NULL OR category_id = ANY (category_ids))
     AND (tag_list IS NULL OR tags && tag_list)
     AND (price_low IS NULL OR price_paise >= price_low)
     AND (price_high IS NULL OR price_paise <= price_high)
     AND (availability IS NULL OR (quantity > 0) = (availability = 'in-stock'))
$$;
--> statement-breakpoint
-- Searches answered by PostgreSQL alone (decision 040). Functions, so that each connection plans
-- their statements once: planning the plain SQL cost about as much as running it. A search reads
-- its matches among the best sellers (tier 0) first, widening tier by tier (the statement for
-- each level is its own, so each uses its partial index) only while fewer than `at_least` match;
-- the matches read are ranked by ts_rank (its "or" form), best sellers and the later id breaking
-- ties. `queries` are to_tsquery texts tried in order: the next one is searched only when no
-- product on sale matches the one before. The total is exact when every match was read, else
-- scaled from the share of the catalogue the tiers read hold (search_tiers).
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
    IF found > 0 OR i = array_length(queries, 1)
       OR EXISTS (SELECT 1 FROM products p WHERE p.archived_at IS NULL AND p.search_vector @@ q) THEN
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
-- A search's matches grouped as the filter panel counts them (facet-groups.ts), from the tiers
-- read as for a page (at least `at_least` matches, else every tier); `scale` is what each count
-- stands for (the catalogue over the tiers read; 1 when every match was read).
CREATE OR REPLACE FUNCTION shop_search_groups(
  queries text[], price_low integer, price_high integer, at_least integer,
  OUT groups json, OUT scale float8, OUT chosen integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  cap constant integer := 2000;
  q tsquery;
  found integer;
  level integer;
  read_tiers integer;
  on_sale integer;
BEGIN
  SELECT coalesce(sum(products), 0) INTO on_sale FROM search_tiers;
  FOR i IN 1 .. coalesce(array_length(queries, 1), 0) LOOP
    chosen := i;
    q := to_tsquery('english', queries[i]);
    FOR lvl IN 0 .. 3 LOOP
      level := lvl;
      IF lvl = 0 THEN
        SELECT coalesce(sum(g.n), 0)::int, json_agg(g) INTO found, groups FROM (
          SELECT m.category_id AS "categoryId", m.brand_id AS "brandId", m.tags, m.quantity > 0 AS "inStock",
                 count(*)::int AS n,
                 (count(*) FILTER (WHERE shop_search_passes(null, null, null, m.price_paise, null,
                                     null, null, null, price_low, price_high, null)))::int AS "inRange",
                 min(m.price_paise)::int AS lowest, max(m.price_paise)::int AS highest
          FROM (SELECT p.category_id, p.brand_id, p.tags, p.quantity, p.price_paise FROM products p
                WHERE p.search_tier = 0 AND p.archived_at IS NULL AND p.search_vector @@ q LIMIT cap) m
          GROUP BY 1, 2, 3, 4) g;
      ELSIF lvl = 1 THEN
        SELECT coalesce(sum(g.n), 0)::int, json_agg(g) INTO found, groups FROM (
          SELECT m.category_id AS "categoryId", m.brand_id AS "brandId", m.tags, m.quantity > 0 AS "inStock",
                 count(*)::int AS n,
                 (count(*) FILTER (WHERE shop_search_passes(null, null, null, m.price_paise, null,
                                     null, null, null, price_low, price_high, null)))::int AS "inRange",
                 min(m.price_paise)::int AS lowest, max(m.price_paise)::int AS highest
          FROM (SELECT p.category_id, p.brand_id, p.tags, p.quantity, p.price_paise FROM products p
                WHERE p.search_tier <= 1 AND p.archived_at IS NULL AND p.search_vector @@ q LIMIT cap) m
          GROUP BY 1, 2, 3, 4) g;
      ELSIF lvl = 2 THEN
        SELECT coalesce(sum(g.n), 0)::int, json_agg(g) INTO found, groups FROM (
          SELECT m.category_id AS "categoryId", m.brand_id AS "brandId", m.tags, m.quantity > 0 AS "inStock",
                 count(*)::int AS n,
                 (count(*) FILTER (WHERE shop_search_passes(null, null, null, m.price_paise, null,
                                     null, null, null, price_low, price_high, null)))::int AS "inRange",
                 min(m.price_paise)::int AS lowest, max(m.price_paise)::int AS highest
          FROM (SELECT p.category_id, p.brand_id, p.tags, p.quantity, p.price_paise FROM products p
                WHERE p.search_tier <= 2 AND p.archived_at IS NULL AND p.search_vector @@ q LIMIT cap) m
          GROUP BY 1, 2, 3, 4) g;
      ELSE
        SELECT coalesce(sum(g.n), 0)::int, json_agg(g) INTO found, groups FROM (
          SELECT m.category_id AS "categoryId", m.brand_id AS "brandId", m.tags, m.quantity > 0 AS "inStock",
                 count(*)::int AS n,
                 (count(*) FILTER (WHERE shop_search_passes(null, null, null, m.price_paise, null,
                                     null, null, null, price_low, price_high, null)))::int AS "inRange",
                 min(m.price_paise)::int AS lowest, max(m.price_paise)::int AS highest
          FROM (SELECT p.category_id, p.brand_id, p.tags, p.quantity, p.price_paise FROM products p
                WHERE p.archived_at IS NULL AND p.search_vector @@ q LIMIT cap) m
          GROUP BY 1, 2, 3, 4) g;
      END IF;
      EXIT WHEN found >= at_least OR found = cap;
    END LOOP;
    IF found > 0 OR i = array_length(queries, 1) THEN
      groups := coalesce(groups, '[]'::json);
      SELECT coalesce(sum(products), 0) INTO read_tiers FROM search_tiers WHERE tier <= level;
      scale := CASE WHEN level = 3 OR read_tiers = 0 OR read_tiers >= on_sale THEN 1
                    ELSE on_sale::float8 / read_tiers END;
      RETURN;
    END IF;
  END LOOP;
  groups := '[]'::json;
  scale := 1;
END;
$$;
--> statement-breakpoint
-- The search box's suggestions from the vocabulary's names (search_phrases), best sellers first:
-- names starting with the text, then names with a word starting with it; only when those are too
-- few, names containing it, then names close to it by pg_trgm's word similarity (typos). Each
-- with what the suggestion shows of its product.
CREATE OR REPLACE FUNCTION shop_suggest(needle text, wanted integer)
RETURNS TABLE (id uuid, slug text, title text, brand text, category text, "pricePaise" integer, image text)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  escaped text := replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_');
  picked uuid[];
  more uuid[];
BEGIN
  SELECT array_agg(s.product_id ORDER BY s.starts DESC, s.sold DESC, s.phrase) INTO picked FROM (
    SELECT sp.product_id, sp.sold, sp.phrase, sp.folded LIKE escaped || '%' AS starts
    FROM search_phrases sp
    WHERE sp.folded LIKE escaped || '%' OR sp.folded LIKE '% ' || escaped || '%'
    ORDER BY 4 DESC, sp.sold DESC, sp.phrase
    LIMIT wanted) s;
  picked := coalesce(picked, '{}');
  IF cardinality(picked) < wanted THEN
    SELECT array_agg(s.product_id ORDER BY s.contains DESC, s.similarity DESC, s.sold DESC, s.phrase) INTO more FROM (
      SELECT sp.product_id, sp.sold, sp.phrase, sp.folded LIKE '%' || escaped || '%' AS contains,
             word_similarity(needle, sp.folded) AS similarity
      FROM search_phrases sp
      WHERE (sp.folded LIKE '%' || escaped || '%' OR (needle <% sp.folded AND word_similarity(needle, sp.folded) >= 0.5))
        AND NOT (sp.product_id = ANY (picked))
      ORDER BY 4 DESC, 5 DESC, sp.sold DESC, sp.phrase
      LIMIT wanted - cardinality(picked)) s;
    picked := picked || coalesce(more, '{}');
  END IF;
  RETURN QUERY
    SELECT p.id, p.slug, p.title, b.title, c.title, p.price_paise, p.images->0->>'url'
    FROM unnest(picked) WITH ORDINALITY AS o(product_id, position)
    JOIN products p ON p.id = o.product_id
    JOIN brands b ON b.id = p.brand_id
    JOIN categories c ON c.id = p.category_id
    WHERE p.archived_at IS NULL
    ORDER BY o.position;
END;
$$;
