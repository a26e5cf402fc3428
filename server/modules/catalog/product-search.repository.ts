/**
 * Lists and searches in SQL, for what the in-memory indexes do not answer: a page of products in a
 * sort or by relevance (ts_rank, as the text index ranks), how many match, whether any does, and
 * a search's text as `to_tsquery` parses it.
 */

import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema.js';
import { facetCountsMatching } from './facet-counts.repository.js';
import type { ProductSort } from './product-query.js';
import {
  filterConditions,
  onSale,
  type ResolvedFilters,
  sortColumns,
  tsQuery,
} from './shelf-filters.repository.js';
import { type ShelfRow, shelfColumns, shelfProductsByIds } from './shelf-rows.repository.js';

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
