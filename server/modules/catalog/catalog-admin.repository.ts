import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminProductSort } from '../../../shared/api/catalog-admin.schemas.js';
import { LOW_STOCK_MAX } from '../../../shared/api/catalog-admin.schemas.js';
import type { Executor, Transaction } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { brands, categories, colors, type ImageRef, productColors, products } from '../../db/schema.js';
import { liveHeldUnits } from './stock.repository.js';

/**
 * The console's SQL on products: the table (filters that use the indexes of migration 0010 and
 * the storefront's), one product with everything the edit form shows, and the writes. Stock is
 * written by stock-ledger.repository.ts, always with its movement.
 */

export type AdminFilters = {
  q?: string | undefined;
  categoryId?: string | undefined;
  brandId?: string | undefined;
  stock?: 'in' | 'low' | 'out' | undefined;
  tags?: string[] | undefined;
  archived?: 'active' | 'archived' | 'all' | undefined;
};

export type AdminProductRow = {
  id: string;
  slug: string;
  title: string;
  pricePaise: number;
  mrpPaise: number | null;
  brandId: string;
  brand: string;
  categoryId: string;
  category: string;
  tags: string[];
  quantity: number;
  sold: number;
  image: ImageRef | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function adminConditions(filters: AdminFilters): SQL[] {
  const conditions: SQL[] = [];
  const archived = filters.archived ?? 'active';
  if (archived === 'active') conditions.push(isNull(products.archivedAt));
  if (archived === 'archived') conditions.push(isNotNull(products.archivedAt));
  if (filters.q) {
    // search_text is lower(title brand category), trigram-indexed: a substring is found by the index.
    conditions.push(sql`${products.searchText} like ${`%${escapeLike(filters.q.toLowerCase())}%`}`);
  }
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.brandId) conditions.push(eq(products.brandId, filters.brandId));
  if (filters.stock === 'out') conditions.push(eq(products.quantity, 0));
  if (filters.stock === 'low')
    conditions.push(sql`${products.quantity} between 1 and ${sql.raw(String(LOW_STOCK_MAX))}`);
  if (filters.stock === 'in') conditions.push(gt(products.quantity, LOW_STOCK_MAX));
  if (filters.tags?.length) conditions.push(sql`${products.tags} && ${sql.param(filters.tags)}::text[]`);
  return conditions;
}

const sortColumns: Record<string, SQL | AnyPgColumn> = {
  title: sql`lower(${products.title}) collate "C"`,
  price: products.pricePaise,
  stock: products.quantity,
  updated: products.updatedAt,
};

function orderOf(sort: AdminProductSort): SQL[] {
  const descending = sort.startsWith('-');
  const column = sortColumns[sort.replace(/^-/, '')]!;
  const direction = descending ? desc : asc;
  // The id breaks ties so that pages never repeat or skip a product.
  return [direction(column), direction(products.id)];
}

export async function listAdminProducts(
  db: Executor,
  filters: AdminFilters,
  sort: AdminProductSort,
  page: number,
  limit: number,
): Promise<AdminProductRow[]> {
  // The page of ids first (from the indexes alone where it can), then their rows and names.
  const pageRows = db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      brandId: products.brandId,
      categoryId: products.categoryId,
      tags: products.tags,
      quantity: products.quantity,
      sold: products.sold,
      image: sql<ImageRef | null>`${products.images} -> 0`.as('image'),
      archivedAt: products.archivedAt,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      sortTitle: sql<string>`lower(${products.title}) collate "C"`.as('sort_title'),
    })
    .from(products)
    .where(and(...adminConditions(filters)))
    .orderBy(...orderOf(sort))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('p');
  const descending = sort.startsWith('-');
  const direction = descending ? desc : asc;
  const outerSort = {
    title: pageRows.sortTitle,
    price: pageRows.pricePaise,
    stock: pageRows.quantity,
    updated: pageRows.updatedAt,
  }[sort.replace(/^-/, '') as 'title'];
  return db
    .select({
      id: pageRows.id,
      slug: pageRows.slug,
      title: pageRows.title,
      pricePaise: pageRows.pricePaise,
      mrpPaise: pageRows.mrpPaise,
      brandId: pageRows.brandId,
      brand: brands.title,
      categoryId: pageRows.categoryId,
      category: categories.title,
      tags: pageRows.tags,
      quantity: pageRows.quantity,
      sold: pageRows.sold,
      image: pageRows.image,
      archivedAt: pageRows.archivedAt,
      createdAt: pageRows.createdAt,
      updatedAt: pageRows.updatedAt,
    })
    .from(pageRows)
    .innerJoin(brands, eq(brands.id, pageRows.brandId))
    .innerJoin(categories, eq(categories.id, pageRows.categoryId))
    .orderBy(direction(outerSort), direction(pageRows.id));
}

const searchSortColumns: Record<string, string> = {
  title: 'sort_title',
  price: 'price_paise',
  stock: 'quantity',
  updated: 'updated_at',
};

/**
 * A search's page and its count from one pass over the matches: the trigram index finds them (up to
 * `cap` + 1), and the page is sorted from those rows. Left to itself the planner would walk the
 * sort's index and test every product against the search (190 ms for a term 600 products match).
 * Undefined when more than `cap` match: the page would be sorted from a part only, so the caller
 * uses listAdminProducts instead.
 */
export async function searchAdminProducts(
  db: Executor,
  filters: AdminFilters,
  sort: AdminProductSort,
  page: number,
  limit: number,
  cap: number,
): Promise<{ rows: AdminProductRow[]; total: number } | undefined> {
  const column = sql.raw(searchSortColumns[sort.replace(/^-/, '')]!);
  const direction = sql.raw(sort.startsWith('-') ? 'desc' : 'asc');
  const order = sql`m.${column} ${direction}, m.id ${direction}`;
  type Row = {
    total: number;
    id: string | null;
    slug: string;
    title: string;
    price_paise: number;
    mrp_paise: number | null;
    brand_id: string;
    brand: string;
    category_id: string;
    category: string;
    tags: string[];
    quantity: number;
    sold: number;
    image: ImageRef | null;
    archived_at: string | Date | null;
    created_at: string | Date;
    updated_at: string | Date;
  };
  const found = await queryRows<Row>(
    db,
    sql`
      with matches as materialized (
        select id, slug, title, price_paise, mrp_paise, brand_id, category_id, tags, quantity, sold,
          images -> 0 as image, archived_at, created_at, updated_at, lower(title) collate "C" as sort_title
        from ${products}
        where ${and(...adminConditions(filters))}
        limit ${cap + 1}
      ),
      counted as (select count(*)::int as total from matches),
      page as (select * from matches m order by ${order} limit ${limit} offset ${(page - 1) * limit})
      select counted.total, m.id, m.slug, m.title, m.price_paise, m.mrp_paise, m.brand_id, b.title as brand,
        m.category_id, c.title as category, m.tags, m.quantity, m.sold, m.image, m.archived_at,
        m.created_at, m.updated_at
      from counted
      left join page m on true
      left join ${brands} b on b.id = m.brand_id
      left join ${categories} c on c.id = m.category_id
      order by ${order}`,
  );
  const total = Number(found[0]?.total ?? 0);
  if (total > cap) return undefined;
  const date = (value: string | Date) => (value instanceof Date ? value : new Date(value));
  return {
    total,
    rows: found
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: row.id!,
        slug: row.slug,
        title: row.title,
        pricePaise: Number(row.price_paise),
        mrpPaise: row.mrp_paise === null ? null : Number(row.mrp_paise),
        brandId: row.brand_id,
        brand: row.brand,
        categoryId: row.category_id,
        category: row.category,
        tags: row.tags,
        quantity: Number(row.quantity),
        sold: Number(row.sold),
        image: row.image,
        archivedAt: row.archived_at === null ? null : date(row.archived_at),
        createdAt: date(row.created_at),
        updatedAt: date(row.updated_at),
      })),
  };
}

/**
 * Matches, counted up to `cap` + 1: past that the exact figure costs more than the page itself
 * (every match read from an index, about 6 ms per 100,000) and tells the merchant nothing a
 * narrower filter would not.
 */
export async function countAdminProducts(db: Executor, filters: AdminFilters, cap: number): Promise<number> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(products)
    .where(and(...adminConditions(filters)))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return Number(row?.n ?? 0);
}

export type AdminProductDetail = typeof products.$inferSelect & {
  brand: string;
  category: string;
  held: number;
  /** The category's GST defaults (issue 15). */
  categoryHsnCode: string | null;
  categoryGstRateBp: number | null;
};

export async function findAdminProduct(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminProductDetail | undefined> {
  if (options.lock) {
    await queryRows(db, sql`select id from ${products} where ${products.id} = ${id} for update`);
  }
  const [row] = await db
    .select({
      product: products,
      brand: brands.title,
      category: categories.title,
      categoryHsnCode: categories.hsnCode,
      categoryGstRateBp: categories.gstRateBp,
      held: sql<number>`${liveHeldUnits}::int`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row
    ? {
        ...row.product,
        brand: row.brand,
        category: row.category,
        held: row.held,
        categoryHsnCode: row.categoryHsnCode,
        categoryGstRateBp: row.categoryGstRateBp,
      }
    : undefined;
}

export type ProductColorRow = { productId: string; id: string; title: string; name: string };

export async function colorsOfProducts(db: Executor, productIds: string[]): Promise<ProductColorRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: productColors.productId, id: colors.id, title: colors.title, name: colors.name })
    .from(productColors)
    .innerJoin(colors, eq(colors.id, productColors.colorId))
    .where(inArray(productColors.productId, productIds))
    .orderBy(productColors.productId, productColors.position);
}

export async function slugExists(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** Slugs that are `base` or `base-<something>` (to pick a free numbered one). */
export async function slugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(sql`(${products.slug} = ${base} or ${products.slug} like ${`${escapeLike(base)}-%`})`);
  return rows.map((r) => r.slug);
}

/** Of these bases, the slugs already taken as `base` or `base-N` (an import's new products). */
export async function slugsTakenForBases(db: Executor, bases: string[]): Promise<string[]> {
  if (bases.length === 0) return [];
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from ${products} where regexp_replace(slug, '-[0-9]+$', '') = any(${sql.param(bases)}::text[]) or slug = any(${sql.param(bases)}::text[])`,
  );
  return rows.map((r) => r.slug);
}

export type TaxonomyNames = {
  categories: { id: string; title: string }[];
  brands: { id: string; title: string }[];
  colors: { id: string; title: string; name: string }[];
};

/** Every category, brand and colour: a few hundred rows at most, read once per import. */
export async function taxonomyNames(db: Executor): Promise<TaxonomyNames> {
  const [categoryRows, brandRows, colorRows] = await Promise.all([
    db.select({ id: categories.id, title: categories.title }).from(categories),
    db.select({ id: brands.id, title: brands.title }).from(brands),
    db.select({ id: colors.id, title: colors.title, name: colors.name }).from(colors),
  ]);
  return { categories: categoryRows, brands: brandRows, colors: colorRows };
}

export async function categoryTitle(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: categories.title }).from(categories).where(eq(categories.id, id));
  return row?.title;
}

export async function brandTitle(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: brands.title }).from(brands).where(eq(brands.id, id));
  return row?.title;
}

export async function colorsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: colors.id, title: colors.title, name: colors.name })
    .from(colors)
    .where(inArray(colors.id, ids));
}

export type ProductWrite = {
  slug: string;
  title: string;
  description: string;
  pricePaise: number;
  mrpPaise: number | null;
  categoryId: string;
  brandId: string;
  tags: string[];
  images: ImageRef[];
  /** GST (issue 15): null takes the category's. */
  hsnCode: string | null;
  gstRateBp: number | null;
};

export async function insertProducts(
  tx: Transaction,
  values: (ProductWrite & { quantity: number })[],
): Promise<{ id: string; slug: string }[]> {
  if (values.length === 0) return [];
  return tx.insert(products).values(values).returning({ id: products.id, slug: products.slug });
}

export async function updateProduct(
  tx: Transaction,
  id: string,
  values: Partial<ProductWrite>,
): Promise<void> {
  await tx.update(products).set(values).where(eq(products.id, id));
}

/** The colours of products, in the order given (the first is the one the product page preselects). */
export async function replaceProductColors(
  tx: Transaction,
  entries: { productId: string; colorIds: string[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.delete(productColors).where(
    inArray(
      productColors.productId,
      entries.map((e) => e.productId),
    ),
  );
  const rows = entries.flatMap((e) =>
    e.colorIds.map((colorId, position) => ({ productId: e.productId, colorId, position })),
  );
  for (let i = 0; i < rows.length; i += 5000) await tx.insert(productColors).values(rows.slice(i, i + 5000));
}

export async function setArchivedAt(tx: Transaction, id: string, archivedAt: Date | null): Promise<void> {
  await tx.update(products).set({ archivedAt }).where(eq(products.id, id));
}

export async function deleteProduct(tx: Transaction, id: string): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** Products by slug (an import's matches), with what an update compares against. */
export async function productsBySlugs(db: Executor, slugs: string[]) {
  if (slugs.length === 0) return [];
  const found: (typeof products.$inferSelect)[] = [];
  for (let i = 0; i < slugs.length; i += 2000) {
    found.push(
      ...(await db
        .select()
        .from(products)
        .where(inArray(products.slug, slugs.slice(i, i + 2000)))),
    );
  }
  return found;
}

/**
 * Writes many products' fields in one statement per batch (an import's updates): the values
 * travel as one JSON array, so 10,000 rows are a handful of round trips rather than 10,000.
 */
export async function updateProductsBatch(
  tx: Transaction,
  rows: (ProductWrite & { id: string })[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((row) => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      price_paise: row.pricePaise,
      mrp_paise: row.mrpPaise,
      category_id: row.categoryId,
      brand_id: row.brandId,
      tags: row.tags,
      images: row.images,
      hsn_code: row.hsnCode,
      gst_rate_bp: row.gstRateBp,
    }));
    await tx.execute(sql`
      update ${products} p set
        slug = v.slug, title = v.title, description = v.description, price_paise = v.price_paise,
        mrp_paise = v.mrp_paise, category_id = v.category_id, brand_id = v.brand_id, tags = v.tags,
        images = v.images, hsn_code = v.hsn_code, gst_rate_bp = v.gst_rate_bp, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(
        id uuid, slug text, title text, description text, price_paise integer, mrp_paise integer,
        category_id uuid, brand_id uuid, tags text[], images jsonb, hsn_code text, gst_rate_bp integer)
      where p.id = v.id`);
  }
}

/** The ids of products, for a full export walked in id order (keyset pages). */
export async function exportPage(db: Executor, filters: AdminFilters, afterId: string | null, limit: number) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      description: products.description,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      category: categories.title,
      brand: brands.title,
      tags: products.tags,
      quantity: products.quantity,
      images: products.images,
      hsnCode: products.hsnCode,
      gstRateBp: products.gstRateBp,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...adminConditions(filters), afterId ? gt(products.id, afterId) : undefined))
    .orderBy(asc(products.id))
    .limit(limit);
}
