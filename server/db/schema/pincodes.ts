import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/** Where the shop delivers. */

/** Where the shop delivers: a pincode's place, days from the warehouse, and COD. */
export const pincodes = pgTable(
  'pincodes',
  {
    pincode: text('pincode').primaryKey(),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    state: text('state').notNull(),
    serviceable: boolean('serviceable').notNull().default(true),
    cod: boolean('cod').notNull().default(true),
    deliveryDays: smallint('delivery_days').notNull().default(5),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pincodes_state_idx').on(t.state),
    check('pincodes_format', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('pincodes_days_range', sql`${t.deliveryDays} between 0 and 60`),
  ],
);
