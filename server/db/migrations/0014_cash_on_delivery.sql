CREATE TABLE "cod_confirmations" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"sent_to" text NOT NULL,
	"confirm_by" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_confirmations_channel_check" CHECK ("cod_confirmations"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_state_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payout_reference" text;--> statement-breakpoint
ALTER TABLE "cod_confirmations" ADD CONSTRAINT "cod_confirmations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unconfirmed_idx" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'unconfirmed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('online', 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_only_unpaid" CHECK ("orders"."payment_method" = 'cod' or ("orders"."state" <> 'unconfirmed' and "orders"."payment_status" <> 'unpaid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('unconfirmed', 'placed', 'cancelled', 'completed'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'authorized', 'paid', 'partially_refunded', 'refunded'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('provider', 'bank_transfer', 'upi'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_source" CHECK (("refunds"."method" = 'provider' and "refunds"."payment_id" is not null) or ("refunds"."method" <> 'provider' and "refunds"."payout_reference" is not null));