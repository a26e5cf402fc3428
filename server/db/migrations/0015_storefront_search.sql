CREATE TABLE "search_phrases" (
	"phrase" text PRIMARY KEY NOT NULL,
	"folded" text NOT NULL,
	"product_id" uuid NOT NULL,
	"products" integer NOT NULL,
	"sold" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- The products trigger (migration 0003) now also writes search_vector: the title weighs most (A),
-- then the brand (B), the category (C) and the description's text (D). 'english' stems words, so
-- "shoes" finds "Shoe" and "running" finds "Run"; typos and Hinglish are handled before the query
-- (decision 016). A product's description joins the columns that re-derive it.
CREATE OR REPLACE FUNCTION products_refresh_search_text() RETURNS trigger AS $$
DECLARE
  brand_title text := coalesce((SELECT title FROM brands WHERE id = NEW.brand_id), '');
  category_title text := coalesce((SELECT title FROM categories WHERE id = NEW.category_id), '');
BEGIN
  NEW.search_text := lower(NEW.title || ' ' || brand_title || ' ' || category_title);
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('english', brand_title), 'B') ||
    setweight(to_tsvector('english', category_title), 'C') ||
    setweight(to_tsvector('english', left(regexp_replace(NEW.description, '<[^>]*>', ' ', 'g'), 4000)), 'D');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER products_search_text_trigger ON products;
--> statement-breakpoint
CREATE TRIGGER products_search_text_trigger
  BEFORE INSERT OR UPDATE OF title, description, brand_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text();
--> statement-breakpoint
UPDATE products SET title = title;
--> statement-breakpoint
ALTER TABLE "search_phrases" ADD CONSTRAINT "search_phrases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_phrases_folded_trgm_idx" ON "search_phrases" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_sold_idx" ON "products" USING btree ("sold","id");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("total_rating","id");