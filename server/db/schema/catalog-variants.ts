import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { colors, products } from './catalog.js';
import { checkouts } from './checkout.js';
import { createdAt, id, updatedAt } from './columns.js';
import { staff } from './staff.js';

/**
 * What is sold and stocked: a product's variants (one per combination of its options; a product
 * without options has exactly one), the stock held for checkouts and the stock ledger, all per
 * variant. The product row carries sums and the price range, kept by a trigger (migration 0025).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // Unique across the shop whatever its case, as merchants and couriers type it.
    sku: text('sku').notNull(),
    // EAN/GTIN, digits only.
    barcode: text('barcode'),
    // One value per product option, in the options' order ({} for a product without options).
    optionValues: text('option_values').array().notNull().default(sql`'{}'::text[]`),
    // The value of the product's colour option, when it has one, for joins and the colour filter.
    colorId: uuid('color_id').references(() => colors.id, { onDelete: 'restrict' }),
    pricePaise: integer('price_paise').notNull(),
    // Null: not discounted (the price is the MRP).
    mrpPaise: integer('mrp_paise'),
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    // For couriers' rates: grams and millimetres; null until the merchant enters them.
    weightGrams: integer('weight_grams'),
    lengthMm: integer('length_mm'),
    widthMm: integer('width_mm'),
    heightMm: integer('height_mm'),
    // Which of the product's pictures show this variant (positions in products.images; {}: all).
    imagePositions: smallint('image_positions').array().notNull().default(sql`'{}'::smallint[]`),
    position: smallint('position').notNull().default(0),
    // A variant that has orders is archived instead of deleted; it leaves the product page.
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`),
    uniqueIndex('product_variants_options_key').on(t.productId, t.optionValues),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_price_nonnegative', sql`${t.pricePaise} >= 0`),
    check('product_variants_mrp_nonnegative', sql`${t.mrpPaise} is null or ${t.mrpPaise} >= 0`),
    check('product_variants_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('product_variants_sold_nonnegative', sql`${t.sold} >= 0`),
    check(
      'product_variants_sizes_positive',
      sql`coalesce(${t.weightGrams}, 1) > 0 and coalesce(${t.lengthMm}, 1) > 0 and coalesce(${t.widthMm}, 1) > 0 and coalesce(${t.heightMm}, 1) > 0`,
    ),
  ],
);

/**
 * Stock set aside for a checkout while its shopper pays, so that nobody pays for a unit someone
 * else is already paying for. A hold lapses by itself at `expiresAt` (reads compare with now());
 * it is deleted when its order takes the stock, when its payment fails, or when the same shopper
 * starts another checkout. Available = the variant's quantity - live holds (decision 007).
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.variantId] }),
    index('stock_holds_variant_idx').on(t.variantId, t.expiresAt),
    index('stock_holds_user_idx').on(t.userId),
    index('stock_holds_expires_idx').on(t.expiresAt),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const stockMovementReasons = [
  'received',
  'correction',
  'damaged',
  'returned',
  'import',
  'created',
  'cancelled',
] as const;
export type StockMovementReason = (typeof stockMovementReasons)[number];

/**
 * The stock ledger: every change staff make to a variant's quantity, with its reason. Sales take
 * stock in the order transaction and are counted by `product_variants.sold`, not written here.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    note: text('note').notNull().default(''),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.createdAt)],
);
