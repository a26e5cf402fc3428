import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createImageUrls } from './lib/image-urls.js';
import { createMailQueue } from './lib/mail-queue.js';
import { createMailer } from './lib/mailer.js';
import { createAccountsService } from './modules/accounts/accounts.service.js';
import { createBlogService } from './modules/blog/blog.service.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createCheckoutService } from './modules/checkout/checkout.service.js';
import { createEnquiriesService } from './modules/enquiries/enquiries.service.js';
import { createOrderPlacement } from './modules/orders/order-placement.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createPaymentSettlement } from './modules/payments/payment-settlement.js';
import { selectPaymentProvider } from './modules/payments/select-provider.js';
import { createReviewsService } from './modules/reviews/reviews.service.js';
import { createSitemapService } from './modules/seo/sitemap.service.js';
import { createWishlistService } from './modules/wishlist/wishlist.service.js';

/**
 * The composition root: every service, built once from config and the database. Routes receive
 * the services they need; tests and ops scripts reach them through `app.services`.
 */
export async function createServices(deps: { config: Config; db: Database; log: FastifyBaseLogger }) {
  const { config, db, log } = deps;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, log });
  // Sent after the response; app.ts drains it on close.
  const mailQueue = createMailQueue({ mailer, log });
  const imageUrls = createImageUrls({ publicUrl: config.publicUrl, mediaUrl: config.mediaUrl });
  const catalog = createCatalogService(db, { cacheSeconds: config.catalogCacheSeconds, imageUrls });
  const { provider, testGateway } = await selectPaymentProvider(config, db);
  const placement = createOrderPlacement({ db, provider, mailer, catalog, publicUrl: config.publicUrl, log });
  const checkout = createCheckoutService({ db, provider, holdMinutes: config.checkoutHoldMinutes });
  return {
    mailer,
    mailQueue,
    accounts: createAccountsService({ db, mailQueue, publicUrl: config.publicUrl }),
    catalog,
    blog: createBlogService(db, { imageUrls }),
    enquiries: createEnquiriesService(db),
    wishlist: createWishlistService({ db, catalog }),
    cart: createCartService({ db, catalog }),
    reviews: createReviewsService({ db, catalog }),
    provider,
    testGateway,
    checkout,
    placement,
    orders: createOrdersService({ db, provider, catalog, checkout, placement }),
    settlement: createPaymentSettlement({ db, provider, placement, log }),
    sitemap: createSitemapService(db, config.publicUrl),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
