DROP INDEX "products_title_idx";--> statement-breakpoint
CREATE INDEX "products_title_sort_idx" ON "products" USING btree (lower("title") collate "C","id");