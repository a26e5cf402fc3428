/** The catalog-csv module's door: what other modules, flows and the app may use of it. */

export { catalogCsvRoutes } from './catalog-csv.routes.js';
export { type CatalogCsvService, createCatalogCsvService } from './catalog-csv.service.js';
export { readForeignCatalogue } from './csv-formats/foreign-catalogue.js';
