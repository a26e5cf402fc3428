import type { FastifyBaseLogger } from 'fastify';
import type { ApiProduct } from '../shared/api/catalog.schemas.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ImageUrls } from './lib/image-urls.js';
import type { PaymentProvider } from './modules/payments/index.js';

/** What the composition root hands the merchant console's services (server/services.ts). */
export type ServiceDeps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  imageUrls: ImageUrls;
  /**
   * The storefront's catalogue (catalog's CatalogService): its cache is cleared after every console
   * edit. Written out rather than imported: the catalogue's own console services take these deps.
   */
  catalog: {
    invalidate(): void;
    invalidateStock(): void;
    productsByIds(ids: string[], options?: { onSale?: boolean }): Promise<Map<string, ApiProduct>>;
  };
  provider: PaymentProvider;
};
