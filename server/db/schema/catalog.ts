import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
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
  type CategoryTranslation,
  type ColorTranslation,
  createdAt,
  type ImageRef,
  id,
  type NameTranslation,
  type ProductTranslation,
  translationsColumn,
  updatedAt,
} from './columns.js';

/** The catalogue: products and their taxonomy, search helpers, stock holds and the stock ledger. */

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
    // The size chart its products' pages show (a table of sizes and measurements); null: none.
    sizeChart: jsonb('size_chart').$type<SizeChart>(),
    translations: translationsColumn<CategoryTranslation>(),
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
    translations: translationsColumn<NameTranslation>(),
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
    translations: translationsColumn<ColorTranslation>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('colors_title_key').on(t.title)],
);

/** A size chart: its column headings ("Size", "Chest (cm)"...) and one row of cells a size. */
export type SizeChart = { columns: string[]; rows: string[][] };

export type ProductOption = { name: string; kind: 'color' | 'text'; values: string[] };

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
    translations: translationsColumn<ProductTranslation>(),
    pricePaise: integer('price_paise').notNull(),
    // Derived from the variants by a trigger (migration 0025): the lowest price on sale, the MRP of
    // that variant (null when not discounted) and the highest price, for lists, sorts and cards.
    mrpPaise: integer('mrp_paise'),
    priceMaxPaise: integer('price_max_paise'),
    // The merchant's options in order (at most three): a colour option's values are colour ids.
    options: jsonb('options').$type<ProductOption[]>().notNull().default(sql`'[]'::jsonb`),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'restrict' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    // Sums over the variants, kept by the same trigger: "in stock" is any variant in stock.
    quantity: integer('quantity').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    // The values of its size option (the first option named like "Size") that some variant on sale
    // has in stock, kept by the same trigger (migration 0028): the store's size filter.
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    images: jsonb('images').$type<ImageRef[]>().notNull().default(sql`'[]'::jsonb`),
    // Mean of ratings.star, kept in step by the review service inside the same transaction.
    totalRating: real('total_rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    // lower(title brand category), kept by a trigger (migration 0003) so search needs no joins.
    searchText: text('search_text').notNull().default(''),
    // Full-text document, weighted title (A) over brand (B) over category (C) over description (D),
    // kept by the same trigger (migration 0015, decision 016): the storefront's search ranks by it.
    searchVector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    // Popularity tier for search (decision 040): 0 the best sellers, then 1 and 2, 3 the rest; kept
    // by the search vocabulary's rebuild. A search reads its best sellers' matches first.
    searchTier: smallint('search_tier').notNull().default(3),
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
    index('products_sizes_idx').using('gin', t.sizes),
    // Typo-tolerant search and suggestions (pg_trgm; available on PGlite and PostgreSQL 15).
    index('products_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    index('products_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // The matches among the best sellers, which most searches stop at (decision 040).
    index('products_search_tier0_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.searchTier} = 0 and ${t.archivedAt} is null`),
    index('products_search_tier1_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.searchTier} <= 1 and ${t.archivedAt} is null`),
    index('products_search_tier2_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.searchTier} <= 2 and ${t.archivedAt} is null`),
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

/**
 * How many products on sale each search tier holds (products.search_tier, decision 040), written
 * by the vocabulary's rebuild: a search that stops at its best sellers' matches scales its total
 * by their share of the catalogue.
 */
export const searchTiers = pgTable('search_tiers', {
  tier: smallint('tier').primaryKey(),
  products: integer('products').notNull(),
});
