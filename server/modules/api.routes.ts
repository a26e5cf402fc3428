import type { FastifyInstance } from 'fastify';
import { applyZodSchemas } from '../lib/endpoints.js';
import { limiter } from '../lib/rate-limit.js';
import { apiReferenceRoutes } from '../plugins/api-reference.js';
import { allowCrossOrigin } from '../plugins/cors.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { registerAuth } from './accounts/auth.js';
import type { ApiOptions } from './api-options.js';
import { auditRoutes } from './audit/audit.routes.js';
import { blogRoutes } from './blog/blog.routes.js';
import { blogAdminRoutes } from './blog/blog-admin.routes.js';
import { cartRoutes } from './cart/cart.routes.js';
import { catalogRoutes } from './catalog/catalog.routes.js';
import { catalogAdminRoutes } from './catalog/catalog-admin.routes.js';
import { taxonomyRoutes } from './catalog/taxonomy.routes.js';
import { checkoutRoutes } from './checkout/checkout.routes.js';
import { couponsRoutes } from './coupons/coupons.routes.js';
import { customersAdminRoutes } from './customers/customers-admin.routes.js';
import { dataRightsRoutes } from './data-rights/data-rights.routes.js';
import { dataRightsAdminRoutes } from './data-rights/data-rights-admin.routes.js';
import { enquiriesRoutes } from './enquiries/enquiries.routes.js';
import { enquiriesAdminRoutes } from './enquiries/enquiries-admin.routes.js';
import { grievancesRoutes } from './enquiries/grievances.routes.js';
import { offerEmailsRoutes } from './marketing/offer-emails.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { orderActionsRoutes } from './orders/order-actions.routes.js';
import { ordersRoutes } from './orders/orders.routes.js';
import { ordersAdminRoutes } from './orders/orders-admin.routes.js';
import { taxDocumentsRoutes } from './orders/tax-documents.routes.js';
import { paymentWebhookRoutes } from './payments/payments.routes.js';
import { testGatewayRoutes } from './payments/test-gateway/test-gateway.routes.js';
import { pincodesRoutes } from './pincodes/pincodes.routes.js';
import { reviewsRoutes } from './reviews/reviews.routes.js';
import { staffRoutes } from './staff/staff.routes.js';
import { registerStaffAuth } from './staff/staff-auth.js';
import { wishlistRoutes } from './wishlist/wishlist.routes.js';

export type { ApiOptions };

/**
 * The REST API under /api, one plugin per feature module. Every route, with its request and
 * answer schemas, is listed in the OpenAPI reference (/api/openapi.json, read at /api/docs);
 * where it deliberately differs from the original shop's API is in docs/spec-deviations.md.
 */
export async function apiRoutes(app: FastifyInstance, { config, services }: ApiOptions) {
  // First, so preflights are answered before any route's hooks (auth, rate limits) see them.
  await allowCrossOrigin(app, config.corsOrigins);
  registerAuth(app, services.accounts);
  registerStaffAuth(app, { staff: services.staff, accounts: services.accounts });
  // Outside production an answer off its schema fails loudly, so tests catch the drift.
  applyZodSchemas(app, { strictResponses: !config.isProduction });
  await app.register(apiReferenceRoutes);

  // One budget per address for every password guess at a shopper's or a legacy admin's sign-in:
  // the original admin client's route is no second allowance.
  const loginLimit = limiter(app, 'login-ip', { max: 30, minutes: 15 });
  await app.register(accountsRoutes, {
    accounts: services.accounts,
    contactVerification: services.contactVerification,
    loginLimit,
  });
  await app.register(dataRightsRoutes, {
    dataExport: services.dataExport,
    accountErasure: services.accountErasure,
    marketingConsent: services.marketingConsent,
  });
  await app.register(catalogRoutes, { catalog: services.catalog });
  await app.register(blogRoutes, { blog: services.blog });
  await app.register(enquiriesRoutes, { enquiries: services.enquiries, accounts: services.accounts });
  await app.register(grievancesRoutes, { grievances: services.grievances, accounts: services.accounts });
  await app.register(wishlistRoutes, { wishlist: services.wishlist });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(reviewsRoutes, { reviews: services.reviews });
  await app.register(checkoutRoutes, { checkout: services.checkout });
  await app.register(ordersRoutes, {
    orders: services.orders,
    lifecycle: services.orderLifecycle,
    cashOnDelivery: services.cashOnDelivery,
  });
  // The merchant console (issue 13): staff sign-in, the audit trail, and each module's staff routes.
  await app.register(staffRoutes, { staff: services.staff, loginLimit });
  await app.register(auditRoutes, { audit: services.audit });
  const consoleOptions = { config, services };
  await app.register(catalogAdminRoutes, consoleOptions);
  await app.register(mediaRoutes, consoleOptions);
  await app.register(taxonomyRoutes, consoleOptions);
  await app.register(blogAdminRoutes, consoleOptions);
  await app.register(couponsRoutes, consoleOptions);
  await app.register(customersAdminRoutes, consoleOptions);
  await app.register(dataRightsAdminRoutes, consoleOptions);
  await app.register(offerEmailsRoutes, consoleOptions);
  await app.register(enquiriesAdminRoutes, consoleOptions);
  await app.register(ordersAdminRoutes, consoleOptions);
  await app.register(orderActionsRoutes, consoleOptions);
  await app.register(taxDocumentsRoutes, consoleOptions);
  await app.register(pincodesRoutes, consoleOptions);
  await app.register(paymentWebhookRoutes, { provider: services.provider, settlement: services.settlement });
  if (services.testGateway) {
    await app.register(testGatewayRoutes, {
      gateway: services.testGateway,
      webhookDelayMs: config.testGatewayWebhookDelayMs,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      message: `No API route for ${request.method} ${request.url.split('?')[0]}`,
      requestId: request.id,
    });
  });
}
