CREATE TABLE "contact_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"token_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "contact_verifications_channel_check" CHECK ("contact_verifications"."channel" in ('email', 'mobile'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_alerts" (
	"realm" text NOT NULL,
	"account" text NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_alerts_realm_account_pk" PRIMARY KEY("realm","account")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"realm" text NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_realm_account_ip_pk" PRIMARY KEY("realm","account","ip")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_verifications" ADD CONSTRAINT "contact_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_verifications_token_hash_key" ON "contact_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "contact_verifications_user_idx" ON "contact_verifications" USING btree ("user_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_account_idx" ON "sign_in_failures" USING btree ("realm","account","last_failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_idx" ON "sign_in_failures" USING btree ("last_failed_at");