CREATE SEQUENCE "public"."support_ticket_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "kind" text DEFAULT 'enquiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "ticket_number" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "acknowledge_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "respond_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enquiries_ticket_number_key" ON "enquiries" USING btree ("ticket_number");--> statement-breakpoint
CREATE INDEX "enquiries_user_idx" ON "enquiries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiries_kind_created_at_idx" ON "enquiries" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_ticket_check" CHECK ("enquiries"."kind" = 'enquiry' or ("enquiries"."ticket_number" is not null and "enquiries"."topic" is not null and "enquiries"."acknowledge_by" is not null and "enquiries"."respond_by" is not null));