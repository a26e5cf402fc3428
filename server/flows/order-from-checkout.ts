import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client.js';
import type { ShippingInfo } from '../db/schema.js';
import { removePurchasedCartLines } from '../modules/cart/index.js';
import { releaseHolds, stockLineOf, takeStockForOrder } from '../modules/catalog/index.js';
import { type CheckoutRow, setCheckoutStatus } from '../modules/checkout/index.js';
import { type CouponProblem, claimCouponUse, releaseCouponHold } from '../modules/coupons/index.js';
import { type OrderRow, writeOrder } from '../modules/orders/index.js';
import type { ProviderPayment } from '../modules/payments/index.js';

/**
 * The heart of placing an order, shared by both ways of placing one (place-order.ts for a paid
 * checkout, place-cod-order.ts for cash on delivery): the order written from the checkout inside
 * the caller's transaction, calling each module that takes part through its door.
 */

/** Placement found the coupon's limits reached: no order with its discount (rolled back). */
export class CouponUsedUp extends Error {
  constructor(
    message: string,
    /** Why, as data: the refund's e-mail says it in the customer's language. */
    readonly problem: CouponProblem,
  ) {
    super(message);
  }
}

/** A cash-on-delivery checkout whose cart lines another placement already took. */
export class CartTaken extends Error {
  constructor() {
    super('cart taken');
  }
}

export class SoldOut extends Error {
  constructor(readonly titles: string[]) {
    super('sold out');
  }
}

/**
 * The order for a checkout claimed by the caller's transaction (checkout's claimForOrder), each
 * module that takes part entered once, in the order the shop takes its locks: the bought lines
 * leave the cart (cash on delivery: gone already means another placement took them), the stock
 * is taken with each product's GST class (sold out throws SoldOut), the coupon's use becomes the
 * order's if its limits still allow (products, then coupons, as checkouts lock them), and the order
 * is written and, paid online, invoiced and confirmed. Any throw rolls everything back.
 */
export async function orderFromCheckout(
  tx: Transaction,
  deps: { seller: { state: string }; publicUrl?: string; log: FastifyBaseLogger; now: () => Date },
  locked: CheckoutRow,
  shippingInfo: ShippingInfo,
  toConfirm: boolean,
  payment: ProviderPayment | 'cash-on-delivery',
): Promise<OrderRow> {
  const id = randomUUID();
  const removed = await removePurchasedCartLines(tx, locked.userId, locked.lines);
  // Cash on delivery has no payment to honour: the same cart placed twice at once (a double
  // click, two tabs) finds its lines gone the second time, and that order is not made. A paid
  // order is always placed, whatever became of the cart.
  if (payment === 'cash-on-delivery' && removed < locked.lines.length) throw new CartTaken();
  // The checkout's hold becomes the order's stock; a lapsed hold still buys what nobody else holds.
  const { soldOut, taxes } = await takeStockForOrder(tx, locked.id, locked.lines.map(stockLineOf));
  if (soldOut.length) throw new SoldOut(soldOut);
  // The coupon's use names the order written next (its reference is checked at the commit).
  const coupon = await claimCouponUse(tx, locked, id);
  if (coupon.usedUp) throw new CouponUsedUp(coupon.message, coupon.problem);
  return writeOrder(tx, {
    id,
    checkout: locked,
    taxes,
    shippingInfo,
    addressToConfirm: toConfirm,
    payment,
    placedAt: deps.now(),
    sellerState: deps.seller.state,
    ...(deps.publicUrl === undefined ? {} : { publicUrl: deps.publicUrl }),
    log: deps.log,
  });
}

/** A checkout that became no order: its stock holds and coupon use go back. */
export async function abandonCheckout(db: Database, checkoutId: string, status: 'refunded' | 'failed') {
  await setCheckoutStatus(db, checkoutId, status);
  await releaseHolds(db, checkoutId);
  await releaseCouponHold(db, checkoutId);
}
