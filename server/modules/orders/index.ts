/** The orders module's door: what other modules, flows and the app may use of it. */
export { createCashOnDelivery } from './cash-on-delivery.service.js';
export {
  eraseExpiredOrderRecords,
  eraseOrderEventNames,
  eraseOrderPersonalData,
  invoicedOrderCount,
  orderHistoryOf,
  ordersBlockingErasure,
  purchaseSummaries,
  recentOrdersOf,
} from './customer-orders.js';
export { createGstReport } from './gst-report.service.js';
export { refundIssuedEmail } from './lifecycle.emails.js';
export { orderActionsRoutes } from './order-actions.routes.js';
export { markOrderPaid } from './order-lifecycle.repository.js';
export { createOrderLifecycle } from './order-lifecycle.service.js';
export type { OrderPlacement } from './order-placement.js';
export { createOrderPlacement } from './order-placement.js';
export { ordersRoutes } from './orders.routes.js';
export type { OrdersService } from './orders.service.js';
export { createOrdersService } from './orders.service.js';
export { ordersAdminRoutes } from './orders-admin.routes.js';
export { createOrdersAdminService } from './orders-admin.service.js';
export { hasBought, productsWithOrders } from './purchases.js';
export { createRefunds } from './refunds.service.js';
export { createSalesDashboardService } from './sales-dashboard.service.js';
export { taxDocumentsRoutes } from './tax-documents.routes.js';
export { createTaxDocuments } from './tax-documents.service.js';
