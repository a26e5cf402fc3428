import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { isEmbedded, prepareNamed, queryRows } from '../../db/client.js';
import {
  brands,
  categories,
  colors,
  productColors,
  productFacetCounts,
  products,
  ratings,
  users,
} from '../../db/schema.js';
import { isUuid } from '../../lib/ids.js';
import type { ProductFilters, ProductSort } from './product-query.js';
import { availableQuantity } from './stock.repository.js';
import type { TextQuery } from './text-index.js';

/**
 * A product row with its brand and category names, as lists and the detail page need it (GST
 * fields are the invoice's business, and the search columns SQL's, not the shelf's).
 */
export type ProductRow = Omit<
  typeof products.$inferSelect,
  'hsnCode' | 'gstRateBp' | 'searchVector' | 'searchText'
> & {
  brand: string;
  category: string;
};
export type ColorRow = { id: string; title: string; name: string };
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
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  categoryId: products.categoryId,
  brandId: products.brandId,
  tags: products.tags,
  // What shoppers can still buy: stock less live checkout holds (stock.repository.ts).
  quantity: availableQuantity,
  sold: products.sold,
  images: products.images,
  totalRating: products.totalRating,
  ratingCount: products.ratingCount,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  archivedAt: products.archivedAt,
  brand: brands.title,
  category: categories.title,
};

/** A product's colours in their order, read in the same statement as the product (one round trip). */
const colorsOfProduct = sql<ColorRow[]>`(
  select coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'name', c.name) order by pc.position), '[]'::json)
  from ${productColors} pc join ${colors} c on c.id = pc.color_id
  where pc.product_id = ${products.id})`;

/** What the storefront's lists show of a product: its row and its colours. */
export type ShelfRow = ProductRow & { colors: ColorRow[] };
const shelfColumns = { ...productColumns, colors: colorsOfProduct };

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

const sortColumns = {
  title: sql`lower(${products.title}) collate "C"`,
  price: products.pricePaise,
  createdAt: products.createdAt,
  totalrating: products.totalRating,
  sold: products.sold,
} as const;

/** Which facet a condition belongs to, so facet counts can leave their own facet out. */
export type FacetName = 'brand' | 'category' | 'tags' | 'price' | 'availability' | 'q';

/**
 * Filters with the search text resolved: `match` is the to_tsquery text the search service built
 * from `q` (search-terms.ts), undefined when `q` held nothing searchable (then nothing matches).
 */
export type ResolvedFilters = ProductFilters & {
  match?: string;
  /** `match` as `to_tsquery` parsed it, for the in-memory text index (absent: SQL searches). */
  textQuery?: TextQuery;
  /**
   * The brands' and categories' ids, looked up before the product query (`taxonomyIds`), so the
   * planner sees the ids and walks the (category, price) or (brand, price) index in order.
   */
  brandIds?: string[];
  categoryIds?: string[];
};

/** Ids of the brands and categories named (case aside), in one round trip. */
export async function taxonomyIds(
  db: Executor,
  names: { brands: string[]; categories: string[] },
): Promise<{ brandIds: string[]; categoryIds: string[] }> {
  const brandNames = names.brands.map((b) => b.toLowerCase());
  const categoryNames = names.categories.map((c) => c.toLowerCase());
  const rows = await queryRows<{ kind: 'brand' | 'category'; id: string }>(
    db,
    sql`select 'brand' as kind, id from ${brands} where lower(title) = any(${sql.param(brandNames)}::text[])
        union all
        select 'category', id from ${categories} where lower(title) = any(${sql.param(categoryNames)}::text[])`,
  );
  return {
    brandIds: rows.filter((row) => row.kind === 'brand').map((row) => row.id),
    categoryIds: rows.filter((row) => row.kind === 'category').map((row) => row.id),
  };
}

/** The named ones' ids when resolved (none known: nothing matches), else a subquery by name. */
function inTaxonomy(
  column: AnyPgColumn,
  ids: string[] | undefined,
  table: 'brands' | 'categories',
  names: string[],
): SQL {
  if (ids) return ids.length ? inArray(column, ids) : sql`false`;
  const lowered = names.map((n) => n.toLowerCase());
  return sql`${column} in (select id from ${sql.identifier(table)} where lower(title) in ${lowered})`;
}

/** What the storefront shows: archived products have left it (they keep their history). */
export const onSale = () => isNull(products.archivedAt);

const tsQuery = (match: string) => sql`to_tsquery('english', ${match})`;

export function filterConditions(filters: ResolvedFilters, except?: FacetName): SQL[] {
  const conditions: SQL[] = [onSale()];
  if (filters.brands.length && except !== 'brand') {
    conditions.push(inTaxonomy(products.brandId, filters.brandIds, 'brands', filters.brands));
  }
  if (filters.categories.length && except !== 'category') {
    conditions.push(inTaxonomy(products.categoryId, filters.categoryIds, 'categories', filters.categories));
  }
  if (filters.tags.length && except !== 'tags') {
    conditions.push(sql`${products.tags} && ${sql.param(filters.tags)}::text[]`);
  }
  if (except !== 'price') conditions.push(...priceConditions(filters));
  if (filters.availability && except !== 'availability') {
    conditions.push(
      filters.availability === 'in-stock' ? gt(products.quantity, 0) : eq(products.quantity, 0),
    );
  }
  if (filters.q && except !== 'q') {
    conditions.push(filters.match ? sql`${products.searchVector} @@ ${tsQuery(filters.match)}` : sql`false`);
  }
  return conditions;
}

function priceConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.min)
    conditions.push((filters.min.inclusive ? gte : gt)(products.pricePaise, filters.min.paise));
  if (filters.max)
    conditions.push((filters.max.inclusive ? lte : lt)(products.pricePaise, filters.max.paise));
  return conditions;
}

/**
 * Relevance for a search: ts_rank weighs a title match over brand, category and description
 * (weights 1.0, 0.4, 0.2, 0.1 for A-D, PostgreSQL's defaults); best sellers break ties. Ranked
 * with the words joined by "or" (ts_rank's per-word sum; the words still all match): what the
 * in-memory text index computes (text-index.ts, decision 025), so both give one order.
 */
function relevance(match: string): SQL {
  return sql`ts_rank(${products.searchVector}, ${tsQuery(anyWordOf(match))})`;
}

/** The to_tsquery text with every "and" made "or" (buildTsQuery writes no other operators). */
const anyWordOf = (match: string) => match.replaceAll('&', '|');

/**
 * What `to_tsquery` makes of a search's text (stemmed, stop words dropped), as text: the in-memory
 * text index matches that (text-index.ts). Touches no table.
 */
export async function parsedTextQuery(db: Executor, match: string): Promise<string> {
  const [row] = await queryRows<{ query: string }>(db, sql`select ${tsQuery(match)}::text as query`);
  return row?.query ?? '';
}

/**
 * Products on sale with their search vectors as text, in the shelf index's order (A-Z, then id),
 * `limit` at a time after `after` (the last row's key and id): for the in-memory text index.
 */
export async function searchVectorsAfter(
  db: Executor,
  after: { key: string; id: string } | undefined,
  limit: number,
): Promise<{ id: string; key: string; vector: string }[]> {
  const key = sortColumns.title;
  const from = after
    ? sql`and (${key}, ${products.id}) > (${after.key} collate "C", ${after.id}::uuid)`
    : sql``;
  return queryRows(
    db,
    sql`select id, ${key} as key, search_vector::text as vector from ${products}
        where ${onSale()} ${from}
        order by ${key}, ${products.id} limit ${limit}`,
  );
}

/**
 * A broad search (more than EXACT_COUNT_UP_TO matches) is ranked among this many of its matches,
 * the first the text index gives: ranking reads every candidate's text, and "laptop" matches 23,000
 * products at 100,000 and 230,000 at a million (decision 016).
 */
export const BROAD_SEARCH_CANDIDATES = 2_000;

export async function listProducts(
  db: Executor,
  filters: ResolvedFilters,
  sort: ProductSort[],
  page: number,
  limit: number,
  options: { broadSearch?: boolean } = {},
): Promise<ShelfRow[]> {
  const byRelevance = sort.some((s) => s.field === 'relevance') && filters.match;
  if (byRelevance && options.broadSearch) {
    const ids = await broadSearchPage(db, filters, filters.match!, page, limit);
    const rows = new Map((await shelfProductsByIds(db, ids)).map((row) => [row.id, row]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  }
  // The page's ids come first, from a narrow walk of a (filter, sort, id) index that stops at the
  // page (index-only where the filters are in the index); only those rows are then read in full,
  // with their colours, in the same statement. The subquery's LIMIT keeps the planner from
  // flattening it, and row_number() over its output keeps its order.
  const ordered = pageIds(db, filters, sort, page, limit).as('ordered');
  const onPage = db
    .select({ id: ordered.id, position: sql<number>`row_number() over ()`.as('position') })
    .from(ordered)
    .as('on_page');
  return db
    .select(shelfColumns)
    .from(onPage)
    .innerJoin(products, eq(products.id, onPage.id))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(onPage.position);
}

/** The query for a page's ids in the requested order (ties by id in the sort's direction). */
function pageIds(db: Executor, filters: ResolvedFilters, sort: ProductSort[], page: number, limit: number) {
  const order = sort.flatMap((s) => {
    if (s.field === 'relevance') {
      return filters.match
        ? [desc(relevance(filters.match)), desc(products.sold)]
        : [desc(products.createdAt)];
    }
    return [(s.direction === 'asc' ? asc : desc)(sortColumns[s.field])];
  });
  return (
    db
      .select({ id: products.id })
      .from(products)
      .where(and(...filterConditions(filters)))
      // Ties go by id in the sort's own direction, so a (sort, id) index walked backwards serves a
      // descending sort (ties are common: every new product has rating 0 and nothing sold).
      .orderBy(...order, (sort[sort.length - 1]?.direction === 'desc' ? desc : asc)(products.id))
      .limit(limit)
      .offset((page - 1) * limit)
  );
}

/** A bounded set of matches (a text-index lookup that stops early), then ranked by relevance. */
async function broadSearchPage(
  db: Executor,
  filters: ResolvedFilters,
  match: string,
  page: number,
  limit: number,
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from (
          select id, search_vector, sold from ${products}
          where ${and(...filterConditions(filters))}
          limit ${BROAD_SEARCH_CANDIDATES}
        ) candidates
        order by ts_rank(search_vector, ${tsQuery(anyWordOf(match))}) desc, sold desc, id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  return rows.map((row) => row.id);
}

/** Whether any product on sale matches the to_tsquery text (one index probe). */
export async function anyProductMatches(db: Executor, match: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${products} where ${products.searchVector} @@ ${tsQuery(match)} and ${onSale()} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Up to `cap` matching products are counted exactly (an index-only walk that stops there); above
 * it the planner's estimate stands in, so a broad filter over a million products never pays for
 * an exact count (decision 016).
 */
export async function countProducts(
  db: Executor,
  filters: ResolvedFilters,
  cap: number,
): Promise<{ count: number; exact: boolean }> {
  if (!filters.q && !filters.min && !filters.max) {
    const [summed] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(f.products), 0)::int as n from ${facetCountsMatching(filters)} f`,
    );
    return { count: Number(summed?.n ?? 0), exact: true };
  }
  const where = and(...filterConditions(filters));
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${cap + 1}) capped`,
  );
  const counted = Number(row?.n ?? 0);
  if (counted <= cap) return { count: counted, exact: true };
  const [plan] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    db,
    sql`explain (format json) select 1 from ${products} where ${where}`,
  );
  const estimate = Math.round(plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return { count: Math.max(estimate, counted), exact: false };
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

/**
 * The suggestion of every product the search vocabulary names (one per product name), on sale:
 * what the suggestion index holds in memory (suggestion-index.ts, decision 023).
 */
export async function suggestionCards(db: Executor): Promise<SuggestionCard[]> {
  return queryRows<SuggestionCard>(
    db,
    sql`select p.id, p.slug, p.title, b.title as brand, c.title as category, p.price_paise as "pricePaise",
               p.images->0->>'url' as image
        from ${products} p join ${brands} b on b.id = p.brand_id join ${categories} c on c.id = p.category_id
        where p.archived_at is null and p.id in (select product_id from search_phrases)`,
  );
}

/** A product page's product: its row, its colours and its latest reviews. */
export type ShelfProductRow = ShelfRow & { ratings: RatingRow[] };

/**
 * Products on sale by id or slug, each with its colours and its latest reviews, in one statement
 * for all of them: product pages asked for at once are read together (catalog.service.ts), one
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

function prepareShelfProducts(db: Database) {
  // Most products have no review: their count (kept with each review, in its transaction) spares
  // them the look for reviews.
  const latestRatings = sql<RatingJson[]>`case when ${products.ratingCount} > 0 then (
    select coalesce(json_agg(r order by r.created_at desc), '[]'::json) from (
      select ra.id, ra.user_id, ra.star, ra.comment, ra.verified_purchase, ra.created_at, u.firstname, u.lastname
      from ${ratings} ra join ${users} u on u.id = ra.user_id
      where ra.product_id = ${products.id}
      order by ra.created_at desc limit ${sql.raw(String(PRODUCT_PAGE_RATINGS))}) r) else '[]'::json end`;
  return prepareShelfRead<ShelfRow & { ratings: RatingJson[] }>(
    db,
    { ...shelfColumns, ratings: latestRatings },
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

export type FacetCount = { value: string; count: number };
export type FacetCounts = {
  categories: FacetCount[];
  brands: FacetCount[];
  tags: FacetCount[];
  availability: { inStock: number; outOfStock: number };
  price: { min: number; max: number };
};

/**
 * What the in-memory shelf index (shelf-index.ts, decision 023) holds of each product on sale: in
 * A-Z order, with its rank in each of the other sorts (ties by id, as `pageIds` orders them), so the
 * index's pages come out exactly as this file's. Categories and brands come in the order the facet
 * queries list them (by title). Products are read first: a category or brand cannot be deleted
 * while a product read here still uses it, and one added afterwards has no product in this read.
 */
export async function shelfIndexSource(db: Executor): Promise<{
  products: {
    id: string;
    categoryId: string;
    brandId: string;
    tags: string[];
    inStock: boolean;
    pricePaise: number;
    priceRank: number;
    createdRank: number;
    ratingRank: number;
    soldRank: number;
  }[];
  categories: { id: string; title: string }[];
  brands: { id: string; title: string }[];
}> {
  const rank = (column: SQL | AnyPgColumn) =>
    sql`(row_number() over (order by ${column}, ${products.id}) - 1)::int`;
  const productRows = await queryRows<Awaited<ReturnType<typeof shelfIndexSource>>['products'][number]>(
    db,
    sql`select id, category_id as "categoryId", brand_id as "brandId", tags, quantity > 0 as "inStock",
               price_paise as "pricePaise",
               ${rank(sortColumns.price)} as "priceRank",
               ${rank(sortColumns.createdAt)} as "createdRank",
               ${rank(sortColumns.totalrating)} as "ratingRank",
               ${rank(sortColumns.sold)} as "soldRank"
        from ${products} where ${onSale()}
        order by ${sortColumns.title}, ${products.id}`,
  );
  return { products: productRows, ...(await facetTaxonomy(db)) };
}

/**
 * How many rows of the tables the shelf index reads (products, categories, brands) the database
 * has counted inserted, updated or deleted, or undefined where it does not count (`track_counts`
 * off, or the statistics just reset). A PostgreSQL backend hands its counts over within about a
 * second of committing (ten at most when idle); PGlite at the end of a later transaction, a second
 * or more after its last hand-over. So a count read before a snapshot misses no write the snapshot
 * missed: such a write committed after the snapshot began, and was counted later still.
 */
export async function shelfWrites(db: Executor): Promise<string | undefined> {
  const [row] = await queryRows<{ counting: boolean; writes: string }>(
    db,
    sql`select current_setting('track_counts')::bool as counting,
               coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text as writes
        from pg_stat_user_tables
        where relid in ('products'::regclass, 'categories'::regclass, 'brands'::regclass)`,
  );
  return row?.counting && row.writes !== '0' ? row.writes : undefined;
}

/** Every category and brand in the order the filter panel lists them (by title). */
export async function facetTaxonomy(db: Executor): Promise<{
  categories: { id: string; title: string }[];
  brands: { id: string; title: string }[];
}> {
  const [categoryRows, brandRows] = await Promise.all([
    queryRows<{ id: string; title: string }>(db, sql`select id, title from ${categories} order by title`),
    queryRows<{ id: string; title: string }>(db, sql`select id, title from ${brands} order by title`),
  ]);
  return { categories: categoryRows, brands: brandRows };
}

/** A group of a search's matches: its category, brand, tags and stock, and its prices. */
export type FacetGroupRow = {
  categoryId: string;
  brandId: string;
  tags: string[];
  inStock: boolean;
  /** How many of the group lie within the filters' price bounds. */
  inRange: number;
  lowest: number;
  highest: number;
};

/**
 * A search's matches grouped by what the filter panel counts (facet-groups.ts, decision 023): one
 * pass over the text index's matches, where the SQL panel (`facetCounts`) read them five times.
 * `inRange` counts the group's products within the filters' price bounds.
 */
export async function searchFacetGroups(db: Executor, filters: ResolvedFilters): Promise<FacetGroupRow[]> {
  if (!filters.match) return [];
  const inPriceRange = and(...priceConditions(filters)) ?? sql`true`;
  return queryRows(
    db,
    sql`select category_id as "categoryId", brand_id as "brandId", tags, quantity > 0 as "inStock",
               count(*) filter (where ${inPriceRange})::int as "inRange",
               min(price_paise)::int as lowest, max(price_paise)::int as highest
        from ${products}
        where ${onSale()} and ${products.searchVector} @@ ${tsQuery(filters.match)}
        group by category_id, brand_id, tags, quantity > 0`,
  );
}

/**
 * The filter panel in SQL: what the shelf index answers from memory (decision 023), and what
 * answers while it is being read; for a search, the reference that `searchFacetGroups` with
 * `countFacetGroups` (what the service uses) is tested against in shelf-index.test.ts.
 */
export async function facetCounts(db: Executor, filters: ResolvedFilters): Promise<FacetCounts> {
  const where = (except: FacetName) => {
    const conditions = filterConditions(filters, except);
    return conditions.length ? sql`where ${and(...conditions)}` : sql``;
  };
  if (!filters.q && !filters.min && !filters.max) {
    const [summary, priceRows] = await Promise.all([
      facetCountsFromSummary(db, filters),
      queryRows<{ min: number | null; max: number | null }>(
        db,
        sql`select min(price_paise)::int as min, max(price_paise)::int as max from products ${where('price')}`,
      ),
    ]);
    const price = priceRows[0];
    return { ...summary, price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) } };
  }
  if (filters.q) return facetCountsOfSearch(db, filters);
  const [categoryRows, brandRows, tagRows, availabilityRows, priceRows] = await Promise.all(
    Object.values(facetQueries(where)).map((query) => queryRows(db, query)),
  );
  const price = (priceRows as { min: number | null; max: number | null }[])[0];
  return {
    categories: categoryRows as FacetCount[],
    brands: brandRows as FacetCount[],
    tags: tagRows as FacetCount[],
    availability: (availabilityRows as { inStock: number; outOfStock: number }[])[0] ?? {
      inStock: 0,
      outOfStock: 0,
    },
    price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) },
  };
}

/** The five facet queries over `products`, each with its own facet's filter left out (`where`). */
function facetQueries(where: (except: FacetName) => SQL) {
  return {
    categories: sql`select c.title as value, count(p.id)::int as count
          from categories c left join (select id, category_id from products ${where('category')}) p on p.category_id = c.id
          group by c.title order by c.title`,
    brands: sql`select b.title as value, count(p.id)::int as count
          from brands b left join (select id, brand_id from products ${where('brand')}) p on p.brand_id = b.id
          group by b.title order by b.title`,
    tags: sql`select t.tag as value, count(*)::int as count
          from (select distinct id, unnest(tags) as tag from products ${where('tags')}) t
          group by t.tag order by t.tag`,
    availability: sql`select count(*) filter (where quantity > 0)::int as "inStock", count(*) filter (where quantity = 0)::int as "outOfStock"
          from products ${where('availability')}`,
    price: sql`select min(price_paise)::int as min, max(price_paise)::int as max from products ${where('price')}`,
  };
}

/**
 * A search's facets in one statement: the matching products are found once (one GIN lookup) into a
 * CTE named `products`, which the five facet queries then read instead of the table.
 */
async function facetCountsOfSearch(db: Executor, filters: ResolvedFilters) {
  const others = { ...filters, q: undefined, match: undefined };
  const where = (except: FacetName) => {
    const conditions = filterConditions(others, except);
    return conditions.length ? sql`where ${and(...conditions)}` : sql``;
  };
  const queries = facetQueries(where);
  const matching = filters.match ? sql`${products.searchVector} @@ ${tsQuery(filters.match)}` : sql`false`;
  const [row] = await queryRows<{
    categories: FacetCount[] | null;
    brands: FacetCount[] | null;
    tags: FacetCount[] | null;
    availability: { inStock: number; outOfStock: number }[] | null;
    price: { min: number | null; max: number | null }[] | null;
  }>(
    db,
    sql`with products as materialized (
          select id, category_id, brand_id, tags, quantity, price_paise, archived_at from ${products}
          where ${onSale()} and ${matching}
        )
        select
          (select json_agg(x) from (${queries.categories}) x) as categories,
          (select json_agg(x) from (${queries.brands}) x) as brands,
          (select json_agg(x) from (${queries.tags}) x) as tags,
          (select json_agg(x) from (${queries.availability}) x) as availability,
          (select json_agg(x) from (${queries.price}) x) as price`,
  );
  const price = row?.price?.[0];
  return {
    categories: row?.categories ?? [],
    brands: row?.brands ?? [],
    tags: row?.tags ?? [],
    availability: row?.availability?.[0] ?? { inStock: 0, outOfStock: 0 },
    price: { min: Number(price?.min ?? 0), max: Number(price?.max ?? 0) },
  };
}

/** product_facet_counts' rows for the filters (all but `except`'s), as a subquery. */
function facetCountsMatching(filters: ResolvedFilters, except?: FacetName): SQL {
  const conditions: SQL[] = [];
  if (filters.brands.length && except !== 'brand') {
    conditions.push(inTaxonomy(productFacetCounts.brandId, filters.brandIds, 'brands', filters.brands));
  }
  if (filters.categories.length && except !== 'category') {
    conditions.push(
      inTaxonomy(productFacetCounts.categoryId, filters.categoryIds, 'categories', filters.categories),
    );
  }
  if (filters.tags.length && except !== 'tags') {
    conditions.push(sql`${productFacetCounts.tags} && ${sql.param(filters.tags)}::text[]`);
  }
  if (filters.availability && except !== 'availability') {
    conditions.push(eq(productFacetCounts.inStock, filters.availability === 'in-stock'));
  }
  return sql`(select category_id, brand_id, tags, in_stock, products from ${productFacetCounts}
    ${conditions.length ? sql`where ${and(...conditions)}` : sql``})`;
}

/**
 * Category, brand, tag and availability counts from product_facet_counts (a few thousand rows
 * whatever the catalogue's size) instead of the products: exact, since triggers keep it (decision
 * 016). Usable when the filters are only categories, brands, tags and availability.
 */
async function facetCountsFromSummary(db: Executor, filters: ResolvedFilters) {
  const counts = (except: FacetName) => facetCountsMatching(filters, except);
  const [categoryRows, brandRows, tagRows, availabilityRows] = await Promise.all([
    queryRows<FacetCount>(
      db,
      sql`select c.title as value, coalesce(sum(f.products), 0)::int as count
          from categories c left join ${counts('category')} f on f.category_id = c.id
          group by c.title order by c.title`,
    ),
    queryRows<FacetCount>(
      db,
      sql`select b.title as value, coalesce(sum(f.products), 0)::int as count
          from brands b left join ${counts('brand')} f on f.brand_id = b.id
          group by b.title order by b.title`,
    ),
    queryRows<FacetCount>(
      db,
      sql`select t.tag as value, sum(f.products)::int as count
          from ${counts('tags')} f cross join unnest(f.tags) as t(tag)
          group by t.tag having sum(f.products) > 0 order by t.tag`,
    ),
    queryRows<{ inStock: number; outOfStock: number }>(
      db,
      sql`select coalesce(sum(products) filter (where in_stock), 0)::int as "inStock",
                 coalesce(sum(products) filter (where not in_stock), 0)::int as "outOfStock"
          from ${counts('availability')} f`,
    ),
  ]);
  return {
    categories: categoryRows,
    brands: brandRows,
    tags: tagRows,
    availability: availabilityRows[0] ?? { inStock: 0, outOfStock: 0 },
  };
}

/** Sums product_facet_counts' +n/-n rows into one per key (the vocabulary rebuild runs it). */
export async function compactFacetCounts(db: Executor): Promise<void> {
  await db.execute(sql`select compact_product_facet_counts()`);
}

/** Row lock on the product until the transaction ends. */
export async function lockProduct(tx: Transaction, productId: string): Promise<void> {
  await queryRows(tx, sql`select id from ${products} where ${products.id} = ${productId} for update`);
}

/** Mean of the product's stars (0 without reviews) and their count, from the ratings table. */
export async function recomputeRating(tx: Transaction, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      totalRating: sql`coalesce((select avg(star)::real from ${ratings} where ${ratings.productId} = ${productId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
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
