import type { FastifyInstance } from 'fastify';
import { applyZodSchemas } from '../lib/endpoints.js';
import { limiter } from '../lib/rate-limit.js';
import { apiReferenceRoutes } from '../plugins/api-reference.js';
import { allowCrossOrigin } from '../plugins/cors.js';
import { accountsRoutes, registerAuth } from './accounts/index.js';
import type { ApiOptions } from './api-options.js';
import { auditRoutes } from './audit/index.js';
import { blogAdminRoutes, blogRoutes } from './blog/index.js';
import { cartRoutes } from './cart/index.js';
import { catalogAdminRoutes, catalogRoutes, taxonomyRoutes } from './catalog/index.js';
import { catalogCsvRoutes } from './catalog-csv/index.js';
import { checkoutRoutes } from './checkout/index.js';
import { couponsRoutes } from './coupons/index.js';
import { customersAdminRoutes } from './customers/index.js';
import { dataRightsAdminRoutes, dataRightsRoutes } from './data-rights/index.js';
import { enquiriesAdminRoutes, enquiriesRoutes, grievancesRoutes } from './enquiries/index.js';
import { offerEmailsRoutes } from './marketing/index.js';
import { mediaRoutes } from './media/index.js';
import { messagesAdminRoutes, messageWebhookRoutes } from './messages/index.js';
import { orderActionsRoutes, ordersAdminRoutes, ordersRoutes, taxDocumentsRoutes } from './orders/index.js';
import { paymentWebhookRoutes, testGatewayRoutes } from './payments/index.js';
import { pincodesRoutes } from './pincodes/index.js';
import { remindersRoutes } from './reminders/index.js';
import { restockAdminRoutes, restockAlertsRoutes } from './restock-alerts/index.js';
import { reviewsRoutes } from './reviews/index.js';
import {
  codRemittancesRoutes,
  courierWebhookRoutes,
  myOrderTrackingRoutes,
  pickupsRoutes,
  shipmentsRoutes,
  testCourierRoutes,
} from './shipments/index.js';
import { shippingRoutes } from './shipping/index.js';
import { registerStaffAuth, staffRoutes } from './staff/index.js';
import { wishlistRoutes } from './wishlist/index.js';

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
    channelChoices: services.channelChoices,
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
  await app.register(restockAlertsRoutes, { restockAlerts: services.restockAlerts });
  await app.register(cartRoutes, { cart: services.cart });
  await app.register(reviewsRoutes, { reviews: services.reviews });
  await app.register(checkoutRoutes, { checkout: services.checkout, codPlacement: services.codPlacement });
  await app.register(myOrderTrackingRoutes, {
    tracking: services.orderTracking,
    failedDeliveries: services.failedDeliveries,
  });
  await app.register(ordersRoutes, {
    orders: services.orders,
    lifecycle: services.orderLifecycle,
    cashOnDelivery: services.cashOnDelivery,
    placement: services.placement,
  });
  // The merchant console: staff sign-in, the audit trail, and each module's staff routes.
  await app.register(staffRoutes, { staff: services.staff, loginLimit });
  await app.register(auditRoutes, { audit: services.audit });
  const consoleOptions = { config, services };
  await app.register(catalogAdminRoutes, consoleOptions);
  await app.register(catalogCsvRoutes, consoleOptions);
  await app.register(mediaRoutes, consoleOptions);
  await app.register(taxonomyRoutes, consoleOptions);
  await app.register(blogAdminRoutes, consoleOptions);
  await app.register(couponsRoutes, consoleOptions);
  await app.register(customersAdminRoutes, consoleOptions);
  await app.register(dataRightsAdminRoutes, consoleOptions);
  await app.register(offerEmailsRoutes, consoleOptions);
  await app.register(restockAdminRoutes, { restockAlerts: services.restockAlerts });
  // Price drops and cart reminders: the cart link, the console's view (and the e2e suite's hook).
  await app.register(remindersRoutes, {
    reminders: services.reminders,
    testHook: config.reminders.testHook,
  });
  await app.register(enquiriesAdminRoutes, consoleOptions);
  await app.register(ordersAdminRoutes, consoleOptions);
  await app.register(orderActionsRoutes, consoleOptions);
  await app.register(taxDocumentsRoutes, consoleOptions);
  await app.register(pincodesRoutes, consoleOptions);
  await app.register(shippingRoutes, consoleOptions);
  await app.register(shipmentsRoutes, consoleOptions);
  await app.register(pickupsRoutes, consoleOptions);
  await app.register(codRemittancesRoutes, consoleOptions);
  await app.register(courierWebhookRoutes, {
    courier: services.courier,
    tracking: services.shipmentTracking,
  });
  if (services.testCourier) await app.register(testCourierRoutes, { testCourier: services.testCourier });
  await app.register(messagesAdminRoutes, { messaging: services.messaging });
  await app.register(messageWebhookRoutes, { messaging: services.messaging });
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
