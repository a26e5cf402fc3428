CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"cart_state" text NOT NULL,
	"cart_touched_at" timestamp with time zone NOT NULL,
	"items" smallint NOT NULL,
	"lines" jsonb NOT NULL,
	"channels" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"restored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_drop_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"product_title" text NOT NULL,
	"old_price_paise" integer NOT NULL,
	"new_price_paise" integer NOT NULL,
	"drops" smallint DEFAULT 1 NOT NULL,
	"channels" text[] NOT NULL,
	"india_day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"last_price_paise" integer NOT NULL,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_watches_price_nonnegative" CHECK ("price_watches"."last_price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_alerts" ADD CONSTRAINT "price_drop_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_alerts" ADD CONSTRAINT "price_drop_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_state_key" ON "cart_reminders" USING btree ("user_id","cart_state");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_token_key" ON "cart_reminders" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cart_reminders_created_idx" ON "cart_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_drop_alerts_daily_key" ON "price_drop_alerts" USING btree ("user_id","india_day");--> statement-breakpoint
CREATE INDEX "price_drop_alerts_created_idx" ON "price_drop_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_product_key" ON "price_watches" USING btree ("user_id","product_id") WHERE "price_watches"."variant_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_variant_key" ON "price_watches" USING btree ("user_id","variant_id") WHERE "price_watches"."variant_id" is not null;