import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { checkouts } from './checkout.js';
import { createdAt, id, updatedAt } from './columns.js';
import { orders } from './orders.js';

/** Discount codes and their uses. */

/** Discount codes. Checkout applies them; the console manages them. */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    // Stored upper case, so the unique index is case-insensitive in effect.
    name: text('name').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    // 00:00 UTC of the day the coupon stops applying (the original admin sends a date only).
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    // What makes a coupon usable at checkout. `percent` uses discountPercent; `flat`
    // takes flatPaise off. All optional but the kind.
    kind: text('kind', { enum: ['percent', 'flat'] })
      .notNull()
      .default('percent'),
    flatPaise: bigint('flat_paise', { mode: 'number' }),
    minOrderPaise: bigint('min_order_paise', { mode: 'number' }),
    maxDiscountPaise: bigint('max_discount_paise', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    brandIds: uuid('brand_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_name_key').on(t.name),
    check('coupons_discount_range', sql`${t.discountPercent} between 1 and 100`),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check(
      'coupons_limits_positive',
      sql`(${t.usageLimit} is null or ${t.usageLimit} >= 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
  ],
);

/**
 * A coupon's uses: one row per checkout that applied it, holding one use while the
 * shopper pays (until `expiresAt`), kept for good once its order is placed (`orderId`), deleted
 * when the payment fails or the hold lapses. Uses = rows with an order + live holds; the coupon's
 * row is locked while counting, so limits hold under concurrent checkouts.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_key').on(t.checkoutId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.expiresAt),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
);
