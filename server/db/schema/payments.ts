import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Provider webhooks seen, and the built-in test gateway's own ledger. */

/** Provider webhook deliveries seen, so a retried or replayed event is processed once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The built-in test gateway's own ledger (used only when no Razorpay keys are set). It lives in
 * the database so that payments survive a crash just as they would at a real provider.
 */
export const testGatewayOrders = pgTable('test_gateway_orders', {
  id: text('id').primaryKey(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  receipt: text('receipt').notNull(),
  notes: jsonb('notes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  status: text('status').notNull().default('created'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

export const testGatewayPayments = pgTable(
  'test_gateway_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => testGatewayOrders.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    method: text('method').notNull(),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    refundKey: text('refund_key'),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_payments_order_idx').on(t.orderId)],
);

/** The test gateway's refunds: several per payment, each once per idempotency key. */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => testGatewayPayments.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    receipt: text('receipt').notNull().default(''),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    // pending | processed | failed, as Razorpay's refund entity.
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_gateway_refunds_key').on(t.idempotencyKey),
    index('test_gateway_refunds_payment_idx').on(t.paymentId),
  ],
);
