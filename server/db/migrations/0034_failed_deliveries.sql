CREATE TABLE "shipment_ndrs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"attempt" smallint NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"provider_event_id" text NOT NULL,
	"answer_kind" text,
	"answered_by" text,
	"answer_day" date,
	"answer_phone_changed" boolean DEFAULT false NOT NULL,
	"answer_address_changed" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone,
	"answer_staff_id" uuid,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_ndrs_attempt_positive" CHECK ("shipment_ndrs"."attempt" > 0),
	CONSTRAINT "shipment_ndrs_kinds_check" CHECK ("shipment_ndrs"."answer_kind" in ('reattempt', 'update', 'return') and "shipment_ndrs"."answered_by" in ('customer', 'staff')),
	CONSTRAINT "shipment_ndrs_answer_check" CHECK (("shipment_ndrs"."answer_kind" is null) = ("shipment_ndrs"."answered_at" is null) and ("shipment_ndrs"."answer_kind" is null) = ("shipment_ndrs"."answered_by" is null) and ("shipment_ndrs"."answer_kind" = 'return') = ("shipment_ndrs"."answer_kind" is not null and "shipment_ndrs"."answer_day" is null))
);
--> statement-breakpoint
ALTER TABLE "shipment_ndrs" ADD CONSTRAINT "shipment_ndrs_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_ndrs" ADD CONSTRAINT "shipment_ndrs_answer_staff_id_staff_id_fk" FOREIGN KEY ("answer_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_ndrs_attempt_key" ON "shipment_ndrs" USING btree ("shipment_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_ndrs_open_key" ON "shipment_ndrs" USING btree ("shipment_id") WHERE "shipment_ndrs"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "shipment_ndrs_queue_idx" ON "shipment_ndrs" USING btree ("respond_by") WHERE "shipment_ndrs"."closed_at" is null;