ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'hi'));--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_language_check" CHECK ("enquiries"."language" in ('en', 'hi'));