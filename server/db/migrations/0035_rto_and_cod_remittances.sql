CREATE TABLE "cod_remittance_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remittance_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"awb" text NOT NULL,
	"order_ref" text,
	"amount_paise" bigint NOT NULL,
	"reference" text NOT NULL,
	"remitted_on" text,
	"shipment_id" uuid,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"expected_paise" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittance_rows_amount_nonnegative" CHECK ("cod_remittance_rows"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"row_count" integer NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "cod_remittances_status_check" CHECK ("cod_remittances"."status" in ('processing', 'processed'))
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_condition" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_restocked" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_note" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "rto_received_by" uuid;--> statement-breakpoint
ALTER TABLE "cod_remittance_rows" ADD CONSTRAINT "cod_remittance_rows_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_rows" ADD CONSTRAINT "cod_remittance_rows_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_rows" ADD CONSTRAINT "cod_remittance_rows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_rows_line_key" ON "cod_remittance_rows" USING btree ("remittance_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_rows_applied_key" ON "cod_remittance_rows" USING btree ("shipment_id") WHERE "cod_remittance_rows"."outcome" = 'applied';--> statement-breakpoint
CREATE INDEX "cod_remittance_rows_awb_idx" ON "cod_remittance_rows" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_file_key" ON "cod_remittances" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "cod_remittances_created_idx" ON "cod_remittances" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rto_received_by_staff_id_fk" FOREIGN KEY ("rto_received_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_rto_idx" ON "shipments" USING btree ("status","updated_at") WHERE "shipments"."status" in ('rto_initiated', 'rto_delivered');--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('provider', 'bank_transfer', 'upi', 'not_collected'));--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rto_receipt" CHECK ("shipments"."rto_received_at" is null or ("shipments"."status" = 'rto_delivered' and "shipments"."rto_condition" in ('intact', 'damaged', 'missing-items') and "shipments"."rto_restocked" is not null));