ALTER TABLE "shipping_settings" DROP CONSTRAINT "shipping_settings_mode";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "live_floor_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD COLUMN "live_cap_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_cod_fee_only_cod" CHECK ("checkouts"."cod_fee_paise" = 0 or "checkouts"."provider" = 'cod');--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_cod_fee_not_negative" CHECK ("checkouts"."cod_fee_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee_only_cod" CHECK ("orders"."cod_fee_paise" = 0 or ("orders"."cod_fee_paise" > 0 and "orders"."payment_method" = 'cod'));--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD CONSTRAINT "shipping_settings_live_bounds" CHECK ("shipping_settings"."live_floor_paise" >= 0 and "shipping_settings"."live_cap_paise" >= "shipping_settings"."live_floor_paise");--> statement-breakpoint
ALTER TABLE "shipping_settings" ADD CONSTRAINT "shipping_settings_mode" CHECK ("shipping_settings"."mode" in ('flat', 'card', 'live'));