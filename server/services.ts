import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, ReadHandle } from './db/client.js';
import { createFailedDeliveries } from './flows/answer-failed-delivery.js';
import { createOrderCancellation } from './flows/cancel-order.js';
import { createOrderStatusChange } from './flows/change-order-status.js';
import { createAccountErasure } from './flows/erase-account.js';
import { createCodLapse } from './flows/lapse-cod-order.js';
import { createCashOnDeliveryPlacement } from './flows/place-cod-order.js';
import { createOrderPlacement, type OrderPlacement } from './flows/place-order.js';
import { createPickupManifests } from './flows/print-pickup-manifest.js';
import { createShipmentLabels } from './flows/print-shipment-labels.js';
import { createLiveDeliveryQuote } from './flows/quote-live-delivery.js';
import { createRtoReceiving } from './flows/receive-rto.js';
import { createShipmentReconciliation } from './flows/reconcile-shipments.js';
import { createOrderRefund } from './flows/refund-order.js';
import { createCodRemittances } from './flows/remit-cod.js';
import { createOrderReturns } from './flows/return-order.js';
import { createPickupScheduling } from './flows/schedule-pickup.js';
import { createPaymentSettlement } from './flows/settle-payment.js';
import { createOrderShipping } from './flows/ship-order.js';
import { createOrderTracking } from './flows/track-my-order.js';
import { createShipmentTracking } from './flows/track-shipment.js';
import { createImageUrls } from './lib/image-urls.js';
import { createMailer } from './lib/mailer.js';
import { countingMailer, type ShopMetrics } from './lib/metrics.js';
import {
  createAccountsService,
  createChannelChoices,
  createContactVerification,
  createSignInThrottle,
  customerContact,
  emailCodeSender,
  type OneTimeCodeSender,
} from './modules/accounts/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createBlogAdminService, createBlogService } from './modules/blog/index.js';
import { createCartService } from './modules/cart/index.js';
import {
  type CatalogService,
  createCatalogAdminService,
  createCatalogService,
  createTaxonomyService,
} from './modules/catalog/index.js';
import { createCatalogCsvService } from './modules/catalog-csv/index.js';
import { type CheckoutService, createCheckoutService } from './modules/checkout/index.js';
import { createCouponsService } from './modules/coupons/index.js';
import { createCustomersAdminService } from './modules/customers/index.js';
import { createDataExport, createMarketingConsent } from './modules/data-rights/index.js';
import { createEmailOutbox, queueEmail } from './modules/email-outbox/index.js';
import {
  createEnquiriesAdminService,
  createEnquiriesService,
  createGrievancesService,
} from './modules/enquiries/index.js';
import { createOfferEmails } from './modules/marketing/index.js';
import { createMediaService } from './modules/media/index.js';
import { createMessaging, smsCodeSender } from './modules/messages/index.js';
import {
  createCashOnDelivery,
  createGstReport,
  createOrderChanges,
  createOrderLifecycle,
  createOrdersAdminService,
  createOrdersService,
  createRefunds,
  createSalesDashboardService,
  createTaxDocuments,
  orderUpdates,
  productsWithOrders,
  queueOrderUpdate,
  refundIssuedEmail,
} from './modules/orders/index.js';
import { selectPaymentProvider } from './modules/payments/index.js';
import { createPincodesService } from './modules/pincodes/index.js';
import { createReminders } from './modules/reminders/index.js';
import { createRestockAlerts } from './modules/restock-alerts/index.js';
import { createReviewsService } from './modules/reviews/index.js';
import { createSitemapService } from './modules/seo/index.js';
import { parcelEndsSince, selectCourierProvider } from './modules/shipments/index.js';
import {
  createShippingService,
  createShippingSettings,
  type ShippingService,
} from './modules/shipping/index.js';
import { createStaffService } from './modules/staff/index.js';
import { createWishlistService } from './modules/wishlist/index.js';
import type { ServiceDeps } from './service-deps.js';

/**
 * After payment: refunds exactly once, the order's own changes, the flows that cross modules
 * (cancel, refund, return, the original clients' status change, cash on delivery placed, lapsed),
 * made of the same parts.
 */
function createAfterPayment(deps: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  metrics?: ShopMetrics | undefined;
  consoleDeps: ServiceDeps;
  checkout: CheckoutService;
  placement: OrderPlacement;
  codeSender: OneTimeCodeSender;
  shipping: ShippingService;
  couriers: ReturnType<typeof selectCourierProvider>;
}) {
  const { config, db, log, metrics, consoleDeps, checkout, placement, codeSender, shipping } = deps;
  const { catalog, provider } = consoleDeps;
  // Refunds exactly once, and the order lifecycle built on them.
  const refunds = createRefunds({
    db,
    provider,
    log,
    onSettled: (refund) => metrics?.refunds.inc({ status: refund.status, method: refund.method }),
    // The customer's e-mail (and SMS, WhatsApp), in the transaction that settles the refund.
    inSettlement: async (tx, refund, order) => {
      if (refund.status !== 'processed') return;
      const contact = await customerContact(tx, order.userId);
      if (!contact) return;
      await queueEmail(
        tx,
        refundIssuedEmail({
          to: contact.email,
          firstname: contact.firstname,
          orderNumber: order.orderNumber,
          amountPaise: refund.amountPaise,
          reference: refund.providerRefundId ?? refund.payoutReference,
          orderUrl: `${config.publicUrl}/my-orders/${order.id}`,
          paidOutBy: refund.method === 'upi' || refund.method === 'bank_transfer' ? refund.method : undefined,
          locale: contact.language,
        }),
        'refund issued',
      );
      await queueOrderUpdate(tx, order, orderUpdates.refundIssued(order, refund), config.publicUrl);
    },
  });
  const orderChanges = createOrderChanges({ ...consoleDeps, refunds });
  const lifecycle = createOrderLifecycle({ ...consoleDeps, changes: orderChanges });
  const cancellation = createOrderCancellation({ changes: orderChanges, refunds, lifecycle });
  const orderLifecycle = {
    ...lifecycle,
    ...cancellation,
    ...createOrderRefund({ changes: orderChanges, refunds }),
    ...createOrderReturns({
      changes: orderChanges,
      refunds,
      lifecycle,
      returnWindowDays: config.returnWindowDays,
    }),
    ...createOrderStatusChange({ db, changes: orderChanges, lifecycle, cancellation }),
  };
  // Cash on delivery, confirmed with a one-time code (by e-mail; an SMS sender would
  // implement the same OneTimeCodeSender).
  const cashOnDelivery = {
    ...createCashOnDelivery({
      db,
      lifecycle,
      sender: codeSender,
      confirmMinutes: config.cashOnDelivery.confirmMinutes,
      publicUrl: config.publicUrl,
    }),
    ...createCodLapse({ db, cancellation }),
  };
  const codPlacement = createCashOnDeliveryPlacement({
    db,
    checkout,
    cashOnDelivery,
    lifecycle: orderLifecycle,
    placement,
    catalog,
    maxOutstandingPaise: config.cashOnDelivery.maxOrderPaise,
    seller: config.seller,
    log,
    metrics,
  });
  // Parcels through the courier provider: booked, labelled, cancelled, tracked (decision 044).
  const { courier, testCourier } = deps.couriers;
  const orderShipping = {
    ...createOrderShipping({
      db,
      changes: orderChanges,
      lifecycle,
      courier,
      courierRule: config.shipping.courierRule,
      seller: config.seller,
      shipping,
    }),
    ...createShipmentLabels({ db, seller: config.seller, shipping }),
  };
  // Pickups of booked parcels on a day, and their manifests (decision 048).
  const pickups = {
    ...createPickupScheduling({ db, courier }),
    ...createPickupManifests({ db, seller: config.seller, shipping }),
  };
  const shipmentTracking = createShipmentTracking({ db, courier, lifecycle, changes: orderChanges, log });
  // Bookings whose answer was lost asked again, quiet parcels' tracking polled (app.ts schedules it).
  const shipmentReconciliation = createShipmentReconciliation({
    db,
    courier,
    lifecycle,
    seller: config.seller,
    shipping,
    tracking: shipmentTracking,
    log,
  });
  const orderTracking = createOrderTracking({ db });
  // Failed deliveries (NDRs): the customer's answer and the staff's queue (decision 046).
  const failedDeliveries = createFailedDeliveries({
    db,
    changes: orderChanges,
    courier,
    tracking: orderTracking,
  });
  // Parcels returned to origin received back (money settled once), and the courier's COD remittances.
  const rtoReceiving = createRtoReceiving({ db, changes: orderChanges, refunds, lifecycle });
  const codRemittances = createCodRemittances({ db, changes: orderChanges, lifecycle, courier });
  return {
    refunds,
    orderLifecycle,
    cashOnDelivery,
    codPlacement,
    courier,
    testCourier,
    orderShipping,
    pickups,
    shipmentTracking,
    shipmentReconciliation,
    orderTracking,
    failedDeliveries,
    rtoReceiving,
    codRemittances,
  };
}

/**
 * Delivery charges and dates: flat (DELIVERY_FEE), by the rate card, or by the courier provider's
 * live quote (asked through a flow, so shipping never imports shipments), as the shop's settings
 * say; saving them makes the next quote ask the provider afresh.
 */
function createDelivery(deps: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  couriers: ReturnType<typeof selectCourierProvider>;
}) {
  const { config, db } = deps;
  const shipping = createShippingService({
    db,
    flat: config.delivery,
    sellerState: config.seller.state,
    codMaxOrderPaise: config.cashOnDelivery.maxOrderPaise,
    liveRate: createLiveDeliveryQuote({
      courier: deps.couriers.courier,
      courierRule: config.shipping.courierRule,
    }),
    liveTimeoutMs: config.shipping.liveRateTimeoutMs,
    log: deps.log,
  });
  const shippingSettings = createShippingSettings({
    db,
    flat: config.delivery,
    onSaved: () => shipping.forgetLiveRates(),
  });
  return { shipping, shippingSettings };
}

/** Price drops on wishlisted items and cart reminders, within the offers' rules (decision 057). */
function createOfferReminders(config: Config, db: Database, catalog: CatalogService) {
  return createReminders({
    db,
    catalog,
    publicUrl: config.publicUrl,
    maxPerDay: config.reminders.maxPerDay,
    cartReminderMinutes: config.reminders.cartReminderMinutes,
  });
}

/**
 * SMS and WhatsApp: the outbox's worker and providers (decision 054; app.ts starts and stops the
 * worker), and one-time codes by SMS when an SMS provider is set (the test one included), else by
 * e-mail.
 */
function createMessagingAndCodes(deps: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  metrics?: ShopMetrics | undefined;
}) {
  const { config } = deps;
  const messaging = createMessaging({ ...deps, settings: config.messages, outboxDir: config.outboxDir });
  const codeSender: OneTimeCodeSender = messaging.smsEnabled ? smsCodeSender() : emailCodeSender();
  return { messaging, codeSender };
}

/**
 * The mailer and the e-mail outbox: every e-mail is written to the outbox in the transaction that
 * causes it, and its worker sends them (decision 019). app.ts starts it and stops it on close.
 */
function createEmail(deps: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  metrics?: ShopMetrics | undefined;
}) {
  const { config, db, log, metrics } = deps;
  const mailer = countingMailer(
    createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, log }),
    metrics,
  );
  const emailOutbox = createEmailOutbox({ db, mailer, log, metrics, settings: config.emailOutbox });
  metrics?.observeOutbox(emailOutbox.stats);
  return { mailer, emailOutbox };
}

/**
 * The composition root: every service, built once from config and the database. Routes receive
 * the services they need; tests and ops scripts reach them through `app.services`.
 */
export async function createServices(deps: {
  config: Config;
  db: Database;
  /**
   * Where the storefront's read-only queries go (catalogue, blog, sitemap): read replicas when
   * DATABASE_READ_URLS is set (decision 032), else `db`.
   */
  reads?: ReadHandle;
  log: FastifyBaseLogger;
  metrics?: ShopMetrics;
}) {
  const { config, db, log, metrics } = deps;
  const reads = deps.reads ?? { db, fence() {} };
  const { mailer, emailOutbox } = createEmail({ config, db, log, metrics });
  const imageUrls = createImageUrls({ publicUrl: config.publicUrl, mediaUrl: config.mediaUrl });
  const catalog = createCatalogService(db, {
    cacheSeconds: config.catalogCacheSeconds,
    listCardSeconds: config.listCardSeconds,
    imageUrls,
    log,
    reads,
  });
  const { provider, testGateway } = await selectPaymentProvider(config, db);
  const couriers = selectCourierProvider(config);
  const { shipping, shippingSettings } = createDelivery({ config, db, log, couriers });
  const checkout = createCheckoutService({
    db,
    provider,
    shipping,
    holdMinutes: config.checkoutHoldMinutes,
    delivery: config.delivery,
    sellerState: config.seller.state,
    cashOnDelivery: config.cashOnDelivery,
  });
  // Placing an order from a paid checkout: a flow across checkout, catalog, cart, coupons, orders
  // and payments (server/flows/place-order.ts).
  const placement = createOrderPlacement({
    db,
    provider,
    catalog,
    checkout,
    publicUrl: config.publicUrl,
    delivery: config.delivery,
    seller: config.seller,
    log,
    metrics,
  });
  // The merchant console: one service per module, each from the same dependencies.
  const consoleDeps: ServiceDeps = { db, config, log, imageUrls, catalog, provider };
  const { messaging, codeSender } = createMessagingAndCodes({ config, db, log, metrics });
  const afterPayment = createAfterPayment({
    ...deps,
    consoleDeps,
    checkout,
    placement,
    codeSender,
    shipping,
    couriers,
  });
  const { refunds, orderLifecycle } = afterPayment;
  const orders = createOrdersService({ db, catalog });
  const cart = createCartService({ db, catalog });
  const wishlist = createWishlistService({ db, catalog });
  const reminders = createOfferReminders(config, db, catalog);
  // Shoppers' and staff's sign-ins are throttled per (account, address) alike.
  const signInThrottle = createSignInThrottle({ db });
  // E-mail links and mobile codes that prove a customer's addresses (decision 029); mobile codes go
  // through the same one-time-code sender as cash-on-delivery codes.
  const contactVerification = createContactVerification({
    db,
    publicUrl: config.publicUrl,
    codeSender: codeSender,
  });
  return {
    mailer,
    emailOutbox,
    messaging,
    accounts: createAccountsService({
      db,
      emailOutbox,
      publicUrl: config.publicUrl,
      signInThrottle,
      contactVerification,
    }),
    contactVerification,
    // Where the shop writes to the customer: SMS and WhatsApp switches beside e-mail.
    channelChoices: createChannelChoices({ db }),
    catalog,
    blog: createBlogService(reads.db, { imageUrls }),
    enquiries: createEnquiriesService(db),
    // Complaints and data-rights requests, into the same inbox with ticket numbers.
    grievances: createGrievancesService({ db, publicUrl: config.publicUrl }),
    wishlist,
    // "Notify me" when a sold-out product or size is back (decision 056); app.ts runs its passes.
    restockAlerts: createRestockAlerts({ db, publicUrl: config.publicUrl }),
    cart,
    // The customer's right of access.
    dataExport: createDataExport({ db, orders, cart, wishlist }),
    // The right to erasure (on request, and of accounts unused for the configured period),
    // and the marketing consent with its one-click withdrawal.
    accountErasure: createAccountErasure({
      db,
      publicUrl: config.publicUrl,
      onReviewerRenamed: () => catalog.invalidate(),
      inactiveAfterDays: config.inactiveAccountEraseDays,
    }),
    marketingConsent: createMarketingConsent({ db }),
    offerEmails: createOfferEmails({ db, publicUrl: config.publicUrl }),
    reminders,
    reviews: createReviewsService({ db, catalog }),
    provider,
    testGateway,
    checkout,
    placement,
    orders,
    settlement: createPaymentSettlement({ db, provider, placement, log, refunds, metrics }),
    // Refunds, the order lifecycle, cash on delivery, and shipping's couriers, parcels and tracking.
    ...afterPayment,
    sitemap: createSitemapService(reads.db, config.publicUrl),
    staff: createStaffService({ db, publicUrl: config.publicUrl, signInThrottle }),
    audit: createAuditService(db),
    catalogAdmin: createCatalogAdminService({ ...consoleDeps, productsWithOrders }),
    catalogCsv: createCatalogCsvService(consoleDeps),
    media: createMediaService(consoleDeps),
    taxonomy: createTaxonomyService(consoleDeps),
    blogAdmin: createBlogAdminService(consoleDeps),
    coupons: createCouponsService(consoleDeps),
    customersAdmin: createCustomersAdminService(consoleDeps),
    enquiriesAdmin: createEnquiriesAdminService(consoleDeps),
    ordersAdmin: createOrdersAdminService({ ...consoleDeps, lifecycle: orderLifecycle }),
    salesDashboard: createSalesDashboardService({
      ...consoleDeps,
      parcelEnds: (since) => parcelEndsSince(db, since),
      // Reminders use orders (to see who bought): the composition root hands their figures over.
      reminderFigures: (since) => reminders.figures(since),
    }),
    // Tax invoices and credit notes as PDFs, and the monthly GST summary.
    taxDocuments: createTaxDocuments({ db, seller: config.seller }),
    gstReport: createGstReport({ db, seller: config.seller }),
    // Where the shop delivers.
    pincodes: createPincodesService({ db }),
    shipping,
    shippingSettings,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
