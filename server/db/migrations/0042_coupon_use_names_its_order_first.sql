-- Placement claims the coupon's use for the order it writes next in the same transaction: the
-- reference to the order is checked at the commit, when the order exists.
ALTER TABLE "coupon_redemptions" ALTER CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" DEFERRABLE INITIALLY DEFERRED;
