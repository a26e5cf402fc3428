import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerChannels } from '../../../shared/channels.js';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { productVariants } from './catalog-variants.js';
import { createdAt, id, languageCheck, languageColumn } from './columns.js';

/** Shoppers waiting for a sold-out product or size to come back (decision 056). */

/**
 * A shopper's "Notify me": open until it is notified (once) or cancelled (by the shopper, or by the
 * shop when the product or size leaves the storefront). `stock_seen` is the quantity the last pass
 * saw for what it waits for: a pass alerts as many shoppers as units came back since.
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Null for a product without options (sizes, colours): the product as a whole.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    channels: text('channels', { enum: customerChannels }).array().notNull().default(sql`'{email}'::text[]`),
    language: languageColumn(),
    stockSeen: integer('stock_seen').notNull().default(0),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One open request per shopper and thing waited for: asking twice keeps one.
    uniqueIndex('back_in_stock_requests_open_key')
      .on(t.userId, t.productId, sql`coalesce(${t.variantId}, ${t.productId})`)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    // The pass's question: who waits for what, in the order they asked.
    index('back_in_stock_requests_waiting_idx')
      .on(t.productId, t.variantId, t.createdAt)
      .where(sql`${t.notifiedAt} is null and ${t.cancelledAt} is null`),
    index('back_in_stock_requests_user_idx').on(t.userId),
    index('back_in_stock_requests_notified_idx').on(t.notifiedAt).where(sql`${t.notifiedAt} is not null`),
    check('back_in_stock_requests_email_check', sql`'email' = any(${t.channels})`),
    languageCheck('back_in_stock_requests_language_check', t.language),
  ],
);
