import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingInfo } from '../../../shared/api/orders.schemas.js';
import { users } from './accounts.js';
import { createdAt, id, updatedAt } from './columns.js';

/** Checkouts (the server's record of what a provider order pays for) and the payments made for them. */

export type CheckoutLineSnapshot = {
  productId: string;
  variantId: string;
  colorId: string;
  title: string;
  /** The variant's SKU and option values ("Navy / L"); empty for a product without options. */
  sku: string;
  variantTitle: string;
  quantity: number;
  pricePaise: number;
  /** The line's share of the coupon's discount, in paise; absent before. */
  discountPaise?: number;
  /** The product's MRP when checked out, for the order's "items at MRP"; absent before. */
  mrpPaise?: number | null;
};

export const checkoutStatuses = ['pending', 'paid', 'completed', 'failed', 'refunded'] as const;

/** A checkout is the server's record of what a provider order is paying for. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    lines: jsonb('lines').$type<CheckoutLineSnapshot[]>().notNull(),
    // The price breakup the shopper saw and pays: the coupon, its discount, delivery.
    couponCode: text('coupon_code'),
    couponDiscountPaise: bigint('coupon_discount_paise', { mode: 'number' }).notNull().default(0),
    deliveryPaise: bigint('delivery_paise', { mode: 'number' }).notNull().default(0),
    // Cash on delivery's handling fee, inside the amount (0 for a checkout paid online).
    codFeePaise: bigint('cod_fee_paise', { mode: 'number' }).notNull().default(0),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo>(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('pending'),
    // The checkouts started for one cart until one of them becomes its order share a round (a
    // new checkout replaces the old): a round has at most one order, and every other payment in
    // it is refunded (decision 034). Null on checkouts made before rounds: their own id.
    roundId: uuid('round_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_provider_order_key').on(t.provider, t.providerOrderId),
    index('checkouts_round_idx').on(t.roundId),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_status_idx').on(t.status, t.createdAt),
    check('checkouts_amount_positive', sql`${t.amountPaise} > 0`),
    check('checkouts_cod_fee_only_cod', sql`${t.codFeePaise} = 0 or ${t.provider} = 'cod'`),
    check('checkouts_cod_fee_not_negative', sql`${t.codFeePaise} >= 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    // authorized | captured | failed | refunded, as the provider reports it.
    status: text('status').notNull(),
    method: text('method'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    // A payment that bought no order (its cart was already ordered, its coupon was used up) or
    // paid more than its order: why and how much goes back, recorded before the provider is
    // asked; refundedAt is set when it has (decision 034).
    refundReason: text('refund_reason'),
    refundPaise: bigint('refund_paise', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_checkout_idx').on(t.checkoutId),
    // Reconciliation's refunds still to make.
    index('payments_refund_due_idx')
      .on(t.createdAt)
      .where(sql`${t.refundReason} is not null and ${t.refundedAt} is null`),
    check(
      'payments_refund_within_amount',
      sql`${t.refundPaise} is null or (${t.refundPaise} > 0 and ${t.refundPaise} <= ${t.amountPaise})`,
    ),
  ],
);
