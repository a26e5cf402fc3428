/** The coupons module's door: what other modules, flows and the app may use of it. */

export type { CheckoutCoupon, CouponProblem } from './coupon-use.js';
export {
  claimCouponUse,
  couponForCheckout,
  releaseCouponHold,
  releaseCouponHoldsOfUser,
  releaseCouponUseOfOrder,
  reserveCouponUse,
  sweepExpiredCouponHolds,
} from './coupon-use.js';
export { couponsRoutes } from './coupons.routes.js';
export { createCouponsService } from './coupons.service.js';
