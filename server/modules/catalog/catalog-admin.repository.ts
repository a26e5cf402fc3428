import { and, asc, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminProductSort } from '../../../shared/api/catalog-admin.schemas.js';
import { LOW_STOCK_MAX } from '../../../shared/api/catalog-admin.schemas.js';
import { translatedLocales } from '../../../shared/locales.js';
import type { TranslatedLocale } from '../../../shared/translations.js';
import type { Executor } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { brands, categories, type ImageRef, products } from '../../db/schema.js';

/**
 * The console's product table in SQL: filters that use the indexes of migration 0010 and the
 * storefront's, the list, search and count, and the export's pages. One product's reads and the
 * writes are in product-writes.repository.ts.
 */

export type AdminFilters = {
  q?: string | undefined;
  categoryId?: string | undefined;
  brandId?: string | undefined;
  stock?: 'in' | 'low' | 'out' | undefined;
  tags?: string[] | undefined;
  archived?: 'active' | 'archived' | 'all' | undefined;
  missingTranslation?: TranslatedLocale | undefined;
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
  /** Languages its title, or its description (when it has one), is not yet in. */
  missingTranslations: string[];
};

/**
 * A product not yet in language `code`: no title in it, or an English description and none in
 * it. Not indexed: the console's filter and the dashboard's count read at most ten thousand.
 */
function missingTranslation(code: TranslatedLocale, table = sql`${products}`): SQL {
  const field = (name: string) => sql`coalesce(btrim(${table}.translations -> ${code} ->> ${name}), '')`;
  return sql`(${field('title')} = '' or (${table}.description <> '' and ${field('description')} = ''))`;
}

/** The codes of the languages a product is missing, as an array column. */
function missingTranslationsColumn(table = sql`${products}`): SQL<string[]> {
  const cases = translatedLocales.map(
    (code) => sql`case when ${missingTranslation(code, table)} then ${code}::text end`,
  );
  return sql<string[]>`array_remove(array[${sql.join(cases, sql`, `)}]::text[], null)`;
}

export function escapeLike(text: string): string {
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
  if (filters.missingTranslation) conditions.push(missingTranslation(filters.missingTranslation));
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
      missingTranslations: missingTranslationsColumn().as('missing_translations'),
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
      missingTranslations: pageRows.missingTranslations,
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
    missing_translations: string[];
  };
  const found = await queryRows<Row>(
    db,
    sql`
      with matches as materialized (
        select id, slug, title, price_paise, mrp_paise, brand_id, category_id, tags, quantity, sold,
          images -> 0 as image, archived_at, created_at, updated_at, lower(title) collate "C" as sort_title,
          ${missingTranslationsColumn()} as missing_translations
        from ${products}
        where ${and(...adminConditions(filters))}
        limit ${cap + 1}
      ),
      counted as (select count(*)::int as total from matches),
      page as (select * from matches m order by ${order} limit ${limit} offset ${(page - 1) * limit})
      select counted.total, m.id, m.slug, m.title, m.price_paise, m.mrp_paise, m.brand_id, b.title as brand,
        m.category_id, c.title as category, m.tags, m.quantity, m.sold, m.image, m.archived_at,
        m.created_at, m.updated_at, m.missing_translations
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
        missingTranslations: row.missing_translations ?? [],
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
      translations: products.translations,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...adminConditions(filters), afterId ? gt(products.id, afterId) : undefined))
    .orderBy(asc(products.id))
    .limit(limit);
}
