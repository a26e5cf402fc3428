CREATE TABLE "product_facet_counts" (
	"category_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"tags" text[] NOT NULL,
	"in_stock" boolean NOT NULL,
	"products" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_facet_counts_key_idx" ON "product_facet_counts" USING btree ("category_id","brand_id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category_id",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "products_category_sold_idx" ON "products" USING btree ("category_id","sold","id");--> statement-breakpoint
CREATE INDEX "products_category_rating_idx" ON "products" USING btree ("category_id","total_rating","id");--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand_id",lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "products_brand_sold_idx" ON "products" USING btree ("brand_id","sold","id");--> statement-breakpoint
CREATE INDEX "products_brand_rating_idx" ON "products" USING btree ("brand_id","total_rating","id");--> statement-breakpoint
-- A product's facet key: what the store's facet counts group by; null when it is not on sale.
CREATE OR REPLACE FUNCTION product_facet_tags(tags text[]) RETURNS text[] AS $$
  SELECT coalesce(array_agg(DISTINCT tag ORDER BY tag), '{}'::text[]) FROM unnest(tags) AS tag
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Statement-level, with transition tables: one insert of grouped +n/-n rows per statement, only
-- for products whose key changed (an order taking stock writes nothing unless it sells out).
CREATE OR REPLACE FUNCTION products_facet_counts_after_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO product_facet_counts (category_id, brand_id, tags, in_stock, products)
    SELECT category_id, brand_id, product_facet_tags(tags), quantity > 0, count(*)
    FROM inserted WHERE archived_at IS NULL
    GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO product_facet_counts (category_id, brand_id, tags, in_stock, products)
    SELECT category_id, brand_id, product_facet_tags(tags), quantity > 0, -count(*)
    FROM removed WHERE archived_at IS NULL
    GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO product_facet_counts (category_id, brand_id, tags, in_stock, products)
    SELECT category_id, brand_id, tags, in_stock, sum(delta)
    FROM (
      SELECT o.category_id, o.brand_id, product_facet_tags(o.tags) AS tags, o.quantity > 0 AS in_stock, -1 AS delta
      FROM removed o JOIN inserted n ON n.id = o.id
      WHERE o.archived_at IS NULL AND (n.archived_at IS NOT NULL OR n.category_id <> o.category_id
        OR n.brand_id <> o.brand_id OR n.tags IS DISTINCT FROM o.tags OR (n.quantity > 0) <> (o.quantity > 0))
      UNION ALL
      SELECT n.category_id, n.brand_id, product_facet_tags(n.tags), n.quantity > 0, 1
      FROM removed o JOIN inserted n ON n.id = o.id
      WHERE n.archived_at IS NULL AND (o.archived_at IS NOT NULL OR n.category_id <> o.category_id
        OR n.brand_id <> o.brand_id OR n.tags IS DISTINCT FROM o.tags OR (n.quantity > 0) <> (o.quantity > 0))
    ) changes
    GROUP BY 1, 2, 3, 4
    HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION products_facet_counts_after_change();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION products_facet_counts_after_change();
--> statement-breakpoint
CREATE TRIGGER products_facet_counts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION products_facet_counts_after_change();
--> statement-breakpoint
-- Sums the +n/-n rows into one per key. One statement: rows other transactions add meanwhile are
-- not in its snapshot, so they are neither deleted nor counted twice.
CREATE OR REPLACE FUNCTION compact_product_facet_counts() RETURNS void AS $$
  WITH moved AS (DELETE FROM product_facet_counts RETURNING *)
  INSERT INTO product_facet_counts (category_id, brand_id, tags, in_stock, products)
  SELECT category_id, brand_id, tags, in_stock, sum(products)
  FROM moved GROUP BY 1, 2, 3, 4 HAVING sum(products) <> 0
$$ LANGUAGE sql;
--> statement-breakpoint
INSERT INTO product_facet_counts (category_id, brand_id, tags, in_stock, products)
SELECT category_id, brand_id, product_facet_tags(tags), quantity > 0, count(*)
FROM products WHERE archived_at IS NULL GROUP BY 1, 2, 3, 4;
