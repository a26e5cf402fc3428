CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"pickup_at" timestamp with time zone,
	"failure_reason" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickups_status_check" CHECK ("pickups"."status" in ('pending', 'scheduled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pickup_id" uuid;--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickups_day_idx" ON "pickups" USING btree ("day","created_at");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_pickup_idx" ON "shipments" USING btree ("pickup_id");