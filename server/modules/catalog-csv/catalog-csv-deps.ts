import type { ServiceDeps } from '../../service-deps.js';

/** What the product imports and exports run with, from the composition root (server/services.ts). */
export type CatalogCsvDeps = Pick<ServiceDeps, 'db' | 'catalog' | 'imageUrls' | 'config'>;
