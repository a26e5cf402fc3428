ALTER TABLE "products" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sizes_idx" ON "products" USING gin ("sizes");--> statement-breakpoint
-- The values of a product's size option (the first option whose name says "size": Size, UK Size,
-- Waist Size) that a variant on sale has in stock: what the store's size filter matches.
CREATE OR REPLACE FUNCTION product_sizes(pid uuid, opts jsonb) RETURNS text[] AS $$
  SELECT coalesce(array_agg(DISTINCT v.option_values[s.n]) FILTER (WHERE v.option_values[s.n] IS NOT NULL), '{}')
  FROM (SELECT o.n::int AS n FROM jsonb_array_elements(opts) WITH ORDINALITY AS o(opt, n)
        WHERE o.opt->>'name' ILIKE '%size%' ORDER BY o.n LIMIT 1) s
  JOIN product_variants v ON v.product_id = pid AND v.archived_at IS NULL AND v.quantity > 0
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION roll_up_product_variants(product_ids uuid[]) RETURNS void AS $$
  UPDATE products p SET quantity = v.quantity, sold = v.sold,
    price_paise = coalesce(v.price_min, p.price_paise), mrp_paise = CASE WHEN v.price_min IS NULL THEN p.mrp_paise ELSE v.mrp END,
    price_max_paise = coalesce(v.price_max, p.price_max_paise),
    sizes = v.sizes,
    -- Stock and price are what a product's "last updated" tells staff about; the rest is bookkeeping.
    updated_at = CASE WHEN p.quantity <> v.quantity OR p.price_paise <> coalesce(v.price_min, p.price_paise)
      THEN now() ELSE p.updated_at END
  FROM (
    SELECT sums.*, product_sizes(sums.product_id, pp.options) AS sizes
    FROM (
      SELECT product_id,
        coalesce(sum(quantity) FILTER (WHERE archived_at IS NULL), 0)::int AS quantity,
        coalesce(sum(sold), 0)::int AS sold,
        min(price_paise) FILTER (WHERE archived_at IS NULL) AS price_min,
        max(price_paise) FILTER (WHERE archived_at IS NULL) AS price_max,
        (array_agg(mrp_paise ORDER BY price_paise, position) FILTER (WHERE archived_at IS NULL))[1] AS mrp
      -- Joined, not "= ANY(product_ids)": a bulk write's million ids are hashed once, not searched
      -- once a variant.
      FROM product_variants JOIN unnest(product_ids) AS ids(id) ON ids.id = product_variants.product_id
      GROUP BY product_id
    ) sums JOIN products pp ON pp.id = sums.product_id
  ) v
  WHERE p.id = v.product_id
    AND (p.quantity, p.sold, p.price_paise, p.mrp_paise, p.price_max_paise, p.sizes)
      IS DISTINCT FROM (v.quantity, v.sold, coalesce(v.price_min, p.price_paise),
        CASE WHEN v.price_min IS NULL THEN p.mrp_paise ELSE v.mrp END, coalesce(v.price_max, p.price_max_paise), v.sizes);
$$ LANGUAGE sql;
--> statement-breakpoint
-- Options renamed or written after their variants (an import, the console's grid) give the sizes again.
CREATE OR REPLACE FUNCTION products_sizes_on_options() RETURNS trigger AS $$
BEGIN
  NEW.sizes := product_sizes(NEW.id, NEW.options);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_sizes_on_options BEFORE UPDATE OF options ON products
  FOR EACH ROW WHEN (OLD.options IS DISTINCT FROM NEW.options) EXECUTE FUNCTION products_sizes_on_options();
--> statement-breakpoint
UPDATE products SET sizes = product_sizes(id, options) WHERE options <> '[]'::jsonb;
