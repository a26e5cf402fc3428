import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { applyZodSchemas } from '../lib/endpoints.js';
import { apiReferenceRoutes } from '../plugins/api-reference.js';
import { allowCrossOrigin } from '../plugins/cors.js';
import type { Services } from '../services.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { registerAuth } from './accounts/auth.js';
import { blogRoutes } from './blog/blog.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { enquiriesRoutes } from './enquiries/enquiries.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { paymentWebhookRoutes } from './payments/payments.routes.js';
import { testGatewayRoutes } from './payments/test-gateway/test-gateway.routes.js';
import { reviewsRoutes } from './reviews/reviews.routes.js';
import { wishlistRoutes } from './wishlist/wishlist.routes.js';

export type ApiOptions = { config: Config; services: Services };

/**
 * The REST API under /api, one plugin per feature module. Every route, with its request and
 * answer schemas, is listed in the OpenAPI reference (/api/openapi.json, read at /api/docs);
 * where it deliberately differs from the original shop's API is in docs/spec-deviations.md.
 */
export async function apiRoutes(app: FastifyInstance, { config, services }: ApiOptions) {
  // First, so preflights are answered before any route's hooks (auth, rate limits) see them.
  await allowCrossOrigin(app, config.corsOrigins);
  registerAuth(app, services.accounts);
  // Outside production an answer off its schema fails loudly, so tests catch the drift.
  applyZodSchemas(app, { strictResponses: !config.isProduction });
  await app.register(apiReferenceRoutes);

  await app.register(accountsRoutes, { accounts: services.accounts });
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(blogRoutes, { blog: services.blog });
  await app.register(enquiriesRoutes, { enquiries: services.enquiries });
  await app.register(wishlistRoutes, { wishlist: services.wishlist });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(reviewsRoutes, { reviews: services.reviews });
  await app.register(checkoutRoutes, { checkout: services.checkout });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(paymentWebhookRoutes, { provider: services.provider, settlement: services.settlement });
  if (services.testGateway) {
    await app.register(testGatewayRoutes, {
      gateway: services.testGateway,
      webhookDelayMs: config.testGatewayWebhookDelayMs,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No API route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
