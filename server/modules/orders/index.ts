/** The orders module's door: what other modules, flows and the app may use of it. */

export type { CashOnDelivery } from './cash-on-delivery.service.js';
export { createCashOnDelivery } from './cash-on-delivery.service.js';
export { lapsedOrderIds } from './cod-confirmations.repository.js';
export { refuseCashOnDelivery, refuseSecondUnconfirmed } from './cod-limits.js';
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
export { deliveryFailedEmail } from './delivery-attempt.emails.js';
export { takeDocumentNumber } from './document-numbers.js';
export { createGstReport } from './gst-report.service.js';
export {
  orderCancelledEmail,
  parcelReturningEmail,
  refundIssuedEmail,
  returnApprovedEmail,
  returnRejectedEmail,
} from './lifecycle.emails.js';
export { orderActionsRoutes } from './order-actions.routes.js';
export type { LifecycleActor, OrderChanges, Work } from './order-changes.js';
export { createOrderChanges, netOfUnits, ORDER_NOT_FOUND, RETURN_NOT_FOUND } from './order-changes.js';
export { queueConfirmation } from './order-confirmation.js';
export { planCancel, planRefund, planReturnRequest, returnDeadline } from './order-lifecycle.js';
export {
  findOrder,
  insertReturn,
  lockReturn,
  markOrderPaid,
  recordPlaced,
  updateReturn,
} from './order-lifecycle.repository.js';
export type { OrderLifecycle } from './order-lifecycle.service.js';
export { createOrderLifecycle, unitsLeftToReturn } from './order-lifecycle.service.js';
export type { OrderUpdate } from './order-messages.js';
export { orderUpdates, queueOrderUpdate } from './order-messages.js';
export { presentCustomerOrders } from './order-presenter.js';
export { taxOrder } from './order-tax.js';
export { type OrderToWrite, writeOrder } from './order-writing.js';
export type { RefundWhy } from './orders.emails.js';
export { paymentRefundEmail, refundWhyText } from './orders.emails.js';
export type { OrderRow } from './orders.repository.js';
export {
  findOrderByCheckout,
  findOrderOfRound,
  insertOrder,
  linesOfOrders,
  orderNumbersOf,
  ordersAwaitingAddressRequest,
  setInvoice,
  updateUnconfirmedAddress,
} from './orders.repository.js';
export { ordersRoutes } from './orders.routes.js';
export type { OrdersService } from './orders.service.js';
export { createOrdersService } from './orders.service.js';
export { ordersAdminRoutes } from './orders-admin.routes.js';
export { createOrdersAdminService } from './orders-admin.service.js';
export { createPlacementAddresses } from './placement-addresses.js';
export { hasBought, ordersPlacedSince, productsWithOrders } from './purchases.repository.js';
export type { Payout, Refunds } from './refunds.service.js';
export { createRefunds } from './refunds.service.js';
export { createSalesDashboardService } from './sales-dashboard.service.js';
export { DOCUMENT_FONTS } from './tax-document-pdf.js';
export { taxDocumentsRoutes } from './tax-documents.routes.js';
export { createTaxDocuments } from './tax-documents.service.js';
