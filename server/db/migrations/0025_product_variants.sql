CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"option_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"color_id" uuid,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"weight_grams" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"image_positions" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_nonnegative" CHECK ("product_variants"."price_paise" >= 0),
	CONSTRAINT "product_variants_mrp_nonnegative" CHECK ("product_variants"."mrp_paise" is null or "product_variants"."mrp_paise" >= 0),
	CONSTRAINT "product_variants_quantity_nonnegative" CHECK ("product_variants"."quantity" >= 0),
	CONSTRAINT "product_variants_sold_nonnegative" CHECK ("product_variants"."sold" >= 0),
	CONSTRAINT "product_variants_sizes_positive" CHECK (coalesce("product_variants"."weight_grams", 1) > 0 and coalesce("product_variants"."length_mm", 1) > 0 and coalesce("product_variants"."width_mm", 1) > 0 and coalesce("product_variants"."height_mm", 1) > 0)
);
--> statement-breakpoint
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_max_paise" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Every product becomes one variant without options, with the product's price, MRP, stock and
-- sales: colours stay the product's list as before, so nothing a shopper or an order saw changes.
-- The SKU is the slug in capitals; merchants rename them in the console.
INSERT INTO product_variants (product_id, sku, price_paise, mrp_paise, quantity, sold)
SELECT id, upper(slug), price_paise, mrp_paise, quantity, sold FROM products;
--> statement-breakpoint
UPDATE products SET price_max_paise = price_paise;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE stock_movements SET variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = stock_movements.product_id ORDER BY v.position LIMIT 1);
--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "stock_holds_product_idx";
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE stock_holds SET variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = stock_holds.product_id ORDER BY v.position LIMIT 1);
--> statement-breakpoint
ALTER TABLE "stock_holds" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "stock_holds" DROP CONSTRAINT "stock_holds_checkout_id_product_id_pk";
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_checkout_id_variant_id_pk" PRIMARY KEY("checkout_id","variant_id");
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "stock_holds_variant_idx" ON "stock_holds" USING btree ("variant_id","expires_at");
--> statement-breakpoint
DROP INDEX "cart_lines_user_product_color_key";
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
UPDATE cart_lines SET variant_id = coalesce((SELECT v.id FROM product_variants v WHERE v.product_id = cart_lines.product_id AND v.color_id = cart_lines.color_id ORDER BY v.position LIMIT 1), (SELECT v.id FROM product_variants v WHERE v.product_id = cart_lines.product_id ORDER BY v.position LIMIT 1));
--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_variant_color_key" ON "cart_lines" USING btree ("user_id","variant_id","color_id");
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_title" text;
--> statement-breakpoint
UPDATE order_lines SET variant_id = coalesce((SELECT v.id FROM product_variants v WHERE v.product_id = order_lines.product_id AND v.color_id = order_lines.color_id ORDER BY v.position LIMIT 1), (SELECT v.id FROM product_variants v WHERE v.product_id = order_lines.product_id ORDER BY v.position LIMIT 1));
--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "variant_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");
--> statement-breakpoint
-- Checkouts keep what they priced: their lines name the variant too (no SKU or option values
-- were shown before variants, so those stay empty).
UPDATE checkouts c SET lines = (
  SELECT coalesce(jsonb_agg(l.line || jsonb_build_object('variantId', coalesce(
      (SELECT v.id FROM product_variants v WHERE v.product_id = (l.line->>'productId')::uuid
        AND v.color_id = (l.line->>'colorId')::uuid ORDER BY v.position LIMIT 1),
      (SELECT v.id FROM product_variants v WHERE v.product_id = (l.line->>'productId')::uuid ORDER BY v.position LIMIT 1)),
    'sku', '', 'variantTitle', '') ORDER BY l.n), '[]'::jsonb)
  FROM jsonb_array_elements(c.lines) WITH ORDINALITY AS l(line, n));
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree (lower("sku"));
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_options_key" ON "product_variants" USING btree ("product_id","option_values");
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");
--> statement-breakpoint
-- The product row's figures follow its variants in the same statement: stock and sales summed,
-- the lowest price on sale (with that variant's MRP) and the highest. Statement-level, so a bulk
-- write rolls up each product once. Products with no variant on sale keep their last price.
CREATE OR REPLACE FUNCTION roll_up_product_variants(product_ids uuid[]) RETURNS void AS $$
  UPDATE products p SET quantity = v.quantity, sold = v.sold,
    price_paise = coalesce(v.price_min, p.price_paise), mrp_paise = CASE WHEN v.price_min IS NULL THEN p.mrp_paise ELSE v.mrp END,
    price_max_paise = coalesce(v.price_max, p.price_max_paise),
    -- Stock and price are what a product's "last updated" tells staff about; the rest is bookkeeping.
    updated_at = CASE WHEN p.quantity <> v.quantity OR p.price_paise <> coalesce(v.price_min, p.price_paise)
      THEN now() ELSE p.updated_at END
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
  ) v
  WHERE p.id = v.product_id
    AND (p.quantity, p.sold, p.price_paise, p.mrp_paise, p.price_max_paise)
      IS DISTINCT FROM (v.quantity, v.sold, coalesce(v.price_min, p.price_paise),
        CASE WHEN v.price_min IS NULL THEN p.mrp_paise ELSE v.mrp END, coalesce(v.price_max, p.price_max_paise));
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_after_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM roll_up_product_variants(ARRAY(SELECT DISTINCT product_id FROM inserted));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM roll_up_product_variants(ARRAY(SELECT DISTINCT product_id FROM removed));
  ELSE
    PERFORM roll_up_product_variants(ARRAY(SELECT product_id FROM inserted UNION SELECT product_id FROM removed));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_insert AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_update AFTER UPDATE ON product_variants
  REFERENCING OLD TABLE AS removed NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_change();
--> statement-breakpoint
CREATE TRIGGER product_variants_delete AFTER DELETE ON product_variants
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_change();
