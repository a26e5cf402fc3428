/**
 * Lists and searches in SQL: a list's page in a sort (what the shelf index does not answer), how
 * many match; a search's page by relevance, its filter panel's groups and the search box's
 * suggestions, through the functions of migration 0025 (decision 040); and the search tiers.
 */

import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, prepareNamed, queryRows } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema.js';
import type { FacetGroupRow } from './facet-counts.repository.js';
import { facetCountsMatching } from './facet-counts.repository.js';
import type { ProductSort } from './product-query.js';
import { devanagariWords } from './search-fold.js';
import { filterConditions, type ResolvedFilters, sortColumns, tsQuery } from './shelf-filters.repository.js';
import { type ShelfRow, type SuggestionCard, shelfColumns } from './shelf-rows.repository.js';

/**
 * Relevance for a search sorted by more than relevance alone: ts_rank weighs a title match over
 * brand, category and description (weights 1.0, 0.4, 0.2, 0.1 for A-D, PostgreSQL's defaults),
 * ranked with the words joined by "or" (ts_rank's per-word sum; the words still all match), as
 * `shop_search_page` ranks (migration 0025); best sellers break ties.
 */
function relevance(match: string): SQL {
  return sql`ts_rank(${products.searchVector}, ${tsQuery(match.replaceAll('&', '|'))})`;
}

export async function listProducts(
  db: Executor,
  filters: ResolvedFilters,
  sort: ProductSort[],
  page: number,
  limit: number,
): Promise<ShelfRow[]> {
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

/** A page's ids in the requested order (a search sorted by a field: among every match). */
export async function pageIdsOf(
  db: Executor,
  filters: ResolvedFilters,
  sort: ProductSort[],
  page: number,
  limit: number,
): Promise<string[]> {
  return (await pageIds(db, filters, sort, page, limit)).map((row) => row.id);
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
  if (!filters.q && !filters.min && !filters.max && !filters.sizes?.length) {
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

/** A search's filters other than its text, as the search functions take them (null: any). */
function filterValues(filters: ResolvedFilters) {
  const resolved = (named: string[], ids: string[] | undefined) => (named.length ? (ids ?? []) : null);
  return {
    brandIds: resolved(filters.brands, filters.brandIds),
    categoryIds: resolved(filters.categories, filters.categoryIds),
    tags: filters.tags.length ? filters.tags : null,
    // Inclusive bounds in paise: prices are whole paise.
    low: filters.min ? filters.min.paise + (filters.min.inclusive ? 0 : 1) : null,
    high: filters.max ? filters.max.paise - (filters.max.inclusive ? 0 : 1) : null,
    availability: filters.availability ?? null,
  };
}

/**
 * The search functions' calls, named statements on PGlite as on PostgreSQL (prepareNamed): parsed
 * once per connection, not on every search; the functions' own statements are planned once too.
 */
function prepareSearches(db: Database) {
  const value = (name: string) => sql.placeholder(name);
  const page = db
    .select({
      ids: sql<string[]>`ids::text[]`,
      total: sql<number>`total`,
      exact: sql<boolean>`exact`,
      chosen: sql<number>`chosen`,
    })
    .from(
      sql`shop_search_page(${value('queries')}::text[], ${value('brandIds')}::uuid[],
            ${value('categoryIds')}::uuid[], ${value('tags')}::text[], ${value('low')}::int,
            ${value('high')}::int, ${value('availability')}::text, ${value('atLeast')}::int,
            ${value('offset')}::int, ${value('limit')}::int)`,
    );
  const groups = db
    .select({
      groups: sql<FacetGroupRow[] | string>`groups`,
      scale: sql<number>`scale`,
      chosen: sql<number>`chosen`,
    })
    .from(
      sql`shop_search_groups(${value('queries')}::text[], ${value('low')}::int, ${value('high')}::int,
            ${value('atLeast')}::int)`,
    );
  const suggest = db
    .select({
      id: sql<string>`id`,
      slug: sql<string>`slug`,
      title: sql<string>`title`,
      brand: sql<string>`brand`,
      category: sql<string>`category`,
      pricePaise: sql<number>`"pricePaise"`,
      image: sql<string | null>`image`,
    })
    .from(sql`shop_suggest(${value('text')}::text, ${value('limit')}::int)`);
  return {
    page: prepareNamed(db, page, 'shop_search_page'),
    groups: prepareNamed(db, groups, 'shop_search_groups'),
    suggest: prepareNamed(db, suggest, 'shop_suggest'),
  };
}
const searchStatements = new WeakMap<Database, ReturnType<typeof prepareSearches>>();
function searches(db: Database) {
  let prepared = searchStatements.get(db);
  if (!prepared) {
    prepared = prepareSearches(db);
    searchStatements.set(db, prepared);
  }
  return prepared;
}

/**
 * A search's page by relevance (`shop_search_page`, migration 0025): `queries` are to_tsquery
 * texts tried in order until one matches a product on sale (`chosen`, from 0); the page is ranked
 * among the best sellers' matches when at least `atLeast` pass the filters there, else among more.
 */
export async function searchPage(
  db: Database,
  queries: string[],
  filters: ResolvedFilters,
  window: { atLeast: number; offset: number; limit: number },
): Promise<{ ids: string[]; total: number; exact: boolean; chosen: number }> {
  const [row] = await searches(db).page.execute({ queries, ...filterValues(filters), ...window });
  return {
    ids: row?.ids ?? [],
    total: Number(row?.total ?? 0),
    exact: row?.exact ?? true,
    chosen: Math.max(0, Number(row?.chosen ?? 1) - 1),
  };
}

/**
 * A search's matches grouped for the filter panel (`shop_search_groups`): from the best sellers'
 * matches when at least `atLeast` match there, each group's count then multiplied by `scale`.
 */
export async function searchGroups(
  db: Database,
  queries: string[],
  filters: ResolvedFilters,
  atLeast: number,
): Promise<{ groups: FacetGroupRow[]; scale: number; chosen: number }> {
  const { low, high } = filterValues(filters);
  const [row] = await searches(db).groups.execute({ queries, low, high, atLeast });
  const groups = typeof row?.groups === 'string' ? JSON.parse(row.groups) : (row?.groups ?? []);
  return { groups, scale: Number(row?.scale ?? 1), chosen: Math.max(0, Number(row?.chosen ?? 1) - 1) };
}

/** The search box's suggestions for a lower-cased text, best first (`shop_suggest`). */
export async function suggestions(db: Database, text: string, limit: number): Promise<SuggestionCard[]> {
  const rows = await searches(db).suggest.execute({ text, limit });
  return rows.map((row) => ({ ...row, pricePaise: Number(row.pricePaise) }));
}

/** Brands with a Hindi name: their English name lower-cased, the Hindi one folded (decision 051). */
export async function hindiBrandNames(db: Executor): Promise<{ english: string; hindi: string }[]> {
  const rows = await queryRows<{ english: string; hindi: string }>(
    db,
    sql`select lower(title) as english, translations->'hi'->>'title' as hindi from ${brands}
        where coalesce(translations->'hi'->>'title', '') <> '' order by title`,
  );
  return rows
    .map((row) => ({ english: row.english, hindi: devanagariWords(row.hindi).join(' ') }))
    .filter((row) => row.hindi !== '');
}

/**
 * The search tiers' sizes (decision 040), counted from the best seller: tier 0 the best-selling
 * 2,000 products on sale, tier 1 the best 8,000 but those, tier 2 the best 30,000 but those, tier 3
 * the rest. A search reads tier 0's matches, then tiers 0-1's, and so on, until enough match: a
 * common word ("camera", a quarter of the catalogue) stops at tier 0 with some 500, a rarer one
 * ("iphone", 2%) at tier 1 with some 160. Sizes, not shares, so a broad search reads as much at
 * a million products as at 100,000.
 */
const TIERS_UP_TO = [2_000, 8_000, 30_000];
/** Products whose tier moved are written this many at a time: no long lock on any of them. */
const TIER_WRITES = 500;

/**
 * Sets each product's search tier from its sales and counts the tiers (`search_tiers`); only the
 * products whose tier moved are written, in short statements, so orders taking stock never wait
 * long on them. `upTo` for a test of a small catalogue's tiers.
 */
export async function refreshSearchTiers(db: Executor, upTo: number[] = TIERS_UP_TO): Promise<void> {
  const [t0, t1, t2] = upTo;
  const moved = await queryRows<{ id: string; tier: number }>(
    db,
    sql`select id, tier from (
          select id, search_tier,
            case when row_number() over w <= ${t0} then 0 when row_number() over w <= ${t1} then 1
                 when row_number() over w <= ${t2} then 2 else 3 end as tier
          from ${products} where archived_at is null
          window w as (order by sold desc, id)
        ) ranked
        where search_tier <> tier`,
  );
  for (let from = 0; from < moved.length; from += TIER_WRITES) {
    const batch = moved.slice(from, from + TIER_WRITES);
    await db.execute(
      sql`update ${products} p set search_tier = m.tier
          from unnest(${sql.param(batch.map((m) => m.id))}::uuid[],
                      ${sql.param(batch.map((m) => String(m.tier)))}::smallint[]) as m(id, tier)
          where p.id = m.id`,
    );
  }
  await db.execute(
    sql`insert into search_tiers (tier, products)
        select t.tier, count(p.id)::int
        from generate_series(0, 3) as t(tier)
        left join ${products} p on p.search_tier = t.tier and p.archived_at is null
        group by t.tier
        on conflict (tier) do update set products = excluded.products`,
  );
}
