import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client.js';
import type { ShippingInfo } from '../db/schema.js';
import { removePurchasedCartLines } from '../modules/cart/index.js';
import { productTaxes, releaseHolds, stockLineOf, takeStockForCheckout } from '../modules/catalog/index.js';
import { type CheckoutRow, roundOf, setCheckoutStatus } from '../modules/checkout/index.js';
import { type CouponProblem, claimCouponUse, releaseCouponHold } from '../modules/coupons/index.js';
import {
  insertOrder,
  type OrderRow,
  recordPlaced,
  setInvoice,
  takeDocumentNumber,
  taxOrder,
} from '../modules/orders/index.js';
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

/** BB + yymmdd + 6 characters, e.g. BB261122K7Q3MX: short enough to read out on a call. */
function newOrderNumber(now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const random = [...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('');
  return `BB${date}${random}`;
}

/**
 * The order for a checkout, inside the caller's transaction holding the checkout's lock: lines
 * and their GST, the coupon's use, the cart emptied, the stock taken (sold out throws SoldOut and
 * rolls everything back). Paid online, the tax invoice is numbered last; cash on delivery, the
 * order is placed unpaid and unconfirmed, and invoiced when it ships (decision 014).
 */
export async function orderFromCheckout(
  tx: Transaction,
  deps: { seller: { state: string }; log: FastifyBaseLogger; now: () => Date },
  locked: CheckoutRow,
  shippingInfo: ShippingInfo,
  toConfirm: boolean,
  payment: ProviderPayment | 'cash-on-delivery',
): Promise<OrderRow> {
  const { log } = deps;
  const cod = payment === 'cash-on-delivery';
  const placedAt = deps.now();
  // GST per line from what is paid for it (decision 012), fixed on the order as placed.
  const classes = await productTaxes(
    tx,
    locked.lines.map((l) => l.productId),
  );
  const tax = taxOrder({
    lines: locked.lines.map((line) => ({
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      discountPaise: line.discountPaise ?? 0,
      hsnCode: classes.get(line.productId)?.hsnCode ?? null,
      gstRateBp: classes.get(line.productId)?.gstRateBp ?? null,
    })),
    deliveryPaise: locked.deliveryPaise,
    codFeePaise: locked.codFeePaise,
    sellerState: deps.seller.state,
    deliveryState: shippingInfo.state,
  });
  if (tax.netPaise !== locked.amountPaise)
    log.error(
      { checkoutId: locked.id, linesAndDelivery: tax.netPaise, paid: locked.amountPaise },
      'checkout lines, delivery and COD fee do not add up to the amount paid',
    );
  const itemsPaise = locked.lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const order = await insertOrder(
    tx,
    {
      orderNumber: newOrderNumber(placedAt),
      userId: locked.userId,
      checkoutId: locked.id,
      roundId: roundOf(locked),
      shippingInfo,
      // Items, delivery and any COD fee before the coupon; after it, what was paid (or is due in cash).
      totalPricePaise: itemsPaise + locked.deliveryPaise + locked.codFeePaise,
      totalPriceAfterDiscountPaise: locked.amountPaise,
      couponCode: locked.couponCode,
      couponDiscountPaise: locked.couponDiscountPaise,
      deliveryPaise: locked.deliveryPaise,
      codFeePaise: locked.codFeePaise,
      taxPaise: tax.taxPaise,
      placeOfSupply: tax.placeOfSupply,
      // A COD order names its checkout and no payment; its paidAt moves to the collection.
      paymentInfo: {
        razorpayOrderId: locked.providerOrderId,
        razorpayPaymentId: cod ? '' : payment.id,
      },
      paidAt: placedAt,
      addressToConfirm: toConfirm,
      ...(cod
        ? { paymentStatus: 'unpaid' as const, paymentMethod: 'cod' as const, state: 'unconfirmed' as const }
        : // Captured just after the commit; until then the money is only authorized.
          { paymentStatus: payment.status === 'captured' ? ('paid' as const) : ('authorized' as const) }),
    },
    locked.lines.map((line, i) => ({
      productId: line.productId,
      variantId: line.variantId,
      colorId: line.colorId,
      title: line.title,
      // Lines checked out before variants have neither: they print as they did then.
      sku: line.sku || null,
      variantTitle: line.variantTitle || null,
      quantity: line.quantity,
      pricePaise: line.pricePaise,
      ...tax.lines[i]!,
    })),
  );
  await recordPlaced(tx, order.id, cod ? { paymentMethod: 'cod' } : undefined);
  const removed = await removePurchasedCartLines(tx, locked.userId, locked.lines);
  // Cash on delivery has no payment to honour: the same cart placed twice at once (a double
  // click, two tabs) finds its lines gone the second time, and that order is not made. A paid
  // order is always placed, whatever became of the cart.
  if (cod && removed < locked.lines.length) throw new CartTaken();
  await setCheckoutStatus(tx, locked.id, 'completed');
  // Stock last: a popular product's row stays locked only for this update and the commit,
  // not for the whole order, so buyers of one product do not queue up (and hold pool
  // connections) behind each other. The checkout's hold becomes the order's stock; a
  // lapsed hold still buys what nobody else holds. Sold out rolls the order back.
  const soldOut = await takeStockForCheckout(tx, locked.id, locked.lines.map(stockLineOf));
  if (soldOut.length) throw new SoldOut(soldOut);
  // The coupon's use becomes the order's if its limits still allow (after the stock: products,
  // then coupons, as checkouts lock them); if not, everything rolls back.
  const coupon = await claimCouponUse(tx, locked, order.id);
  if (coupon.usedUp) throw new CouponUsedUp(coupon.message, coupon.problem);
  if (cod) return order;
  // The invoice number very last: every order queues on the series row until its commit,
  // so it is held for as short a time as possible; a rollback gives the number back.
  const invoiceNumber = await takeDocumentNumber(tx, 'INV', placedAt);
  await setInvoice(tx, order.id, invoiceNumber, placedAt);
  return { ...order, invoiceNumber, invoiceDate: placedAt };
}

/** A checkout that became no order: its stock holds and coupon use go back. */
export async function abandonCheckout(db: Database, checkoutId: string, status: 'refunded' | 'failed') {
  await setCheckoutStatus(db, checkoutId, status);
  await releaseHolds(db, checkoutId);
  await releaseCouponHold(db, checkoutId);
}
