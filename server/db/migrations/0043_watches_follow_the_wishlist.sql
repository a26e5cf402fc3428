-- A watch lasts as long as its wishlist item: those whose item is already gone go first.
DELETE FROM "price_watches" w WHERE NOT EXISTS (SELECT 1 FROM "wishlist_items" i WHERE i."user_id" = w."user_id" AND i."product_id" = w."product_id");--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_wishlist_item_fk" FOREIGN KEY ("user_id","product_id") REFERENCES "public"."wishlist_items"("user_id","product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_watches_product_idx" ON "price_watches" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_watches_item_idx" ON "price_watches" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "wishlist_items_created_at_idx" ON "wishlist_items" USING btree ("created_at");