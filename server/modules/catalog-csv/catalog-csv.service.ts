import type { Readable } from 'node:stream';
import type { ApiImportReport, ExportProductsQuery } from '../../../shared/api/catalog-admin.schemas.js';
import type { AuditActor } from '../audit/index.js';
import { exportPages, exportPagesWithVariants } from '../catalog/index.js';
import type { CatalogCsvDeps } from './catalog-csv-deps.js';
import { productCsvStream } from './product-csv.js';
import { importProductsCsv } from './product-csv-import.js';
import { shopifyCsvStream } from './shopify-export.js';

/**
 * The catalogue in and out as CSV: the shop's own product file (export and import, one row a
 * product), Shopify's product file (export, one row a variant), and Shopify's and WooCommerce's
 * exports read by the import (csv-formats/, foreign-import.ts). The files are read and written
 * here; catalog's door reads and writes the products.
 */
export function createCatalogCsvService(deps: CatalogCsvDeps) {
  const { db, catalog, imageUrls, config } = deps;
  const ctx: CatalogCsvDeps = { db, catalog, imageUrls, config };
  return {
    /** Every product matching the console table's filters, as the shop's CSV or Shopify's. */
    exportCsv(query: ExportProductsQuery): Readable {
      return query.format === 'shopify'
        ? shopifyCsvStream(exportPagesWithVariants(ctx, query))
        : productCsvStream(exportPages(ctx, query));
    },

    /** Every row checked, then all written or none; the kind of file is told by its header. */
    importCsv: (actor: AuditActor, file: Buffer, dryRun: boolean): Promise<ApiImportReport> =>
      importProductsCsv(ctx, actor, file, dryRun),
  };
}

export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>;
