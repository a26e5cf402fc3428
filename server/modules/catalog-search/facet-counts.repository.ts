/**
 * The filter panel in SQL: how many products on sale each category, brand, tag, stock state and
 * price bound would show, from the kept counts where no filter narrows them; the categories and
 * brands it lists (a search's matches are grouped by product-search.repository.ts).
 */

import { and, eq, type SQL, sql } from 'drizzle-orm';
import { compareSizes } from '../../../shared/catalog.js';
import { type Executor, queryRows } from '../../db/client.js';
import { brands, categories, productFacetCounts, products } from '../../db/schema.js';
import {
  type FacetName,
  filterConditions,
  inTaxonomy,
  onSale,
  type ResolvedFilters,
  tsQuery,
} from './shelf-filters.repository.js';

export type FacetCount = { value: string; count: number };
export type FacetCounts = {
  categories: FacetCount[];
  brands: FacetCount[];
  tags: FacetCount[];
  availability: { inStock: number; outOfStock: number };
  price: { min: number; max: number };
  /** Sizes in stock, counted where the panel offers them (`offersSizes`); in the sizes' own order. */
  sizes?: FacetCount[];
};

/**
 * The panel offers sizes where a shopper looks at categories (a category's sizes, not every size
 * of the whole shop) or has picked a size already (so it can be taken off again).
 */
export const offersSizes = (filters: ResolvedFilters) =>
  filters.categories.length > 0 || (filters.sizes?.length ?? 0) > 0;

/**
 * How many products each size would show, under every filter but the size (a search's text as
 * `match`, resolved by the caller): one pass over the matching products that have sizes.
 */
export async function sizeCounts(db: Executor, filters: ResolvedFilters): Promise<FacetCount[]> {
  const rows = await queryRows<FacetCount>(
    db,
    sql`select s.size as value, count(*)::int as count
        from ${products} cross join unnest(${products.sizes}) as s(size)
        where ${and(...filterConditions(filters, 'size'))} and ${products.sizes} <> '{}'
        group by s.size`,
  );
  return rows.sort((a, b) => compareSizes(a.value, b.value));
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

/** A group of a search's matches (`shop_search_groups`): its category, brand, tags and stock, and its prices. */
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
 * The filter panel in SQL: what the shelf index answers from memory (decision 023), and what
 * answers while it is being read; for a search, the reference that `searchGroups` with
 * `countFacetGroups` (what the product search uses) is tested against in shelf-index.test.ts.
 */
export async function facetCounts(db: Executor, filters: ResolvedFilters): Promise<FacetCounts> {
  const [counts, sizes] = await Promise.all([
    facetCountsOtherThanSize(db, filters),
    offersSizes(filters) ? sizeCounts(db, filters) : [],
  ]);
  return { ...counts, sizes };
}

async function facetCountsOtherThanSize(db: Executor, filters: ResolvedFilters): Promise<FacetCounts> {
  const where = (except: FacetName) => {
    const conditions = filterConditions(filters, except);
    return conditions.length ? sql`where ${and(...conditions)}` : sql``;
  };
  if (!filters.q && !filters.min && !filters.max && !filters.sizes?.length) {
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
          select id, category_id, brand_id, tags, sizes, quantity, price_paise, archived_at from ${products}
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
export function facetCountsMatching(filters: ResolvedFilters, except?: FacetName): SQL {
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
