-- products.search_text = lower(title || brand || category), so search and suggestions match a
-- shopper's "samsng tv" or "lapptop" against one trigram-indexed column without joins.
CREATE OR REPLACE FUNCTION products_refresh_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(
    NEW.title || ' ' ||
    coalesce((SELECT title FROM brands WHERE id = NEW.brand_id), '') || ' ' ||
    coalesce((SELECT title FROM categories WHERE id = NEW.category_id), '')
  );
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_search_text_trigger
  BEFORE INSERT OR UPDATE OF title, brand_id, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text();
--> statement-breakpoint
-- A renamed brand or category re-derives the text of its products.
CREATE OR REPLACE FUNCTION products_refresh_search_text_for_parent() RETURNS trigger AS $$
BEGIN
  IF NEW.title IS DISTINCT FROM OLD.title THEN
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
CREATE TRIGGER brands_search_text_trigger AFTER UPDATE OF title ON brands
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text_for_parent();
--> statement-breakpoint
CREATE TRIGGER categories_search_text_trigger AFTER UPDATE OF title ON categories
  FOR EACH ROW EXECUTE FUNCTION products_refresh_search_text_for_parent();
--> statement-breakpoint
UPDATE products SET title = title;
