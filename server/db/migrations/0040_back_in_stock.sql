CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"channels" text[] DEFAULT '{email}'::text[] NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"stock_seen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "back_in_stock_requests_email_check" CHECK ('email' = any("back_in_stock_requests"."channels")),
	CONSTRAINT "back_in_stock_requests_language_check" CHECK ("back_in_stock_requests"."language" in ('en', 'hi'))
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_open_key" ON "back_in_stock_requests" USING btree ("user_id","product_id",coalesce("variant_id", "product_id")) WHERE "back_in_stock_requests"."notified_at" is null and "back_in_stock_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("product_id","variant_id","created_at") WHERE "back_in_stock_requests"."notified_at" is null and "back_in_stock_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_user_idx" ON "back_in_stock_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_notified_idx" ON "back_in_stock_requests" USING btree ("notified_at") WHERE "back_in_stock_requests"."notified_at" is not null;