-- The search columns as functions of their inputs (decision 016), so that the products trigger and
-- the seed's bulk load, which derives them for a million products in one statement and each
-- distinct description once, share one definition. Same values as migration 0015's trigger.
CREATE OR REPLACE FUNCTION product_search_text(title text, brand_title text, category_title text)
RETURNS text AS $$
  SELECT lower(title || ' ' || brand_title || ' ' || category_title)
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- The description's part of search_vector: its text without tags, weighted D.
CREATE OR REPLACE FUNCTION product_description_vector(description text) RETURNS tsvector AS $$
  SELECT setweight(to_tsvector('english', left(regexp_replace(description, '<[^>]*>', ' ', 'g'), 4000)), 'D')
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Title (A) over brand (B) over category (C) over the description's vector; || shifts the
-- positions of each part after the previous ones, so the parts must be joined in this order.
CREATE OR REPLACE FUNCTION product_search_vector(
  title text, brand_title text, category_title text, description_vector tsvector
) RETURNS tsvector AS $$
  SELECT setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', brand_title), 'B') ||
    setweight(to_tsvector('english', category_title), 'C') ||
    description_vector
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_refresh_search_text() RETURNS trigger AS $$
DECLARE
  brand_title text := coalesce((SELECT title FROM brands WHERE id = NEW.brand_id), '');
  category_title text := coalesce((SELECT title FROM categories WHERE id = NEW.category_id), '');
BEGIN
  NEW.search_text := product_search_text(NEW.title, brand_title, category_title);
  NEW.search_vector := product_search_vector(
    NEW.title, brand_title, category_title, product_description_vector(NEW.description));
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
