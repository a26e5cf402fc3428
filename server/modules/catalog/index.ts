/** The catalog module's door: what other modules, flows and the app may use of it. */

export { catalogRoutes } from './catalog.routes.js';
export type { CatalogService } from './catalog.service.js';
export { createCatalogService } from './catalog.service.js';
export { catalogAdminRoutes } from './catalog-admin.routes.js';
export { createCatalogAdminService } from './catalog-admin.service.js';
export { followCatalogChanges } from './catalog-changes.js';
export { readForeignCatalogue } from './csv-formats/foreign-catalogue.js';
export { productsForPricing } from './product-pricing.js';
export { productsShowingImage, productTaxes, requireProduct } from './products.js';
export { lockForRating, recomputeRating } from './ratings.js';
export {
  assertAvailable,
  holdStock,
  lockShopperCheckouts,
  releaseHolds,
  restockUnits,
  stockLineOf,
  sweepExpiredHolds,
  takeStockForCheckout,
} from './stock.js';
export { countStockWarnings, lowestStockProducts } from './stock-levels.js';
export { taxonomyRoutes } from './taxonomy.routes.js';
export { createTaxonomyService } from './taxonomy.service.js';
export { taxonomyTitles } from './taxonomy-refs.js';
export { chooseVariant, type SellableVariant, sellableVariants } from './variants.js';
