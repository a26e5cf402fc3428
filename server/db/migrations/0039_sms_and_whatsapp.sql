CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"event_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"not_before" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"provider_message_id" text,
	CONSTRAINT "message_outbox_language_check" CHECK ("message_outbox"."language" in ('en', 'hi')),
	CONSTRAINT "message_outbox_channel_check" CHECK ("message_outbox"."channel" in ('sms', 'whatsapp')),
	CONSTRAINT "message_outbox_status_check" CHECK ("message_outbox"."status" in ('queued', 'sent', 'delivered', 'read', 'failed', 'skipped', 'given-up')),
	CONSTRAINT "message_outbox_recipient_check" CHECK ("message_outbox"."recipient" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "message_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" DROP CONSTRAINT "consent_records_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_event_key" ON "message_outbox" USING btree ("channel","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_id_key" ON "message_outbox" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "message_outbox_waiting_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "message_outbox_user_idx" ON "message_outbox" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_idx" ON "message_outbox" USING btree ("recipient");--> statement-breakpoint
CREATE UNIQUE INDEX "message_receipts_once" ON "message_receipts" USING btree ("channel","provider_message_id","status");--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_purpose_check" CHECK ("consent_records"."purpose" in ('privacy-notice', 'marketing-emails', 'marketing-sms', 'marketing-whatsapp'));