/** The checkout module's door: what other modules, flows and the app may use of it. */

export type { CheckoutRow, PaymentRow } from './checkout.repository.js';
export {
  eraseCheckoutAddresses,
  findCheckoutById,
  findCheckoutByProviderOrder,
  findPayment,
  lockCheckout,
  markPaymentCaptured,
  markPaymentRefunded,
  markPaymentRefundMade,
  openCheckoutsOfRound,
  paymentsOfCheckout,
  paymentsWithRefundDue,
  recordPaymentRefundDue,
  roundOf,
  setCheckoutStatus,
  staleCheckouts,
  uncapturedPaymentsOfOrders,
  upsertPayment,
} from './checkout.repository.js';
export { checkoutRoutes } from './checkout.routes.js';
export type { CheckoutService } from './checkout.service.js';
export { createCheckoutService } from './checkout.service.js';
export type { DeliveryRules, StoredBreakup } from './pricing.js';
export { presentBreakup } from './pricing.js';
