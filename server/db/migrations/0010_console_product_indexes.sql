-- The console's product table at 100,000 products (issue 13): counts and sorts it runs on every
-- page, read from indexes rather than the 111 MB table. Hand-written (drizzle's index builder has no
-- INCLUDE); the storefront's own indexes cover price, title and the filters it shares.
-- Sort by last update, every view; archived_at included so "active only" is checked in the index.
CREATE INDEX IF NOT EXISTS "products_updated_idx" ON "products" USING btree ("updated_at", "id") INCLUDE ("archived_at");--> statement-breakpoint
-- Products on sale by stock: the stock sort, the in/low/out filter, and the count of everything on sale.
CREATE INDEX IF NOT EXISTS "products_active_quantity_idx" ON "products" USING btree ("quantity", "id") WHERE "archived_at" IS NULL;--> statement-breakpoint
-- A category or a brand with a stock state, counted without touching the table.
CREATE INDEX IF NOT EXISTS "products_active_category_quantity_idx" ON "products" USING btree ("category_id", "quantity") WHERE "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_active_brand_quantity_idx" ON "products" USING btree ("brand_id", "quantity") WHERE "archived_at" IS NULL;--> statement-breakpoint
-- The few archived products.
CREATE INDEX IF NOT EXISTS "products_archived_idx" ON "products" USING btree ("archived_at") WHERE "archived_at" IS NOT NULL;
