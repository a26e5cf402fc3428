import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';

/**
 * Shipping: where parcels leave from, what couriers charge by zone, and how the shop charges
 * delivery. Owned by the shipping module.
 */

/** Pickup addresses. One is the default (the one parcels leave from today); more may follow. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    name: text('name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one default pickup address.
    uniqueIndex('warehouses_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    check('warehouses_pincode_format', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

/** The shop's rate card: one row per zone, priced per 0.5 kg slab of chargeable weight. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    zone: text('zone').primaryKey(),
    firstSlabPaise: integer('first_slab_paise').notNull(),
    extraSlabPaise: integer('extra_slab_paise').notNull(),
    minDays: smallint('min_days').notNull(),
    maxDays: smallint('max_days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shipping_rates_zone', sql`${t.zone} in ('city', 'state', 'metro', 'rest', 'special')`),
    check('shipping_rates_paise', sql`${t.firstSlabPaise} >= 0 and ${t.extraSlabPaise} >= 0`),
    check(
      'shipping_rates_days',
      sql`${t.minDays} between 0 and 60 and ${t.maxDays} between ${t.minDays} and 60`,
    ),
  ],
);

/** The shop's shipping settings: a single row (id 1); without it the defaults of the columns apply. */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: smallint('id').primaryKey().default(1),
    // 'flat': DELIVERY_FEE below FREE_DELIVERY_FROM; 'card': the rate card by zone and weight;
    // 'live': the courier provider's quote, kept between the floor and the cap (the card when it
    // does not answer).
    mode: text('mode').notNull().default('flat'),
    // Cash on delivery's handling fee: a fixed amount plus basis points of the order's total.
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    codFeeBp: integer('cod_fee_bp').notNull().default(0),
    liveFloorPaise: integer('live_floor_paise').notNull().default(0),
    liveCapPaise: integer('live_cap_paise').notNull().default(0),
    // For variants whose weight or size the merchant has not entered.
    defaultWeightGrams: integer('default_weight_grams').notNull().default(500),
    defaultLengthMm: integer('default_length_mm').notNull().default(200),
    defaultWidthMm: integer('default_width_mm').notNull().default(150),
    defaultHeightMm: integer('default_height_mm').notNull().default(80),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shipping_settings_single_row', sql`${t.id} = 1`),
    check('shipping_settings_mode', sql`${t.mode} in ('flat', 'card', 'live')`),
    check(
      'shipping_settings_live_bounds',
      sql`${t.liveFloorPaise} >= 0 and ${t.liveCapPaise} >= ${t.liveFloorPaise}`,
    ),
    check('shipping_settings_cod_fee', sql`${t.codFeePaise} >= 0 and ${t.codFeeBp} between 0 and 10000`),
    check(
      'shipping_settings_defaults_positive',
      sql`${t.defaultWeightGrams} > 0 and ${t.defaultLengthMm} > 0 and ${t.defaultWidthMm} > 0 and ${t.defaultHeightMm} > 0`,
    ),
  ],
);
