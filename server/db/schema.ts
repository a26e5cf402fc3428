/**
 * One schema for PGlite (PostgreSQL 18, embedded) and PostgreSQL 15 in production.
 * Money is integer paise everywhere; the API converts to rupees at its edge.
 * Rules that must never break (stock >= 0, cart quantity 1..10, one review per customer and
 * product, one order per checkout) live here as constraints, not only in service code.
 */
// Each module's tables sit in schema/<module>.ts; this file gathers them for the app and drizzle-kit.

export * from './schema/accounts.js';
export * from './schema/audit.js';
export * from './schema/blog.js';
export * from './schema/cart.js';
export * from './schema/catalog.js';
export * from './schema/catalog-variants.js';
export * from './schema/checkout.js';
export type {
  CategoryTranslation,
  ColorTranslation,
  ImageRef,
  NameTranslation,
  ProductTranslation,
  Translations,
} from './schema/columns.js';
export * from './schema/coupons.js';
export * from './schema/email-outbox.js';
export * from './schema/enquiries.js';
export * from './schema/media.js';
export * from './schema/messages.js';
export * from './schema/orders.js';
export * from './schema/payments.js';
export * from './schema/pincodes.js';
export * from './schema/reminders.js';
export * from './schema/restock-alerts.js';
export * from './schema/reviews.js';
export * from './schema/shipments.js';
export * from './schema/shipping.js';
export * from './schema/staff.js';
export * from './schema/wishlist.js';
