CREATE TABLE "shipping_rates" (
	"zone" text PRIMARY KEY NOT NULL,
	"first_slab_paise" integer NOT NULL,
	"extra_slab_paise" integer NOT NULL,
	"min_days" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_zone" CHECK ("shipping_rates"."zone" in ('city', 'state', 'metro', 'rest', 'special')),
	CONSTRAINT "shipping_rates_paise" CHECK ("shipping_rates"."first_slab_paise" >= 0 and "shipping_rates"."extra_slab_paise" >= 0),
	CONSTRAINT "shipping_rates_days" CHECK ("shipping_rates"."min_days" between 0 and 60 and "shipping_rates"."max_days" between "shipping_rates"."min_days" and 60)
);
--> statement-breakpoint
CREATE TABLE "shipping_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'flat' NOT NULL,
	"cod_fee_paise" integer DEFAULT 0 NOT NULL,
	"cod_fee_bp" integer DEFAULT 0 NOT NULL,
	"default_weight_grams" integer DEFAULT 500 NOT NULL,
	"default_length_mm" integer DEFAULT 200 NOT NULL,
	"default_width_mm" integer DEFAULT 150 NOT NULL,
	"default_height_mm" integer DEFAULT 80 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_settings_single_row" CHECK ("shipping_settings"."id" = 1),
	CONSTRAINT "shipping_settings_mode" CHECK ("shipping_settings"."mode" in ('flat', 'card')),
	CONSTRAINT "shipping_settings_cod_fee" CHECK ("shipping_settings"."cod_fee_paise" >= 0 and "shipping_settings"."cod_fee_bp" between 0 and 10000),
	CONSTRAINT "shipping_settings_defaults_positive" CHECK ("shipping_settings"."default_weight_grams" > 0 and "shipping_settings"."default_length_mm" > 0 and "shipping_settings"."default_width_mm" > 0 and "shipping_settings"."default_height_mm" > 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"state" text NOT NULL,
	"pincode" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_pincode_format" CHECK ("warehouses"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_one_default" ON "warehouses" USING btree ("is_default") WHERE "warehouses"."is_default";