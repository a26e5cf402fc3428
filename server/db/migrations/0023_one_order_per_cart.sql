ALTER TABLE "checkouts" ADD COLUMN "round_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "round_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_paise" bigint;--> statement-breakpoint
CREATE INDEX "checkouts_round_idx" ON "checkouts" USING btree ("round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_round_key" ON "orders" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "orders_cod_outstanding_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_method" = 'cod' and "orders"."payment_status" = 'unpaid' and "orders"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_cod_outstanding_address_idx" ON "orders" USING btree ((lower(regexp_replace("shipping_info"->>'address', '[^[:alnum:]]', '', 'g')) || ':' || ("shipping_info"->>'pincode'))) WHERE "orders"."payment_method" = 'cod' and "orders"."payment_status" = 'unpaid' and "orders"."state" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_refund_due_idx" ON "payments" USING btree ("created_at") WHERE "payments"."refund_reason" is not null and "payments"."refunded_at" is null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refund_paise" is null or ("payments"."refund_paise" > 0 and "payments"."refund_paise" <= "payments"."amount_paise"));