/** The catalog module's door: what other modules, flows and the app may use of it. */

export { catalogRoutes } from './catalog.routes.js';
export type { CatalogService } from './catalog.service.js';
export { createCatalogService } from './catalog.service.js';
export { catalogAdminRoutes } from './catalog-admin.routes.js';
export { createCatalogAdminService } from './catalog-admin.service.js';
// Comparing a product's values, and pictures' stored URLs: what the CSV import plans with (catalog-csv).
export {
  changes,
  type ProductValues,
  type Snapshot,
  sameImages,
  sameList,
  storedUrl,
} from './catalog-admin-context.js';
export { CATALOG_CHANGED_CHANNEL, followCatalogChanges } from './catalog-changes.js';
// Variants' weights and boxes, for delivery charges (shipping).
export { type ParcelFacts, parcelFactsOf, parcelFactsOfProduct } from './parcel-facts.js';
// The pages of products an export writes (catalog-csv).
export {
  countMissingTranslations,
  type ExportRow,
  type ExportRowWithVariants,
  exportPages,
  exportPagesWithVariants,
} from './product-admin-reads.js';
// Products an import creates and updates, inside the importer's transaction (catalog-csv).
export {
  createProducts,
  type ImportedVariantValues,
  type ImportTarget,
  type ProductUpdate,
  productsBySlug,
  saveProductWithVariants,
  updateProducts,
  writeCatalogue,
} from './product-imports.js';
export { productsForPricing } from './product-pricing.js';
export { type ProductTax, productsShowingImage, requireProduct } from './products.js';
export { lockForRating, recomputeRating } from './ratings.js';
export {
  assertAvailable,
  holdStock,
  releaseHolds,
  restockUnits,
  stockLineOf,
  sweepExpiredHolds,
  takeStockForOrder,
} from './stock.js';
export { countStockWarnings, lowestStockProducts } from './stock-levels.js';
// What shoppers waiting for stock wait for, read fresh (restock-alerts).
export { type WatchedProduct, type WatchedVariant, watchedProducts } from './stock-watch.js';
export { taxonomyRoutes } from './taxonomy.routes.js';
export { createTaxonomyService } from './taxonomy.service.js';
// Brands, categories and colours by the names people write; an import's additions.
export {
  addTaxonomyEntry,
  buildLookups,
  type Lookups,
  readTaxonomyNames,
} from './taxonomy-lookups.js';
export { taxonomyTitles } from './taxonomy-refs.js';
// Variants' weights and boxes, for the parcels shipments books.
export { chooseVariant, type SellableVariant, sellableVariants } from './variants.js';
