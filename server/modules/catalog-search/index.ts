/**
 * The catalog-search module's door: the engines that answer the storefront's lists, searches and
 * filter panels (the shelf index, decision 023; ProductSearch on PostgreSQL, decision 040; the
 * size filter, decision 042), and the reads of products as lists and product pages show them.
 * catalog's storefront service (its cache, warm-up and answers) uses them from here.
 */

export type { CatalogChange } from './catalog-change.js';
export { facetCounts } from './facet-counts.repository.js';
export { FilterIds } from './filter-ids.js';
export {
  type ProductFilters,
  type ProductListQuery,
  parseProductFilters,
  parseProductListQuery,
} from './product-query.js';
export { createPostgresProductSearch, type ProductSearch } from './product-search.js';
export { countProducts, listProducts } from './product-search.repository.js';
export { createSearchVocabulary } from './search-vocabulary.js';
export { commonestWords } from './search-vocabulary.repository.js';
export { createShelfCards } from './shelf-cards.js';
export { createShelfIndex } from './shelf-index.js';
export {
  type ColorRow,
  findProduct,
  findProductsByIds,
  type ProductRow,
  productLiveHeldUnits,
  productTitlesWithImage,
  productTranslations,
  type RatingRow,
  type ShelfProductRow,
  type ShelfRow,
  shelfPageRows,
  shelfProducts,
  shelfProductsByIds,
  type VariantJson,
} from './shelf-rows.repository.js';
