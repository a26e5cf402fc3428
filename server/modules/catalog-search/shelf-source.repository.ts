/**
 * What the in-memory shelf index reads from the database: every product on sale's facets and
 * ranks in each sort, and the tables' write count that tells whether reading them again is worth it.
 */

import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { facetTaxonomy } from './facet-counts.repository.js';
import { onSale, sortColumns } from './shelf-filters.repository.js';

/**
 * What the in-memory shelf index (shelf-index.ts, decision 023) holds of each product on sale: in
 * A-Z order, with its rank in each of the other sorts (ties by id, as `pageIds` orders them), so the
 * index's pages come out exactly as SQL's (product-search.repository.ts). Categories and brands come in the order the facet
 * queries list them (by title). Products are read first: a category or brand cannot be deleted
 * while a product read here still uses it, and one added afterwards has no product in this read.
 */
export async function shelfIndexSource(db: Executor): Promise<{
  products: {
    id: string;
    categoryId: string;
    brandId: string;
    tags: string[];
    sizes: string[];
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
    sql`select id, category_id as "categoryId", brand_id as "brandId", tags, sizes, quantity > 0 as "inStock",
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
