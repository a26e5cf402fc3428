ALTER TABLE "orders" ADD COLUMN "address_to_confirm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "address_request_sent_at" timestamp with time zone;