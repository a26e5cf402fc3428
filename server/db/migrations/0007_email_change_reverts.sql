CREATE TABLE "email_change_reverts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_change_reverts" ADD CONSTRAINT "email_change_reverts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_change_reverts_token_hash_key" ON "email_change_reverts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_change_reverts_user_idx" ON "email_change_reverts" USING btree ("user_id");