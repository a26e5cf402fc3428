import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { createdAt } from './columns.js';

/** Customers' wishlists. */

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // The price-drop sweep reads only the items added since its last pass.
    index('wishlist_items_created_at_idx').on(t.createdAt),
  ],
);
