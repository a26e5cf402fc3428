import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CustomerChannel } from '../../../shared/channels.js';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { productVariants } from './catalog-variants.js';
import { createdAt, id } from './columns.js';
import { wishlistItems } from './wishlist.js';

/** Price drops on wishlisted items and reminders of carts left behind (decision 057). */

/**
 * What a customer last saw or was told a wishlisted item costs: a drop below it is news, once.
 * It belongs to its wishlist item, and goes when the item does.
 * The price follows a rise (the wishlist shows the new price), and comes down only when the
 * customer is told (or, without consent, quietly), so one drop is never told twice.
 */
export const priceWatches = pgTable(
  'price_watches',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Null: the product as a whole (its lowest price on sale), as the wishlist keeps it today.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    lastPricePaise: integer('last_price_paise').notNull(),
    toldAt: timestamp('told_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('price_watches_product_key').on(t.userId, t.productId).where(sql`${t.variantId} is null`),
    uniqueIndex('price_watches_variant_key').on(t.userId, t.variantId).where(sql`${t.variantId} is not null`),
    // A product's rise and its drops are found by product; a wishlist item's watch by both.
    index('price_watches_product_idx').on(t.productId),
    index('price_watches_item_idx').on(t.userId, t.productId),
    // A watch lasts as long as its wishlist item: taken off the wishlist, it is gone with it.
    foreignKey({
      name: 'price_watches_wishlist_item_fk',
      columns: [t.userId, t.productId],
      foreignColumns: [wishlistItems.userId, wishlistItems.productId],
    }).onDelete('cascade'),
    check('price_watches_price_nonnegative', sql`${t.lastPricePaise} >= 0`),
  ],
);

/**
 * The price-drop messages sent: one per customer and India day at most (the unique key holds it
 * on any number of servers), naming the biggest drop of the day.
 */
export const priceDropAlerts = pgTable(
  'price_drop_alerts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productTitle: text('product_title').notNull(),
    oldPricePaise: integer('old_price_paise').notNull(),
    newPricePaise: integer('new_price_paise').notNull(),
    // How many wishlisted items had dropped; the message names the biggest.
    drops: smallint('drops').notNull().default(1),
    channels: text('channels').array().$type<CustomerChannel[]>().notNull(),
    // 'YYYY-MM-DD' in India.
    indiaDay: text('india_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('price_drop_alerts_daily_key').on(t.userId, t.indiaDay),
    index('price_drop_alerts_created_idx').on(t.createdAt),
  ],
);

/** One line of a cart as it was when reminded: what the restoring link puts back. */
export type RemindedLine = { productId: string; variantId: string; colorId: string; quantity: number };

/**
 * Cart reminders sent: one per cart state (the lines and quantities, `cart_state`), whatever
 * the sweeps do. The link's token is kept only as its hash. A reminder "turned into an order" when
 * the customer ordered within 7 days of it (computed from orders, never stored).
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartState: text('cart_state').notNull(),
    cartTouchedAt: timestamp('cart_touched_at', { withTimezone: true, mode: 'date' }).notNull(),
    items: smallint('items').notNull(),
    lines: jsonb('lines').$type<RemindedLine[]>().notNull(),
    channels: text('channels').array().$type<CustomerChannel[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_reminders_state_key').on(t.userId, t.cartState),
    uniqueIndex('cart_reminders_token_key').on(t.tokenHash),
    index('cart_reminders_created_idx').on(t.createdAt),
  ],
);
