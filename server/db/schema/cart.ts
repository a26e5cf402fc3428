import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { colors, products } from './catalog.js';
import { productVariants } from './catalog-variants.js';
import { createdAt, id, updatedAt } from './columns.js';

/** Customers' carts. */

export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    // The variant's colour (or the product's first colour), as the original clients show it.
    colorId: uuid('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
    quantity: smallint('quantity').notNull(),
    // Catalogue price when the line was written; reads show the product's current price.
    pricePaise: integer('price_paise').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Adding the same variant (and colour, where colours are only labels) again merges into this line.
    uniqueIndex('cart_lines_user_variant_color_key').on(t.userId, t.variantId, t.colorId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 10`),
    check('cart_lines_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);
