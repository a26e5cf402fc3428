import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';

/** Customers' reviews (one per customer and product). */

export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Whole or half stars (1, 1.5 … 5): halves are exact in a real, and so is their mean's sum.
    star: real('star').notNull(),
    // Plain text, refused on write when it holds markup (shared/schemas/plain-text.ts).
    comment: text('comment').notNull(),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ratings_product_user_key').on(t.productId, t.userId),
    index('ratings_product_created_idx').on(t.productId, t.createdAt),
    // A customer's reviews, on their console page.
    index('ratings_user_idx').on(t.userId, t.updatedAt),
    check('ratings_star_half_steps', sql`${t.star} between 1 and 5 and ${t.star} * 2 = trunc(${t.star} * 2)`),
    check('ratings_comment_length', sql`char_length(${t.comment}) between 1 and 2000`),
  ],
);
