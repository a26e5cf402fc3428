/**
 * Products as the storefront shows them, read by id or slug: their rows with brand, category and
 * colours (lists), with their latest reviews (product pages), as suggestions, and the prepared
 * reads that serve the in-memory indexes' pages (one JSON text a row on PGlite).
 */

import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { type Database, type Executor, isEmbedded, prepareNamed } from '../../db/client.js';
import {
  brands,
  categories,
  colors,
  type ProductOption,
  productColors,
  products,
  productVariants,
  ratings,
  type SizeChart,
  stockHolds,
  users,
} from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import { onSale } from './shelf-filters.repository.js';

/** Units of a product (all its variants) set aside by live holds, for use inside a products query. */
export const productLiveHeldUnits = sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
  where ${stockHolds.productId} = ${products.id} and ${stockHolds.expiresAt} > now()), 0)`;

/** What the store shows as available of a product: its variants' stock less live holds. */
const productAvailableQuantity =
  sql<number>`greatest(${products.quantity} - ${productLiveHeldUnits}, 0)::int`.mapWith(Number);

/**
 * A product row with its brand and category names, as lists and the detail page need it (GST
 * fields are the invoice's business, the search columns SQL's, and the options the product
 * page's, which reads them with the variants).
 */
export type ProductRow = Omit<
  typeof products.$inferSelect,
  'hsnCode' | 'gstRateBp' | 'searchVector' | 'searchText' | 'searchTier' | 'options' | 'sizes'
> & {
  brand: string;
  category: string;
  /** The brand's and the category's own `translations` (decision 050). */
  brandTranslations: (typeof brands.$inferSelect)['translations'];
  categoryTranslations: (typeof categories.$inferSelect)['translations'];
};
export type ColorRow = {
  id: string;
  title: string;
  name: string;
  translations?: (typeof colors.$inferSelect)['translations'];
};
export type RatingRow = {
  id: string;
  productId: string;
  userId: string;
  star: number;
  comment: string;
  verifiedPurchase: boolean;
  createdAt: Date;
  firstname: string;
  lastname: string;
};

const productColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  description: products.description,
  translations: products.translations,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  priceMaxPaise: products.priceMaxPaise,
  categoryId: products.categoryId,
  brandId: products.brandId,
  tags: products.tags,
  // What shoppers can still buy: stock less live checkout holds.
  quantity: productAvailableQuantity,
  sold: products.sold,
  images: products.images,
  totalRating: products.totalRating,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  archivedAt: products.archivedAt,
  brand: brands.title,
  category: categories.title,
  brandTranslations: brands.translations,
  categoryTranslations: categories.translations,
};

/** A product's colours in their order, read in the same statement as the product (one round trip). */
const colorsOfProduct = sql<ColorRow[]>`(
  select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'name', c.name, 'translations', c.translations) order by pc.position), '[]'::json)
  from ${productColors} pc join ${colors} c on c.id = pc.color_id
  where pc.product_id = ${products.id})`;

/** What the storefront's lists show of a product: its row and its colours. */
export type ShelfRow = ProductRow & { colors: ColorRow[] };
export const shelfColumns = { ...productColumns, colors: colorsOfProduct };

/** What a shelf read selects, by the row's field names. */
type ShelfReadColumns = Record<string, SQL | SQL.Aliased | AnyPgColumn>;

/**
 * Prepares a read of `columns` of products with their brand and category, named `name`. On PGlite
 * each row comes back as one JSON text (`jsonRow`): PGlite parses its answers in this thread's
 * JavaScript, column by column, and 50 product pages of 22 columns cost 2.3-2.8 ms read so, 1.8
 * as JSON (JSON.parse being native; bench/README.md, 28 November). On PostgreSQL they come column
 * by column: there building the JSON cost the database more than the driver saved (1.6-1.7 ->
 * 2.2 ms).
 */
function prepareShelfRead<Row>(
  db: Database,
  columns: ShelfReadColumns,
  where: SQL | undefined,
  name: string,
): (values: Record<string, unknown>) => Promise<Row[]> {
  const query = (selection: SelectedFields) =>
    db
      .select(selection)
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where);
  if (isEmbedded(db)) {
    const statement = prepareNamed(db, query({ json: jsonRow(columns) }), name);
    return async (values) =>
      ((await statement.execute(values)) as { json: string }[]).map(
        ({ json }) => withDates(JSON.parse(json)) as Row,
      );
  }
  const statement = prepareNamed(db, query(columns), name);
  return (values) => statement.execute(values) as Promise<Row[]>;
}

/** `columns` as one JSON object a row, as text, keyed by the row's field names (this file's own). */
function jsonRow(columns: ShelfReadColumns): SQL<string> {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql<string>`json_build_object(${sql.join(pairs, sql`, `)})::text`;
}

/** A product's times, which JSON writes as text, made dates again (as drizzle reads them). */
function withDates(row: { createdAt: string; updatedAt: string; archivedAt: string | null }) {
  return {
    ...row,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    archivedAt: row.archivedAt === null ? null : new Date(row.archivedAt),
  };
}

/** A product on sale, by id or slug (an archived one is not found). */
export async function findProduct(db: Executor, idOrSlug: string): Promise<ProductRow | undefined> {
  const match = and(isUuid(idOrSlug) ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug), onSale());
  const [row] = await db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(match)
    .limit(1);
  return row;
}

/** Products by id, archived ones too unless `onSale`. */
export async function findProductsByIds(
  db: Executor,
  ids: string[],
  options: { onSale?: boolean } = {},
): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, ids), options.onSale ? onSale() : undefined));
}

/** Products by id with their colours, archived ones too unless `onSale` (one statement). */
export async function shelfProductsByIds(
  db: Executor,
  ids: string[],
  options: { onSale?: boolean } = {},
): Promise<ShelfRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(shelfColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, ids), options.onSale ? onSale() : undefined));
}

/**
 * The products on sale with these ids, as a list's page shows them: shelfProductsByIds as a named
 * prepared statement, planned once per connection instead of on every page (planning over
 * products' indexes cost about as much as running it). For the shelf index's pages (decision 023).
 */
export async function shelfPageRows(db: Database, ids: readonly string[]): Promise<ShelfRow[]> {
  if (ids.length === 0) return [];
  let read = shelfPageReads.get(db);
  if (!read) {
    read = prepareShelfRead<ShelfRow>(
      db,
      shelfColumns,
      and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, onSale()),
      'shelf_page_rows',
    );
    shelfPageReads.set(db, read);
  }
  return read({ ids: [...ids] });
}
const shelfPageReads = new WeakMap<Database, (values: { ids: string[] }) => Promise<ShelfRow[]>>();

/** What a suggestion in the search box shows of a product (its first picture's stored URL). */
export type SuggestionCard = {
  id: string;
  slug: string;
  title: string;
  brand: string;
  category: string;
  pricePaise: number;
  image: string | null;
};

/** What a product page adds to a list's row: options, variants and its category's size chart. */
type ProductPageExtras = { options: ProductOption[]; variants: VariantJson[]; sizeChart: SizeChart | null };
type ProductPageRow = ShelfRow & ProductPageExtras & { ratings: RatingJson[] };

/** A product page's product: its row, its colours, its variants and its latest reviews. */
export type ShelfProductRow = ShelfRow & ProductPageExtras & { ratings: RatingRow[] };

/**
 * Products on sale by id or slug, each with its colours and its latest reviews, in one statement
 * for all of them: product pages asked for at once are read together (catalog/catalog.service.ts), one
 * round trip instead of one each. Prepared once per connection: planning it cost about as much
 * as running it (the shelf index's pages do the same, decision 023).
 */
export async function shelfProducts(db: Database, idsOrSlugs: readonly string[]): Promise<ShelfProductRow[]> {
  if (idsOrSlugs.length === 0) return [];
  let read = shelfProductReads.get(db);
  if (!read) {
    read = prepareShelfProducts(db);
    shelfProductReads.set(db, read);
  }
  const rows = await read({
    ids: idsOrSlugs.filter(isUuid),
    slugs: idsOrSlugs.filter((key) => !isUuid(key)),
  });
  return rows.map((row) => ({
    ...row,
    ratings: row.ratings.map((r) => ({
      id: r.id,
      productId: row.id,
      userId: r.user_id,
      star: r.star,
      comment: r.comment,
      verifiedPurchase: r.verified_purchase,
      createdAt: new Date(r.created_at),
      firstname: r.firstname,
      lastname: r.lastname,
    })),
  }));
}

/** How many of a product's latest reviews its page shows. */
const PRODUCT_PAGE_RATINGS = 50;

/** A product page's variants on sale, in the merchant's order, each with what is not held. */
const variantsOnSale = sql<VariantJson[]>`(
  select coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'barcode', v.barcode,
    'option_values', v.option_values, 'color_id', v.color_id, 'color_name', c.name,
    'price_paise', v.price_paise, 'mrp_paise', v.mrp_paise, 'weight_grams', v.weight_grams,
    'image_positions', v.image_positions,
    'quantity', greatest(v.quantity - coalesce((select sum(h.quantity) from ${stockHolds} h
      where h.variant_id = v.id and h.expires_at > now()), 0), 0)) order by v.position, v.id), '[]'::json)
  from ${productVariants} v left join ${colors} c on c.id = v.color_id
  where v.product_id = ${products.id} and v.archived_at is null)`;

/** A variant as json_build_object writes it. */
export type VariantJson = {
  id: string;
  sku: string;
  barcode: string | null;
  option_values: string[];
  color_id: string | null;
  color_name: string | null;
  price_paise: number;
  mrp_paise: number | null;
  weight_grams: number | null;
  image_positions: number[];
  quantity: number;
};

function prepareShelfProducts(db: Database) {
  // Most products have no review: their count (kept with each review, in its transaction) spares
  // them the look for reviews.
  const latestRatings = sql<RatingJson[]>`case when ${products.ratingCount} > 0 then (
    select coalesce(json_agg(r order by r.created_at desc), '[]'::json) from (
      select ra.id, ra.user_id, ra.star, ra.comment, ra.verified_purchase, ra.created_at, u.firstname, u.lastname
      from ${ratings} ra join ${users} u on u.id = ra.user_id
      where ra.product_id = ${products.id}
      order by ra.created_at desc limit ${sql.raw(String(PRODUCT_PAGE_RATINGS))}) r) else '[]'::json end`;
  return prepareShelfRead<ProductPageRow>(
    db,
    {
      ...shelfColumns,
      ratings: latestRatings,
      options: products.options,
      variants: variantsOnSale,
      sizeChart: categories.sizeChart,
    },
    and(
      or(
        sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`${products.slug} = any(${sql.placeholder('slugs')}::text[])`,
      ),
      onSale(),
    ),
    'shelf_products',
  );
}
const shelfProductReads = new WeakMap<Database, ReturnType<typeof prepareShelfProducts>>();

/** A rating as json_agg writes it (column names, the time as text). */
type RatingJson = {
  id: string;
  user_id: string;
  star: number;
  comment: string;
  verified_purchase: boolean;
  created_at: string;
  firstname: string;
  lastname: string;
};

/**
 * Products' own `translations` by id (the search box's suggestions, whose search function answers
 * the English only): one read by primary key of the few suggested.
 */
export async function productTranslations(
  db: Executor,
  ids: string[],
): Promise<Map<string, (typeof products.$inferSelect)['translations']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, translations: products.translations })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.translations]));
}

/** Titles of products (archived ones too) whose pictures include the upload `publicId`. */
export async function productTitlesWithImage(db: Executor, publicId: string, limit = 5): Promise<string[]> {
  const rows = await db
    .select({ title: products.title })
    .from(products)
    .where(sql`${products.images} @> ${JSON.stringify([{ public_id: publicId }])}::jsonb`)
    .limit(limit);
  return rows.map((row) => row.title);
}
