import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  type ApiPaymentInfo,
  fulfilmentStatuses,
  type OrderStatus,
  orderEventActors,
  orderPaymentMethods,
  orderStates,
  orderStatuses,
  paymentStatuses,
  type ReturnStatus,
  refundMethods,
  refundStatuses,
  returnStatuses,
  type Shipment,
  type ShippingInfo,
} from '../../shared/api/orders.schemas.js';
import { enquiryStatuses } from '../../shared/schemas/enquiry.js';
import { supportKinds, type TicketTopic } from '../../shared/schemas/grievance.js';
import { staffRoles } from '../../shared/staff-roles.js';

/**
 * One schema for PGlite (PostgreSQL 18, embedded) and PostgreSQL 15 in production.
 * Money is integer paise everywhere; the API converts to rupees at its edge.
 * Rules that must never break (stock >= 0, cart quantity 1..10, one review per customer and
 * product, one order per checkout) live here as constraints, not only in service code.
 */

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export type ImageRef = {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
  /** The upload's id (POST /api/upload), so the console can delete the files it made. */
  public_id?: string;
};

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    // Stored normalised (trimmed, lower case) so the unique index is case-insensitive in effect.
    email: text('email').notNull(),
    // Ten digits, Indian mobile rule; normalised before it gets here.
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    isBlocked: boolean('is_blocked').notNull().default(false),
    // When the account was erased (the row stays, pseudonymised, because orders and
    // invoices the law keeps refer to it; decision 021), and when an inactive account was warned
    // that it will be erased.
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }),
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true, mode: 'date' }),
    // When the current e-mail address and mobile number were proved (a link or code sent to them was
    // used); null until then, and again after a change. Only a proved address links what was filed
    // under it while signed out (decision 029).
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    // The console's customer table: newest first, by name, and search by any part of the
    // name, e-mail or mobile (trigram). The name expression is the one its queries use.
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_name_idx').on(sql`lower(${t.firstname} || ' ' || ${t.lastname})`, t.id),
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
  ],
);

export const consentPurposes = ['privacy-notice', 'marketing-emails'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

/**
 * Consent records (DPDP Act s. 6): each consent given or withdrawn, append-only, so the shop can
 * show what a customer agreed to, under which notice, and when. The current state of a purpose is
 * its newest row.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: consentPurposes }).notNull(),
    given: boolean('given').notNull(),
    // The privacy notice's version (its date) in force when the choice was made.
    noticeVersion: text('notice_version').notNull(),
    // Where the choice was made: sign-up, profile, e-mail link.
    source: text('source').notNull(),
    // A marketing consent's one-click withdrawal link (in every marketing e-mail) carries this
    // random token. It can do nothing but withdraw this consent, so it is kept as sent.
    withdrawToken: text('withdraw_token'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consent_records_user_idx').on(t.userId, t.purpose, t.createdAt),
    uniqueIndex('consent_records_withdraw_token_key').on(t.withdrawToken),
    check('consent_records_purpose_check', sql`${t.purpose} in ('privacy-notice', 'marketing-emails')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token: a leaked table cannot be replayed as sessions.
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A changed e-mail address can be put back from a link mailed to the old one: a stolen session
 * and password must not become a permanent takeover. Only the link's SHA-256 is kept.
 */
export const emailChangeReverts = pgTable(
  'email_change_reverts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('email_change_reverts_token_hash_key').on(t.tokenHash),
    index('email_change_reverts_user_idx').on(t.userId),
  ],
);

export const verificationChannels = ['email', 'mobile'] as const;
export type VerificationChannel = (typeof verificationChannels)[number];

/**
 * Links (e-mail) and codes (mobile) that prove a customer holds an address: random, only their
 * SHA-256 kept, expiring, used once. `target` is the address it was sent to, so a link proves only
 * that address, never one the account changed to since.
 */
export const contactVerifications = pgTable(
  'contact_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: verificationChannels }).notNull(),
    target: text('target').notNull(),
    tokenHash: text('token_hash').notNull(),
    // Wrong codes tried against it (a 6-digit code is safe only while guesses are few).
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('contact_verifications_token_hash_key').on(t.tokenHash),
    index('contact_verifications_user_idx').on(t.userId, t.channel, t.createdAt),
    check('contact_verifications_channel_check', sql`${t.channel} in ('email', 'mobile')`),
  ],
);

export const signInRealms = ['customer', 'staff'] as const;
export type SignInRealm = (typeof signInRealms)[number];

/**
 * Failed sign-ins per (account, address): an address that keeps failing waits longer and longer,
 * while the right password from any other address still gets in. `account` is the SHA-256 of the
 * e-mail typed (normalised), known or not: the answer says nothing about which addresses have
 * accounts, and no typed address is kept.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    realm: text('realm', { enum: signInRealms }).notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true, mode: 'date' }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.realm, t.account, t.ip] }),
    index('sign_in_failures_account_idx').on(t.realm, t.account, t.lastFailedAt),
    index('sign_in_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);

/** When an account's owner was last told that someone is failing to sign in to it (once a window). */
export const signInAlerts = pgTable(
  'sign_in_alerts',
  {
    realm: text('realm', { enum: signInRealms }).notNull(),
    account: text('account').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.account] })],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    // GST defaults for the category's products: HSN code and rate in basis points
    // (1800 = 18%); a product may set its own.
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_title_key').on(t.title),
    uniqueIndex('categories_slug_key').on(t.slug),
    check('categories_gst_rate_range', sql`${t.gstRateBp} is null or ${t.gstRateBp} between 0 and 10000`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: id(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    logo: jsonb('logo').$type<ImageRef>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_title_key').on(t.title), uniqueIndex('brands_slug_key').on(t.slug)],
);

export const colors = pgTable(
  'colors',
  {
    id: id(),
    // The API's colour "title" is a CSS colour value (it paints the swatch); name is for people.
    title: text('title').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('colors_title_key').on(t.title)],
);

export const productTags = ['featured', 'special', 'popular'] as const;
export type ProductTag = (typeof productTags)[number];

/** PostgreSQL's full-text document type; written only by the database (the products trigger). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** (filter, sort, id) indexes over the products on sale, for every storefront sort. */
function storefrontSortIndexes(t: {
  categoryId: AnyPgColumn;
  brandId: AnyPgColumn;
  createdAt: AnyPgColumn;
  title: AnyPgColumn;
  pricePaise: AnyPgColumn;
  sold: AnyPgColumn;
  totalRating: AnyPgColumn;
  id: AnyPgColumn;
}) {
  const sorts = {
    created: t.createdAt,
    title: sql`lower(${t.title}) collate "C"`,
    price: t.pricePaise,
    sold: t.sold,
    rating: t.totalRating,
  };
  const onSale = sql`archived_at is null`;
  return Object.entries(sorts).flatMap(([name, column]) => [
    index(`products_on_sale_${name}_idx`).on(column, t.id).where(onSale),
    index(`products_on_sale_category_${name}_idx`).on(t.categoryId, column, t.id).where(onSale),
    index(`products_on_sale_brand_${name}_idx`).on(t.brandId, column, t.id).where(onSale),
  ]);
}

export const products = pgTable(
  'products',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    // Sanitized HTML: cleaned on write and again on render.
    description: text('description').notNull().default(''),
    pricePaise: integer('price_paise').notNull(),
    // What the product listed at before a discount ("MRP"); null when not discounted.
    mrpPaise: integer('mrp_paise'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    images: jsonb('images').$type<ImageRef[]>().notNull().default(sql`'[]'::jsonb`),
    // Mean of ratings.star, kept in step by the review service inside the same transaction.
    totalRating: real('total_rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // lower(title brand category), kept by a trigger (migration 0003) so search needs no joins.
    searchText: text('search_text').notNull().default(''),
    // Full-text document, weighted title (A) over brand (B) over category (C) over description (D),
    // kept by the same trigger (migration 0015, decision 016): the storefront's search ranks by it.
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    // Set instead of deleting a product that has orders: it leaves the storefront, keeps its history.
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    // GST: null takes the category's. Prices include GST, as shoppers see them.
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    check('products_price_nonnegative', sql`${t.pricePaise} >= 0`),
    check('products_mrp_nonnegative', sql`${t.mrpPaise} is null or ${t.mrpPaise} >= 0`),
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_sold_nonnegative', sql`${t.sold} >= 0`),
    check('products_gst_rate_range', sql`${t.gstRateBp} is null or ${t.gstRateBp} between 0 and 10000`),
    check('products_total_rating_range', sql`${t.totalRating} >= 0 and ${t.totalRating} <= 5`),
    // Filters and sorts the store page offers; the trailing id keeps keyset order stable.
    index('products_category_price_idx').on(t.categoryId, t.pricePaise, t.id),
    index('products_brand_price_idx').on(t.brandId, t.pricePaise, t.id),
    index('products_price_idx').on(t.pricePaise, t.id),
    index('products_created_at_idx').on(t.createdAt, t.id),
    // A-Z ignores case ("boAt" sorts with the Bs) and the server's locale ("C" on both databases).
    index('products_title_sort_idx').on(sql`lower(${t.title}) collate "C"`, t.id),
    index('products_tags_idx').using('gin', t.tags),
    // Typo-tolerant search and suggestions (pg_trgm; available on PGlite and PostgreSQL 15).
    index('products_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // The remaining storefront sorts (best sellers, rating), walked in order and stopped at the page.
    // The storefront's sorts over products on sale (decision 016), alone and after a category or a
    // brand (a brand's products sorted A-Z all start with its name, far down a title-only index).
    // Partial, so a page is found by an index-only walk: the query asks `archived_at is null` too.
    ...storefrontSortIndexes(t),
  ],
);

/**
 * The search box's vocabulary (decision 016), rebuilt from the catalogue in the background: the
 * distinct product names (a title without its bracketed variant or model code), each with its best
 * seller, and the distinct words of titles, brands and categories. Tens of thousands of rows
 * whatever the catalogue's size, so suggestions and typo correction never scan every product.
 */
export const searchPhrases = pgTable(
  'search_phrases',
  {
    phrase: text('phrase').primaryKey(),
    // lower(phrase), trigram-indexed for prefixes and typos.
    folded: text('folded').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    products: integer('products').notNull(),
    sold: integer('sold').notNull(),
  },
  (t) => [index('search_phrases_folded_trgm_idx').using('gin', sql`${t.folded} gin_trgm_ops`)],
);

/**
 * How many products on sale each (category, brand, tag set, in stock) combination has, for the
 * store's facet counts without scanning the catalogue (decision 016). Written only by statement
 * triggers on products (migration 0016) as +n/-n rows, never updated, so orders taking stock at
 * once never wait on each other here; `compact_product_facet_counts()` sums them up now and then.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    categoryId: uuid('category_id').notNull(),
    brandId: uuid('brand_id').notNull(),
    tags: text('tags').array().notNull(),
    inStock: boolean('in_stock').notNull(),
    products: integer('products').notNull(),
  },
  (t) => [index('product_facet_counts_key_idx').on(t.categoryId, t.brandId)],
);

export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    products: integer('products').notNull(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

export const productColors = pgTable(
  'product_colors',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    colorId: uuid('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.colorId] }), index('product_colors_color_idx').on(t.colorId)],
);

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
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

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
    // Adding the same product and colour again merges into this line.
    uniqueIndex('cart_lines_user_product_color_key').on(t.userId, t.productId, t.colorId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 10`),
    check('cart_lines_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);

export type { Shipment, ShippingInfo };

export type CheckoutLineSnapshot = {
  productId: string;
  colorId: string;
  title: string;
  quantity: number;
  pricePaise: number;
  /** The line's share of the coupon's discount, in paise; absent before. */
  discountPaise?: number;
  /** The product's MRP when checked out, for the order's "items at MRP"; absent before. */
  mrpPaise?: number | null;
};

export const checkoutStatuses = ['pending', 'paid', 'completed', 'failed', 'refunded'] as const;

/** A checkout is the server's record of what a provider order is paying for. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    lines: jsonb('lines').$type<CheckoutLineSnapshot[]>().notNull(),
    // The price breakup the shopper saw and pays: the coupon, its discount, delivery.
    couponCode: text('coupon_code'),
    couponDiscountPaise: bigint('coupon_discount_paise', { mode: 'number' }).notNull().default(0),
    deliveryPaise: bigint('delivery_paise', { mode: 'number' }).notNull().default(0),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo>(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('pending'),
    // The checkouts started for one cart until one of them becomes its order share a round (a
    // new checkout replaces the old): a round has at most one order, and every other payment in
    // it is refunded (decision 034). Null on checkouts made before rounds: their own id.
    roundId: uuid('round_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('checkouts_provider_order_key').on(t.provider, t.providerOrderId),
    index('checkouts_round_idx').on(t.roundId),
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    index('checkouts_status_idx').on(t.status, t.createdAt),
    check('checkouts_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Stock set aside for a checkout while its shopper pays, so that nobody pays for a unit someone
 * else is already paying for. A hold lapses by itself at `expiresAt` (reads compare with now());
 * it is deleted when its order takes the stock, when its payment fails, or when the same shopper
 * starts another checkout. Available = products.quantity - live holds (decision 007).
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.checkoutId, t.productId] }),
    index('stock_holds_product_idx').on(t.productId, t.expiresAt),
    index('stock_holds_user_idx').on(t.userId),
    index('stock_holds_expires_idx').on(t.expiresAt),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    // authorized | captured | failed | refunded, as the provider reports it.
    status: text('status').notNull(),
    method: text('method'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    // A payment that bought no order (its cart was already ordered, its coupon was used up) or
    // paid more than its order: why and how much goes back, recorded before the provider is
    // asked; refundedAt is set when it has (decision 034).
    refundReason: text('refund_reason'),
    refundPaise: bigint('refund_paise', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payments_checkout_idx').on(t.checkoutId),
    // Reconciliation's refunds still to make.
    index('payments_refund_due_idx')
      .on(t.createdAt)
      .where(sql`${t.refundReason} is not null and ${t.refundedAt} is null`),
    check(
      'payments_refund_within_amount',
      sql`${t.refundPaise} is null or (${t.refundPaise} > 0 and ${t.refundPaise} <= ${t.amountPaise})`,
    ),
  ],
);

export { type OrderStatus, orderStatuses };
export type PaymentInfo = ApiPaymentInfo;

export const orders = pgTable(
  'orders',
  {
    id: id(),
    // Human-friendly order number shown to customers and in e-mails.
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // One order per checkout: the idempotency key for browser, webhook and reconciliation alike.
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'restrict' }),
    // One order per cart: the round of checkouts it came from (checkouts.roundId), unique.
    roundId: uuid('round_id'),
    shippingInfo: jsonb('shipping_info').$type<ShippingInfo>().notNull(),
    totalPricePaise: bigint('total_price_paise', { mode: 'number' }).notNull(),
    totalPriceAfterDiscountPaise: bigint('total_price_after_discount_paise', { mode: 'number' }).notNull(),
    orderStatus: text('order_status', { enum: orderStatuses }).notNull().default('Ordered'),
    paymentInfo: jsonb('payment_info').$type<PaymentInfo>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true, mode: 'date' }),
    // The address could not be validated (or none arrived): kept as typed, and the customer is
    // asked by e-mail to confirm it before the order ships.
    addressToConfirm: boolean('address_to_confirm').notNull().default(false),
    addressRequestSentAt: timestamp('address_request_sent_at', { withTimezone: true, mode: 'date' }),
    // The three statuses an order really has; `orderStatus` above is derived from them
    // on every change (order-lifecycle.ts) and kept for the original clients and the indexes.
    state: text('state', { enum: orderStates }).notNull().default('placed'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('paid'),
    // Online (paid through the provider at checkout) or cash on delivery: a COD order
    // is placed unpaid and `unconfirmed` until the customer's one-time code (cod_confirmations).
    paymentMethod: text('payment_method', { enum: orderPaymentMethods }).notNull().default('online'),
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses })
      .notNull()
      .default('unfulfilled'),
    // Paise given back by processed refunds (pending ones are in `refunds` only).
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    shipment: jsonb('shipment').$type<Shipment>(),
    // The price breakup and GST. Coupon and delivery as the checkout priced them; tax
    // is the GST included in the total; the place of supply is the delivery state.
    couponCode: text('coupon_code'),
    couponDiscountPaise: bigint('coupon_discount_paise', { mode: 'number' }).notNull().default(0),
    deliveryPaise: bigint('delivery_paise', { mode: 'number' }).notNull().default(0),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull().default(0),
    placeOfSupply: text('place_of_supply'),
    // The tax invoice (CGST rule 46): a number in its financial year's series, given when placed.
    invoiceNumber: text('invoice_number'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true, mode: 'date' }),
    packedAt: timestamp('packed_at', { withTimezone: true, mode: 'date' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_checkout_key').on(t.checkoutId),
    uniqueIndex('orders_round_key').on(t.roundId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The console's order table: newest first, by status, by total.
    index('orders_created_at_idx').on(t.createdAt, t.id),
    index('orders_status_created_at_idx').on(t.orderStatus, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalPriceAfterDiscountPaise, t.id),
    check(
      'orders_status_check',
      sql`${t.orderStatus} in ('Ordered', 'Processing', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled', 'Refunded', 'Returned')`,
    ),
    check('orders_state_check', sql`${t.state} in ('unconfirmed', 'placed', 'cancelled', 'completed')`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('unpaid', 'authorized', 'paid', 'partially_refunded', 'refunded')`,
    ),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('online', 'cod')`),
    // Only cash on delivery waits for a code or for its money.
    check(
      'orders_cod_only_unpaid',
      sql`${t.paymentMethod} = 'cod' or (${t.state} <> 'unconfirmed' and ${t.paymentStatus} <> 'unpaid')`,
    ),
    // The lapse sweep's and the console's unconfirmed cash-on-delivery orders.
    index('orders_unconfirmed_idx').on(t.createdAt).where(sql`${t.state} = 'unconfirmed'`),
    // Cash still to collect, per customer and per address (the COD limit, decision 034); the
    // address key is written as orders.repository.ts's addressKey writes it.
    index('orders_cod_outstanding_idx')
      .on(t.userId)
      .where(sql`${t.paymentMethod} = 'cod' and ${t.paymentStatus} = 'unpaid' and ${t.state} <> 'cancelled'`),
    index('orders_cod_outstanding_address_idx')
      .on(
        sql`(lower(regexp_replace(${t.shippingInfo}->>'address', '[^[:alnum:]]', '', 'g')) || ':' || (${t.shippingInfo}->>'pincode'))`,
      )
      .where(sql`${t.paymentMethod} = 'cod' and ${t.paymentStatus} = 'unpaid' and ${t.state} <> 'cancelled'`),
    check(
      'orders_fulfilment_status_check',
      sql`${t.fulfilmentStatus} in ('unfulfilled', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'returned')`,
    ),
    check(
      'orders_refunded_within_total',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.totalPriceAfterDiscountPaise}`,
    ),
    // The dashboard's waiting work: orders placed and not yet shipped.
    index('orders_fulfilment_idx').on(t.fulfilmentStatus, t.createdAt),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    check(
      'orders_totals_nonnegative',
      sql`${t.totalPricePaise} >= 0 and ${t.totalPriceAfterDiscountPaise} >= 0`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    colorId: uuid('color_id')
      .notNull()
      .references(() => colors.id, { onDelete: 'restrict' }),
    // Snapshot of what was bought, so later catalogue edits do not rewrite history.
    title: text('title').notNull(),
    quantity: smallint('quantity').notNull(),
    pricePaise: integer('price_paise').notNull(),
    // The line's share of the coupon, and its GST (prices include it): taxable value
    // plus CGST + SGST (delivered in the seller's state) or IGST (elsewhere) = the line's net.
    discountPaise: integer('discount_paise').notNull().default(0),
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    taxablePaise: integer('taxable_paise'),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.pricePaise} >= 0`),
  ],
);

/**
 * The order's timeline: every change (placed, packed, shipped, cancelled, refund requested and
 * settled, return asked for and decided, staff notes), who made it and when. Only inserted.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorType: text('actor_type', { enum: orderEventActors }).notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    // The actor's name as it was (a customer's first name, a staff e-mail, "Bharat Bazaar").
    actorName: text('actor_name').notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check('order_events_actor_check', sql`${t.actorType} in ('customer', 'staff', 'system')`),
  ],
);

export type OrderLineQuantity = { lineId: string; quantity: number };

/** A customer's request to send lines back, and what staff decided and received. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    lines: jsonb('lines').$type<OrderLineQuantity[]>().notNull(),
    reason: text('reason').notNull(),
    // Why staff rejected it, or their note on approving it.
    decisionNote: text('decision_note'),
    // Set on receipt: whether the goods went back on the shelf.
    restockable: boolean('restockable'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId, t.createdAt),
    index('order_returns_status_idx').on(t.status, t.createdAt),
    check(
      'order_returns_status_check',
      sql`${t.status} in ('requested', 'approved', 'rejected', 'received')`,
    ),
  ],
);

export type RefundStatus = (typeof refundStatuses)[number];
export type { ReturnStatus };

/**
 * Money given back. A refund is recorded here (pending) before the provider is asked, with its id
 * as the provider's idempotency key; the provider's answer, its webhook or reconciliation settles
 * it exactly once (decision 011).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // The provider payment refunded; null for a payout (a cash-on-delivery order).
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    // Back through the provider, or paid out by the shop by bank transfer or UPI (COD orders),
    // with the transfer's reference (UTR / UPI reference) staff entered.
    method: text('method', { enum: refundMethods }).notNull().default('provider'),
    payoutReference: text('payout_reference'),
    reason: text('reason').notNull(),
    // The lines (and units) refunded, when chosen by line; [] for an amount or the whole order.
    lines: jsonb('lines').$type<OrderLineQuantity[]>().notNull().default(sql`'[]'::jsonb`),
    returnId: uuid('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    // How many times the provider was asked (the first request and reconciliation's retries).
    attempts: integer('attempts').notNull().default(0),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_pending_idx').on(t.status, t.createdAt),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processed', 'failed')`),
    check('refunds_method_check', sql`${t.method} in ('provider', 'bank_transfer', 'upi')`),
    check(
      'refunds_method_source',
      sql`(${t.method} = 'provider' and ${t.paymentId} is not null) or (${t.method} <> 'provider' and ${t.payoutReference} is not null)`,
    ),
  ],
);

/**
 * The one-time code that confirms a cash-on-delivery order, one row per order: the
 * code's hash (never the code), when it expires, wrong tries, how often it was sent, and until when
 * the order may be confirmed before it lapses.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] })
      .notNull()
      .default('email'),
    sentTo: text('sent_to').notNull(),
    confirmBy: timestamp('confirm_by', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [check('cod_confirmations_channel_check', sql`${t.channel} in ('email', 'sms')`)],
);

/** Provider webhook deliveries seen, so a retried or replayed event is processed once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  event: text('event').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    // Sanitized HTML.
    description: text('description').notNull(),
    category: text('category').notNull().default('General'),
    author: text('author').notNull().default('Team'),
    images: jsonb('images').$type<ImageRef[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blogs_slug_key').on(t.slug), index('blogs_created_at_idx').on(t.createdAt)],
);

export const enquiries = pgTable(
  'enquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    comment: text('comment').notNull(),
    status: text('status', { enum: enquiryStatuses }).notNull().default('Submitted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Complaints and data-rights requests live in the same inbox (decision 020). A
    // contact-form message is an `enquiry` and has no ticket, deadlines or topic.
    kind: text('kind', { enum: supportKinds }).notNull().default('enquiry'),
    topic: text('topic').$type<TicketTopic>(),
    orderNumber: text('order_number'),
    // GRV-2026-000123 / DPR-2026-000124, from support_ticket_seq: unique under concurrency.
    ticketNumber: text('ticket_number'),
    // The signed-in customer who filed it (their "My requests"); kept null when the account goes.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true, mode: 'date' }),
    respondBy: timestamp('respond_by', { withTimezone: true, mode: 'date' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('enquiries_created_at_idx').on(t.createdAt),
    index('enquiries_status_created_at_idx').on(t.status, t.createdAt),
    uniqueIndex('enquiries_ticket_number_key').on(t.ticketNumber),
    index('enquiries_user_idx').on(t.userId, t.createdAt),
    index('enquiries_kind_created_at_idx').on(t.kind, t.createdAt),
    check(
      'enquiries_ticket_check',
      sql`${t.kind} = 'enquiry' or (${t.ticketNumber} is not null and ${t.topic} is not null and ${t.acknowledgeBy} is not null and ${t.respondBy} is not null)`,
    ),
  ],
);

/** Ticket numbers of complaints and data requests: one sequence, so concurrent filings never clash. */
export const supportTicketSeq = pgSequence('support_ticket_seq', { startWith: 1 });

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

/** Notes staff keep on an enquiry, and the replies they e-mailed from the console. */
export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: id(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['note', 'reply'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_notes_enquiry_idx').on(t.enquiryId, t.createdAt)],
);

/** Blog categories (the console's list to pick from); blogs keep the category's title. */
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: id(),
    title: text('title').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_categories_title_key').on(t.title)],
);

/** Discount codes: the console manages them; checkout applies them (couponRedemptions holds each use). */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    // Stored upper case, so the unique index is case-insensitive in effect.
    name: text('name').notNull(),
    discountPercent: smallint('discount_percent').notNull(),
    // 00:00 UTC of the day the coupon stops applying (the original admin sends a date only).
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    // What makes a coupon usable at checkout. `percent` uses discountPercent; `flat`
    // takes flatPaise off. All optional but the kind.
    kind: text('kind', { enum: ['percent', 'flat'] })
      .notNull()
      .default('percent'),
    flatPaise: bigint('flat_paise', { mode: 'number' }),
    minOrderPaise: bigint('min_order_paise', { mode: 'number' }),
    maxDiscountPaise: bigint('max_discount_paise', { mode: 'number' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    brandIds: uuid('brand_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_name_key').on(t.name),
    check('coupons_discount_range', sql`${t.discountPercent} between 1 and 100`),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'flat')`),
    check(
      'coupons_limits_positive',
      sql`(${t.usageLimit} is null or ${t.usageLimit} >= 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1)`,
    ),
  ],
);

/**
 * A coupon's uses: one row per checkout that applied it, holding one use while the
 * shopper pays (until `expiresAt`), kept for good once its order is placed (`orderId`), deleted
 * when the payment fails or the hold lapses. Uses = rows with an order + live holds; the coupon's
 * row is locked while counting, so limits hold under concurrent checkouts.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_checkout_key').on(t.checkoutId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.expiresAt),
    index('coupon_redemptions_user_idx').on(t.couponId, t.userId),
  ],
);

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

/**
 * Gapless document numbers: the last number given in each series (`INV` tax invoices,
 * `CN` credit notes) and financial year (April to March, e.g. `2026-27`). A number is taken by
 * incrementing the row inside the transaction that creates the document, so a rollback gives it
 * back and two documents can never share one.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** A credit note for a processed refund: its own series, linked to the invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull().default(0),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull().default(0),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    uniqueIndex('credit_notes_refund_key').on(t.refundId),
    index('credit_notes_order_idx').on(t.orderId),
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
 * The stock ledger: every change staff make to a product's quantity, with its reason. Sales take
 * stock in the order transaction and are counted by `products.sold`, not written here.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    note: text('note').notNull().default(''),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.createdAt)],
);

/** Pictures uploaded from the console (POST /api/upload), so deletes touch only what we made. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: id(),
    // One safe path segment: the original admin client puts it unescaped into the delete URL.
    publicId: text('public_id').notNull(),
    // Storage keys of the sizes and formats written for it.
    files: text('files').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_assets_public_id_key').on(t.publicId)],
);

export type { StaffRole } from '../../shared/staff-roles.js';
export { staffRoles };

/**
 * The shop's staff: separate from shoppers, so no shopper account can ever be given a staff
 * privilege by a change to its row, and no staff member shops with a staff session.
 */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    // Stored normalised (trimmed, lower case).
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    mobile: text('mobile').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    // Base32 TOTP secret once two-factor sign-in is set up (pending until the first code confirms it).
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    // The last TOTP time step accepted (RFC 6238 s. 5.2): a code of that step or before is refused,
    // so one code signs in once.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    check('staff_role_check', sql`${t.role} in ('owner', 'catalogue', 'orders', 'support')`),
  ],
);

/** Staff sessions: shorter than shoppers' (idle and absolute limits), only the token's SHA-256 kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/** Single-use invitations an owner sends; only the link's SHA-256 is kept. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_key').on(t.tokenHash),
    index('staff_invites_email_idx').on(t.email),
  ],
);

/** One-time recovery codes for a staff member who lost their authenticator (hashed). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);

/** Shop-wide settings the console changes (e.g. whether staff must use two-factor sign-in). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The audit trail: every staff write (and sign-in) with who, what, when, and the record before and
 * after. Rows are only ever inserted; the console shows them to owners.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    // The actor's e-mail as it was, so the trail reads true after a staff member leaves.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_events_staff_idx').on(t.staffId, t.createdAt),
  ],
);

/** A file kept with a queued e-mail (the tax invoice PDF), its bytes in base64. */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * The transactional outbox (decision 019): every e-mail, written in the same transaction
 * as the change that causes it, rendered as it was true then, and sent by the outbox worker
 * (modules/email-outbox) with retries. `locked_until` is a claimed row's lease: a server that dies
 * mid-send loses its claim when it runs out. Sent rows hold personal data and are deleted after
 * EMAIL_KEEP_SENT_DAYS.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    // Extra headers the message carries (List-Unsubscribe on offers), sent as they were queued.
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // What kind of message (password reset, order lifecycle...), for logs and the console.
    label: text('label').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // Deleted once sent instead of kept for the retention period: the confirmation of an erasure
    // must not leave the erased address behind (decision 021).
    forgetWhenSent: boolean('forget_when_sent').notNull().default(false),
  },
  (t) => [
    // The worker's question: what is waiting and due, oldest first.
    index('email_outbox_waiting_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    // Retention: sent rows past their keep-by date.
    index('email_outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);
