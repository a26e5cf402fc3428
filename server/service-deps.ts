import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ImageUrls } from './lib/image-urls.js';
import type { CatalogService } from './modules/catalog/catalog.service.js';
import type { PaymentProvider } from './modules/payments/payment-provider.js';

/** What the composition root hands the merchant console's services (server/services.ts). */
export type ServiceDeps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  imageUrls: ImageUrls;
  /** The storefront's catalogue: its cache is cleared after every console edit. */
  catalog: CatalogService;
  provider: PaymentProvider;
};
