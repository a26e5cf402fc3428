DROP INDEX "products_sold_idx";--> statement-breakpoint
DROP INDEX "products_rating_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_category_title_idx";--> statement-breakpoint
DROP INDEX "products_category_sold_idx";--> statement-breakpoint
DROP INDEX "products_category_rating_idx";--> statement-breakpoint
DROP INDEX "products_brand_created_idx";--> statement-breakpoint
DROP INDEX "products_brand_title_idx";--> statement-breakpoint
DROP INDEX "products_brand_sold_idx";--> statement-breakpoint
DROP INDEX "products_brand_rating_idx";--> statement-breakpoint
CREATE INDEX "products_on_sale_created_idx" ON "products" USING btree ("created_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_created_idx" ON "products" USING btree ("category_id","created_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_brand_created_idx" ON "products" USING btree ("brand_id","created_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_title_idx" ON "products" USING btree (lower("title") collate "C","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_title_idx" ON "products" USING btree ("category_id",lower("title") collate "C","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_brand_title_idx" ON "products" USING btree ("brand_id",lower("title") collate "C","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_price_idx" ON "products" USING btree ("price_paise","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_price_idx" ON "products" USING btree ("category_id","price_paise","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_brand_price_idx" ON "products" USING btree ("brand_id","price_paise","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_sold_idx" ON "products" USING btree ("sold","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_sold_idx" ON "products" USING btree ("category_id","sold","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_brand_sold_idx" ON "products" USING btree ("brand_id","sold","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_rating_idx" ON "products" USING btree ("total_rating","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_category_rating_idx" ON "products" USING btree ("category_id","total_rating","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "products_on_sale_brand_rating_idx" ON "products" USING btree ("brand_id","total_rating","id") WHERE archived_at is null;