import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { formatPaise } from '../../../shared/money.js';
import type { DeliveryAddress } from '../../../shared/schemas/lenient-address.js';
import type { Database, Transaction } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { ShopMetrics } from '../../lib/metrics.js';
import { customerContact } from '../accounts/index.js';
import { removePurchasedCartLines } from '../cart/index.js';
import { lockShopperCheckouts, productTaxes, releaseHolds, takeStockForCheckout } from '../catalog/index.js';
import {
  type CheckoutRow,
  type DeliveryRules,
  findPayment,
  lockCheckout,
  markPaymentCaptured,
  markPaymentRefunded,
  type PaymentRow,
  roundOf,
  setCheckoutStatus,
} from '../checkout/index.js';
import { claimCouponUse, releaseCouponHold } from '../coupons/index.js';
import { queueEmail } from '../email-outbox/index.js';
import type { PaymentProvider, ProviderPayment } from '../payments/index.js';
import { takeDocumentNumber } from './document-numbers.js';
import { orderBreakup } from './order-breakup.js';
import { markOrderPaid, recordPlaced } from './order-lifecycle.repository.js';
import { taxOrder } from './order-tax.js';
import { orderConfirmationEmail } from './orders.emails.js';
import * as repository from './orders.repository.js';
import { createPlacementAddresses } from './placement-addresses.js';
import { createUnplacedPayments } from './unplaced-payments.js';

export type PlacementResult =
  | { kind: 'placed'; order: repository.OrderRow; created: boolean }
  | { kind: 'sold-out'; titles: string[]; refunded: boolean }
  /** The payment bought no order and is being refunded in full; `message` says why, to the shopper. */
  | { kind: 'refunded'; message: string };

/** Placement found the coupon's limits reached: no order with its discount (rolled back). */
class CouponUsedUp extends Error {}

/** Cash on delivery refused by its own limits (the reason is the answer to the shopper). */
class Refused extends Error {
  constructor(readonly reason: unknown) {
    super('refused');
  }
}

/** A cash-on-delivery checkout whose cart lines another placement already took. */
class CartTaken extends Error {
  constructor() {
    super('cart taken');
  }
}

class SoldOut extends Error {
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
 * Turns a paid checkout into exactly one order, whoever asks first: the browser after payment,
 * the provider's webhook, or the reconciler. Everything happens under a lock on the checkout;
 * stock is taken with a guard that cannot go below zero; if any line sold out meanwhile, no order
 * is made and the payment is refunded (or, if only authorized, left to lapse uncaptured).
 */
export function createOrderPlacement(deps: {
  db: Database;
  provider: PaymentProvider;
  /** Told when stock changes, so cached catalogue reads show it at once. */
  catalog?: { invalidateStock(): void };
  publicUrl: string;
  /** Delivery's fee and free threshold: the total of a checkout whose coupon can no longer apply. */
  delivery: DeliveryRules;
  /** The seller's state: deliveries within it pay CGST + SGST, elsewhere IGST. */
  seller: { state: string };
  log: FastifyBaseLogger;
  metrics?: Pick<ShopMetrics, 'ordersPlaced' | 'payments'>;
  now?: () => Date;
}) {
  const { db, provider, log } = deps;
  const now = deps.now ?? (() => new Date());
  const unplaced = createUnplacedPayments({ ...deps, now });
  const {
    withoutCoupon,
    refundInstead,
    oweRefund,
    makeOwedRefund,
    closeReplacedProviderOrders,
    closedBecause,
  } = unplaced;
  const { addressFor, requestAddressConfirmation, retax } = createPlacementAddresses({ ...deps, now });

  async function settlePayment(payment: ProviderPayment, amount: number) {
    if (payment.status !== 'authorized') return;
    try {
      await provider.capture(payment.id, amount, 'INR');
      const row = await findPayment(db, provider.name, payment.id);
      if (row) {
        await markPaymentCaptured(db, row.id);
        await markOrderPaid(db, row.checkoutId);
      }
    } catch (error) {
      // The order stands; the reconciler retries the capture.
      log.error({ err: error, paymentId: payment.id }, 'capture failed');
    }
  }

  async function refundAfterSellOut(checkout: CheckoutRow, payment: ProviderPayment): Promise<boolean> {
    if (payment.status !== 'captured') return false; // authorized only: it lapses uncaptured
    try {
      await provider.refund(payment.id, payment.amount, `sold-out-${checkout.id}`);
      const row = await findPayment(db, provider.name, payment.id);
      if (row) await markPaymentRefunded(db, row.id, now());
      return true;
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, 'refund after sell-out failed');
      return false;
    }
  }

  /**
   * The order confirmation, once per order, queued in the caller's transaction: the one that
   * places an online order, or the one that confirms a cash-on-delivery order with its code.
   */
  async function queueConfirmation(tx: Transaction, order: repository.OrderRow) {
    if (!(await repository.claimConfirmation(tx, order.id, now()))) return;
    const [user, lines] = await Promise.all([
      customerContact(tx, order.userId),
      repository.linesOfOrders(tx, [order.id]),
    ]);
    if (!user) return;
    await queueEmail(
      tx,
      orderConfirmationEmail({
        to: user.email,
        firstname: user.firstname,
        orderNumber: order.orderNumber,
        lines: lines.map((l) => ({
          title: l.title,
          colorName: l.colorName,
          quantity: l.quantity,
          pricePaise: l.pricePaise,
        })),
        totalPaise: order.totalPriceAfterDiscountPaise,
        // The same breakup the checkout and the order page show.
        breakup: await orderBreakup(tx, order),
        shipping: order.shippingInfo,
        ordersUrl: `${deps.publicUrl}/my-orders/${order.id}`,
        cashOnDelivery: order.paymentMethod === 'cod',
      }),
      'order confirmation',
    );
  }

  /**
   * The order for a checkout, inside the caller's transaction holding the checkout's lock: lines
   * and their GST, the coupon's use, the cart emptied, the stock taken (sold out throws SoldOut and
   * rolls everything back). Paid online, the tax invoice is numbered last; cash on delivery, the
   * order is placed unpaid and unconfirmed, and invoiced when it ships (decision 014).
   */
  async function orderFromCheckout(
    tx: Transaction,
    locked: CheckoutRow,
    shippingInfo: ShippingInfo,
    toConfirm: boolean,
    payment: ProviderPayment | 'cash-on-delivery',
  ): Promise<repository.OrderRow> {
    const cod = payment === 'cash-on-delivery';
    const placedAt = now();
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
      sellerState: deps.seller.state,
      deliveryState: shippingInfo.state,
    });
    if (tax.netPaise !== locked.amountPaise)
      log.error(
        { checkoutId: locked.id, linesAndDelivery: tax.netPaise, paid: locked.amountPaise },
        'checkout lines and delivery do not add up to the amount paid',
      );
    const itemsPaise = locked.lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
    const order = await repository.insertOrder(
      tx,
      {
        orderNumber: newOrderNumber(placedAt),
        userId: locked.userId,
        checkoutId: locked.id,
        roundId: roundOf(locked),
        shippingInfo,
        // Items and delivery before the coupon; after it, what was paid (or is due in cash).
        totalPricePaise: itemsPaise + locked.deliveryPaise,
        totalPriceAfterDiscountPaise: locked.amountPaise,
        couponCode: locked.couponCode,
        couponDiscountPaise: locked.couponDiscountPaise,
        deliveryPaise: locked.deliveryPaise,
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
        colorId: line.colorId,
        title: line.title,
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
    const soldOut = await takeStockForCheckout(tx, locked.id, locked.lines);
    if (soldOut.length) throw new SoldOut(soldOut);
    // The coupon's use becomes the order's if its limits still allow (after the stock: products,
    // then coupons, as checkouts lock them); if not, everything rolls back.
    const coupon = await claimCouponUse(tx, locked, order.id);
    if (coupon.usedUp) throw new CouponUsedUp(coupon.message);
    if (cod) return order;
    // The invoice number very last: every order queues on the series row until its commit,
    // so it is held for as short a time as possible; a rollback gives the number back.
    const invoiceNumber = await takeDocumentNumber(tx, 'INV', placedAt);
    await repository.setInvoice(tx, order.id, invoiceNumber, placedAt);
    return { ...order, invoiceNumber, invoiceDate: placedAt };
  }

  /**
   * One transaction that settles a paid checkout, under the shopper's lock (the one checkouts are
   * started under) and the checkout's: the same payment again answers its order; a cart already
   * ordered (this checkout with another payment, or another checkout of its round) refunds the
   * payment; else the order is placed. With `couponUsedUp`, placement found the coupon's limits
   * reached: the order is placed without it if the payment covers that total, else refunded.
   */
  async function settleInTransaction(
    input: { checkout: CheckoutRow; payment: ProviderPayment; address?: DeliveryAddress },
    shippingInfo: ShippingInfo,
    toConfirm: boolean,
    couponUsedUp?: string,
  ): Promise<
    | { order: repository.OrderRow; created: boolean; owed?: PaymentRow }
    | { owed: PaymentRow; message: string }
    | 'closed'
  > {
    const { checkout, payment } = input;
    return db.transaction(async (tx) => {
      await lockShopperCheckouts(tx, checkout.userId);
      const locked = await lockCheckout(tx, checkout.id);
      const existing = await repository.findOrderByCheckout(tx, checkout.id);
      if (existing && existing.paymentInfo.razorpayPaymentId === payment.id) {
        // The webhook got there first without an address: the one the browser sent wins.
        const better =
          input.address && existing.addressToConfirm
            ? await repository.updateUnconfirmedAddress(tx, existing.id, shippingInfo, toConfirm)
            : undefined;
        if (better) await retax(tx, better);
        return { order: better ?? existing, created: false };
      }
      if (!locked) return 'closed' as const;
      const ordered = existing ?? (await repository.findOrderOfRound(tx, roundOf(locked)));
      if (ordered)
        return refundInstead(
          tx,
          locked,
          payment,
          'already-ordered',
          `These items were already ordered, in order ${ordered.orderNumber}: this was a second payment for the same cart.`,
        );
      if (locked.status === 'refunded' || locked.status === 'failed') {
        const row = await findPayment(tx, provider.name, payment.id);
        if (!row?.refundReason) return 'closed' as const;
        return refundInstead(tx, locked, payment, 'checkout-closed', closedBecause(row, locked));
      }
      if (couponUsedUp === undefined) {
        const order = await orderFromCheckout(tx, locked, shippingInfo, toConfirm, payment);
        // The confirmation commits with the order (the outbox, decision 019).
        await queueConfirmation(tx, order);
        return { order, created: true };
      }
      const priced = withoutCoupon(locked);
      if (payment.amount < priced.amountPaise)
        return refundInstead(
          tx,
          locked,
          payment,
          'coupon-used-up',
          `${couponUsedUp} Your payment was for the total with ${locked.couponCode}, so no order was placed: please order again without it.`,
        );
      // The shopper paid at least the total without the coupon: the order stands without it.
      const order = await orderFromCheckout(tx, priced, shippingInfo, toConfirm, payment);
      await releaseCouponHold(tx, locked.id);
      await queueConfirmation(tx, order);
      if (payment.amount === priced.amountPaise) return { order, created: true };
      const owed = await oweRefund(tx, locked, payment, {
        reason: 'coupon-used-up-excess',
        amountPaise: payment.amount - priced.amountPaise,
        why: `${couponUsedUp} Order ${order.orderNumber} was placed without the coupon, at ${formatPaise(priced.amountPaise)}; you paid ${formatPaise(payment.amount)}, so the difference goes back to you.`,
      });
      return { order, created: true, owed };
    });
  }

  /** A checkout that became no order: its stock holds and coupon use go back. */
  async function abandon(checkoutId: string, status: 'refunded' | 'failed') {
    await setCheckoutStatus(db, checkoutId, status);
    await releaseHolds(db, checkoutId);
    await releaseCouponHold(db, checkoutId);
  }

  return {
    queueConfirmation,
    requestAddressConfirmation,

    /**
     * Asks for the addresses of orders placed without a usable one (by webhook or reconciliation
     * when the browser never sent one) once the browser has had `graceMs` to send it.
     */
    async requestPendingAddressConfirmations(graceMs = 10 * 60_000, limit = 100) {
      const waiting = await repository.ordersAwaitingAddressRequest(
        db,
        new Date(now().getTime() - graceMs),
        limit,
      );
      for (const order of waiting) await requestAddressConfirmation(order);
      return waiting.length;
    },

    async place(input: {
      checkout: CheckoutRow;
      payment: ProviderPayment;
      /** The address sent with the order (create-order), read leniently; absent from webhooks. */
      address?: DeliveryAddress;
    }): Promise<PlacementResult> {
      const { checkout, payment } = input;
      const { shippingInfo, toConfirm } = await addressFor(checkout, input.address);
      let outcome: Awaited<ReturnType<typeof settleInTransaction>>;
      try {
        try {
          outcome = await settleInTransaction(input, shippingInfo, toConfirm);
        } catch (error) {
          if (!(error instanceof CouponUsedUp)) throw error;
          outcome = await settleInTransaction(input, shippingInfo, toConfirm, error.message);
        }
      } catch (error) {
        if (!(error instanceof SoldOut)) throw error;
        await abandon(checkout.id, 'refunded');
        const refunded = await refundAfterSellOut(checkout, payment);
        log.warn({ checkoutId: checkout.id, titles: error.titles }, 'sold out during payment');
        deps.metrics?.payments.inc({ outcome: 'refunded-sold-out' });
        return { kind: 'sold-out', titles: error.titles, refunded };
      }
      if (outcome === 'closed')
        return { kind: 'sold-out', titles: [], refunded: payment.status === 'captured' };
      if ('message' in outcome) {
        await makeOwedRefund(outcome.owed);
        return { kind: 'refunded', message: outcome.message };
      }
      if (outcome.created) {
        deps.metrics?.ordersPlaced.inc({ payment: 'online' });
        deps.metrics?.payments.inc({ outcome: 'paid' });
        deps.catalog?.invalidateStock();
        await settlePayment(payment, checkout.amountPaise);
        if (outcome.owed) await makeOwedRefund(outcome.owed);
        await closeReplacedProviderOrders(checkout);
      }
      // The browser's address is all there will be: ask for a better one now.
      if (input.address && outcome.order.addressToConfirm) await requestAddressConfirmation(outcome.order);
      return { kind: 'placed', order: outcome.order, created: outcome.created };
    },

    /** Refunds recorded for payments without their order that the provider has not made yet (reconciliation). */
    makeRefundsDue: unplaced.makeRefundsDue,

    /**
     * A cash-on-delivery checkout (checkout.service.ts prepareCashOnDelivery) becomes its order at
     * once, unpaid and unconfirmed, its stock taken; `inTransaction` adds what must commit with it
     * (the one-time code). A line sold out meanwhile is a 409 naming it, and nothing is kept.
     */
    async placeCashOnDelivery(
      checkout: CheckoutRow,
      steps: {
        /** COD's own limits, checked under the shopper's lock; throws the refusal (AppError). */
        refuse: (tx: Transaction, checkout: CheckoutRow) => Promise<void>;
        /** What must commit with the order (its one-time code). */
        inTransaction: (tx: Transaction, order: repository.OrderRow) => Promise<void>;
      },
    ): Promise<repository.OrderRow> {
      const shippingInfo = checkout.shippingInfo;
      if (!shippingInfo) throw new Error(`cash-on-delivery checkout ${checkout.id} has no address`);
      const inTransaction = steps.inTransaction;
      try {
        const order = await db.transaction(async (tx) => {
          await lockShopperCheckouts(tx, checkout.userId);
          const locked = await lockCheckout(tx, checkout.id);
          if (locked?.status !== 'pending') throw conflict('This order was already placed.');
          await steps.refuse(tx, locked).catch((error: unknown) => {
            throw new Refused(error);
          });
          // The cart was ordered meanwhile through another checkout of its round.
          if (await repository.findOrderOfRound(tx, roundOf(locked))) throw new CartTaken();
          const placed = await orderFromCheckout(tx, locked, shippingInfo, false, 'cash-on-delivery');
          await inTransaction(tx, placed);
          return placed;
        });
        deps.metrics?.ordersPlaced.inc({ payment: 'cash-on-delivery' });
        deps.catalog?.invalidateStock();
        await closeReplacedProviderOrders(checkout);
        return order;
      } catch (error) {
        if (error instanceof CouponUsedUp || error instanceof Refused) {
          await abandon(checkout.id, 'failed');
          if (error instanceof Refused) throw error.reason;
          throw conflict(`${error.message} Nothing was ordered: please place the order again without it.`);
        }
        if (error instanceof CartTaken) {
          await abandon(checkout.id, 'failed');
          throw conflict(
            'These items were just ordered (your cart changed while placing the order). Please check My orders before ordering again.',
          );
        }
        if (!(error instanceof SoldOut)) throw error;
        await abandon(checkout.id, 'failed');
        throw conflict(
          `Sorry, ${error.titles.join(', ')} sold out just now. Nothing was ordered: please check your cart and try again.`,
        );
      }
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
