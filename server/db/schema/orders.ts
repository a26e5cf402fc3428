import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type ApiPaymentInfo,
  fulfilmentStatuses,
  type OrderStatus,
  orderEventActors,
  orderPaymentMethods,
  orderStates,
  orderStatuses,
  paymentStatuses,
  type ReturnStatus,
  refundMethods,
  refundStatuses,
  returnStatuses,
  type Shipment,
  type ShippingInfo,
} from '../../../shared/api/orders.schemas.js';
import { users } from './accounts.js';
import { colors, products } from './catalog.js';
import { productVariants } from './catalog-variants.js';
import { checkouts, payments } from './checkout.js';
import { createdAt, id, updatedAt } from './columns.js';
import { staff } from './staff.js';

/** Orders after payment: lines, events, returns, refunds, COD confirmations, invoice and credit note series. */

export type { Shipment, ShippingInfo };

export { type OrderStatus, orderStatuses };
export type PaymentInfo = ApiPaymentInfo;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // Human-friendly order number shown to customers and in e-mails.
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // One order per checkout: the idempotency key for browser, webhook and reconciliation alike.
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    // One order per cart: the round of checkouts it came from (checkouts.roundId), unique.
    roundId: uuid('round_id'),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo>().notNull(),
    totalPricePaise: bigint('total_price_paise', { mode: 'number' }).notNull(),
    totalPriceAfterDiscountPaise: bigint('total_price_after_discount_paise', { mode: 'number' }).notNull(),
    orderStatus: text('order_status', { enum: orderStatuses }).notNull().default('Ordered'),
    paymentInfo: jsonb('payment_info').$type<PaymentInfo>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' }),
    // The address could not be validated (or none arrived): kept as typed, and the customer is
    // asked by e-mail to confirm it before the order ships.
    addressToConfirm: boolean('address_to_confirm').notNull().default(false),
    addressRequestSentAt: timestamp('address_request_sent_at', { withTimezone: true, mode: 'date' }),
    // The three statuses an order really has; `orderStatus` above is derived from them
    // on every change (order-lifecycle.ts) and kept for the original clients and the indexes.
    state: text('state', { enum: orderStates }).notNull().default('placed'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('paid'),
    // Online (paid through the provider at checkout) or cash on delivery: a COD order
    // is placed unpaid and `unconfirmed` until the customer's one-time code (cod_confirmations).
    paymentMethod: text('payment_method', { enum: orderPaymentMethods }).notNull().default('online'),
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses })
      .notNull()
      .default('unfulfilled'),
    // Paise given back by processed refunds (pending ones are in `refunds` only).
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    shipment: jsonb('shipment').$type<Shipment>(),
    // The price breakup and GST. Coupon and delivery as the checkout priced them; tax
    // is the GST included in the total; the place of supply is the delivery state.
    couponCode: text('coupon_code'),
    couponDiscountPaise: bigint('coupon_discount_paise', { mode: 'number' }).notNull().default(0),
    deliveryPaise: bigint('delivery_paise', { mode: 'number' }).notNull().default(0),
    // Cash on delivery's handling fee as shown before the order was placed, inside the total and
    // taxed as delivery is; 0 for an order paid online.
    codFeePaise: bigint('cod_fee_paise', { mode: 'number' }).notNull().default(0),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    placeOfSupply: text('place_of_supply'),
    // The tax invoice (CGST rule 46): a number in its financial year's series, given when placed.
    invoiceNumber: text('invoice_number'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true, mode: 'date' }),
    packedAt: timestamp('packed_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_checkout_key').on(t.checkoutId),
    uniqueIndex('orders_round_key').on(t.roundId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The console's order table: newest first, by status, by total.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_created_at_idx').on(t.orderStatus, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalPriceAfterDiscountPaise, t.id),
    check(
      'orders_status_check',
      sql`${t.orderStatus} in ('Ordered', 'Processing', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled', 'Refunded', 'Returned')`,
    ),
    check('orders_state_check', sql`${t.state} in ('unconfirmed', 'placed', 'cancelled', 'completed')`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('unpaid', 'authorized', 'paid', 'partially_refunded', 'refunded')`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('online', 'cod')`),
    check(
      'orders_cod_fee_only_cod',
      sql`${t.codFeePaise} = 0 or (${t.codFeePaise} > 0 and ${t.paymentMethod} = 'cod')`,
    ),
    // Only cash on delivery waits for a code or for its money.
    check(
      'orders_cod_only_unpaid',
      sql`${t.paymentMethod} = 'cod' or (${t.state} <> 'unconfirmed' and ${t.paymentStatus} <> 'unpaid')`,
    ),
    // The lapse sweep's and the console's unconfirmed cash-on-delivery orders.
    index('orders_unconfirmed_idx').on(t.createdAt).where(sql`${t.state} = 'unconfirmed'`),
    // Cash still to collect, per customer and per address (the COD limit, decision 034); the
    // address key is written as orders.repository.ts's addressKey writes it.
    index('orders_cod_outstanding_idx')
      .on(t.userId)
      .where(sql`${t.paymentMethod} = 'cod' and ${t.paymentStatus} = 'unpaid' and ${t.state} <> 'cancelled'`),
    index('orders_cod_outstanding_address_idx')
      .on(
        sql`(lower(regexp_replace(${t.shippingInfo}->>'address', '[^[:alnum:]]', '', 'g')) || ':' || (${t.shippingInfo}->>'pincode'))`,
      )
      .where(sql`${t.paymentMethod} = 'cod' and ${t.paymentStatus} = 'unpaid' and ${t.state} <> 'cancelled'`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'returned')`,
    ),
    check(
      'orders_refunded_within_total',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.totalPriceAfterDiscountPaise}`,
    ),
    // The dashboard's waiting work: orders placed and not yet shipped.
    index('orders_fulfilment_idx').on(t.fulfilmentStatus, t.createdAt),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    check(
      'orders_totals_nonnegative',
      sql`${t.totalPricePaise} >= 0 and ${t.totalPriceAfterDiscountPaise} >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'restrict' }),
    colorId: uuid('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
    // Snapshot of what was bought, so later catalogue edits do not rewrite history. The SKU and
    // the option values ("Navy / L") are null on lines from before variants: they print as then.
    title: text('title').notNull(),
    sku: text('sku'),
    variantTitle: text('variant_title'),
    quantity: smallint('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    // The line's share of the coupon, and its GST (prices include it): taxable value
    // plus CGST + SGST (delivered in the seller's state) or IGST (elsewhere) = the line's net.
    discountPaise: integer('discount_paise').notNull().default(0),
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_variant_idx').on(t.variantId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);

/**
 * The order's timeline: every change (placed, packed, shipped, cancelled, refund requested and
 * settled, return asked for and decided, staff notes), who made it and when. Only inserted.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorType: text('actor_type', { enum: orderEventActors }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    // The actor's name as it was (a customer's first name, a staff e-mail, "Bharat Bazaar").
    actorName: text('actor_name').notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check('order_events_actor_check', sql`${t.actorType} in ('customer', 'staff', 'system')`),
  ],
);

export type OrderLineQuantity = { lineId: string; quantity: number };

/** A customer's request to send lines back, and what staff decided and received. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    lines: jsonb('lines').$type<OrderLineQuantity[]>().notNull(),
    reason: text('reason').notNull(),
    // Why staff rejected it, or their note on approving it.
    decisionNote: text('decision_note'),
    // Set on receipt: whether the goods went back on the shelf.
    restockable: boolean('restockable'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId, t.createdAt),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check(
      'order_returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received')`,
    ),
  ],
);

export type RefundStatus = (typeof refundStatuses)[number];
export type { ReturnStatus };

/**
 * Money given back. A refund is recorded here (pending) before the provider is asked, with its id
 * as the provider's idempotency key; the provider's answer, its webhook or reconciliation settles
 * it exactly once (decision 011).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // The provider payment refunded; null for a payout (a cash-on-delivery order).
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // Back through the provider, or paid out by the shop by bank transfer or UPI (COD orders),
    // with the transfer's reference (UTR / UPI reference) staff entered; or `not_collected`: cash
    // on delivery never to be collected, its parcel back undelivered (the reference is its AWB).
    method: text('method', { enum: refundMethods }).notNull().default('provider'),
    payoutReference: text('payout_reference'),
    reason: text('reason').notNull(),
    // The lines (and units) refunded, when chosen by line; [] for an amount or the whole order.
    lines: jsonb('lines').$type<OrderLineQuantity[]>().notNull().default(sql`'[]'::jsonb`),
    returnId: uuid('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    // How many times the provider was asked (the first request and reconciliation's retries).
    attempts: integer('attempts').notNull().default(0),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_method_check', sql`${t.method} in ('provider', 'bank_transfer', 'upi', 'not_collected')`),
    check(
      'refunds_method_source',
      sql`(${t.method} = 'provider' and ${t.paymentId} is not null) or (${t.method} <> 'provider' and ${t.payoutReference} is not null)`,
    ),
  ],
);

/**
 * The one-time code that confirms a cash-on-delivery order, one row per order: the
 * code's hash (never the code), when it expires, wrong tries, how often it was sent, and until when
 * the order may be confirmed before it lapses.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    sentTo: text('sent_to').notNull(),
    confirmBy: timestamp('confirm_by', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [check('cod_confirmations_channel_check', sql`${t.channel} in ('email', 'sms')`)],
);

/**
 * Gapless document numbers: the last number given in each series (`INV` tax invoices,
 * `CN` credit notes) and financial year (April to March, e.g. `2026-27`). A number is taken by
 * incrementing the row inside the transaction that creates the document, so a rollback gives it
 * back and two documents can never share one.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** A credit note for a processed refund: its own series, linked to the invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    index('credit_notes_order_idx').on(t.orderId),
  ],
);
