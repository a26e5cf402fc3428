CREATE TABLE "stock_holds" (
	"checkout_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_checkout_id_product_id_pk" PRIMARY KEY("checkout_id","product_id"),
	CONSTRAINT "stock_holds_quantity_positive" CHECK ("stock_holds"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_holds_product_idx" ON "stock_holds" USING btree ("product_id","expires_at");--> statement-breakpoint
CREATE INDEX "stock_holds_user_idx" ON "stock_holds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stock_holds_expires_idx" ON "stock_holds" USING btree ("expires_at");