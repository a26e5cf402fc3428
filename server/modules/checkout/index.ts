/** The checkout module's door: what other modules, flows and the app may use of it. */

export type { CheckoutRow } from './checkout.repository.js';
export {
  eraseCheckoutAddresses,
  findCheckoutById,
  findCheckoutByProviderOrder,
  lockCheckout,
  openCheckoutsOfRound,
  roundOf,
  setCheckoutStatus,
  staleCheckouts,
  uncapturedPaymentsOfOrders,
} from './checkout.repository.js';
export { checkoutRoutes } from './checkout.routes.js';
export type { CheckoutService } from './checkout.service.js';
export { createCheckoutService } from './checkout.service.js';
export { claimForOrder, type PlacementClaim } from './placement-claim.js';
export type { DeliveryRules, StoredBreakup } from './pricing.js';
export { presentBreakup } from './pricing.js';
