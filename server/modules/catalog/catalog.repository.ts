/**
 * The catalogue's SQL on products, their brands, categories, colours and ratings. This file is
 * its face for the rest of the module (`import * as repository`) and holds the row locks and
 * writes of ratings; the reads are in the files it re-exports from:
 *   shelf-filters.repository.ts   a list's filters and sorts as SQL conditions and columns
 *   facet-counts.repository.ts    the filter panel's counts, and a search's matches grouped
 *   shelf-rows.repository.ts      products as lists, product pages and suggestions show them
 *   product-search.repository.ts  pages and counts in SQL (what memory does not answer), searches
 *   shelf-source.repository.ts    what the in-memory shelf index reads
 */

import { eq, sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../db/client.js';
import { products, ratings } from '../../db/schema.js';

export {
  compactFacetCounts,
  type FacetCount,
  type FacetCounts,
  type FacetGroupRow,
  facetCounts,
  facetTaxonomy,
  offersSizes,
  sizeCounts,
} from './facet-counts.repository.js';
export {
  countProducts,
  listProducts,
  pageIdsOf,
  refreshSearchTiers,
  searchGroups,
  searchPage,
  suggestions,
} from './product-search.repository.js';
export {
  type FacetName,
  filterConditions,
  onSale,
  type ResolvedFilters,
  taxonomyIds,
} from './shelf-filters.repository.js';
export {
  type ColorRow,
  findProduct,
  findProductsByIds,
  type ProductRow,
  productTitlesWithImage,
  type RatingRow,
  type ShelfProductRow,
  type ShelfRow,
  type SuggestionCard,
  shelfPageRows,
  shelfProducts,
  shelfProductsByIds,
} from './shelf-rows.repository.js';
export { shelfIndexSource, shelfWrites } from './shelf-source.repository.js';

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
