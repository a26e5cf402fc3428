/**
 * A list's filters as SQL: the filters with their search text and names resolved, the conditions
 * they make (each facet's apart, so facet counts can leave their own out), what is on sale, and
 * the columns each sort orders by.
 */

import { eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema.js';
import type { ProductFilters } from './product-query.js';

export const sortColumns = {
  title: sql`lower(${products.title}) collate "C"`,
  price: products.pricePaise,
  createdAt: products.createdAt,
  totalrating: products.totalRating,
  sold: products.sold,
} as const;

/** Which facet a condition belongs to, so facet counts can leave their own facet out. */
export type FacetName = 'brand' | 'category' | 'tags' | 'size' | 'price' | 'availability' | 'q';

/**
 * Filters with the search text resolved: `match` is the to_tsquery text the search service built
 * from `q` (search-terms.ts), undefined when `q` held nothing searchable (then nothing matches).
 */
export type ResolvedFilters = ProductFilters & {
  match?: string;
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
export function inTaxonomy(
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

export const tsQuery = (match: string) => sql`to_tsquery('english', ${match})`;

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
  if (filters.sizes?.length && except !== 'size') {
    conditions.push(sql`${products.sizes} && ${sql.param(filters.sizes)}::text[]`);
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

export function priceConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.min)
    conditions.push((filters.min.inclusive ? gte : gt)(products.pricePaise, filters.min.paise));
  if (filters.max)
    conditions.push((filters.max.inclusive ? lte : lt)(products.pricePaise, filters.max.paise));
  return conditions;
}
