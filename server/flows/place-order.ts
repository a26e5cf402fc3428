import type { FastifyBaseLogger } from 'fastify';
import type { ApiOrder, CreateOrderInput } from '../../shared/api/orders.schemas.js';
import { formatPaise } from '../../shared/money.js';
import { type DeliveryAddress, readDeliveryAddress } from '../../shared/schemas/lenient-address.js';
import type { Database, Transaction } from '../db/client.js';
import type { ShippingInfo } from '../db/schema.js';
import { AppError, badRequest } from '../lib/errors.js';
import type { ShopMetrics } from '../lib/metrics.js';
import type { CatalogService } from '../modules/catalog/index.js';
import {
  type CheckoutRow,
  type CheckoutService,
  claimForOrder,
  type DeliveryRules,
  type PlacementClaim,
  roundOf,
} from '../modules/checkout/index.js';
import { type CouponProblem, releaseCouponHold } from '../modules/coupons/index.js';
import {
  createPlacementAddresses,
  findOrderByCheckout,
  findOrderOfRound,
  markOrderPaid,
  type OrderRow,
  ordersAwaitingAddressRequest,
  presentCustomerOrders,
  updateUnconfirmedAddress,
} from '../modules/orders/index.js';
import {
  findPayment,
  markPaymentRefunded,
  type PaymentProvider,
  type PaymentRow,
  type ProviderPayment,
  settleOrderPayment,
  verifiedPaymentFor,
} from '../modules/payments/index.js';
import { abandonCheckout, CouponUsedUp, orderFromCheckout, SoldOut } from './order-from-checkout.js';
import { createUnplacedPayments } from './refund-unplaced-payment.js';

const lineKey = (l: { productId: string; colorId: string; quantity: number }) =>
  `${l.productId}|${l.colorId}|${l.quantity}`;

export type PlacementResult =
  | { kind: 'placed'; order: OrderRow; created: boolean }
  | { kind: 'sold-out'; titles: string[]; refunded: boolean }
  /** The payment bought no order and is being refunded in full; `message` says why, to the shopper. */
  | { kind: 'refunded'; message: string };

type PlacementDeps = {
  db: Database;
  provider: PaymentProvider;
  /** Told when stock changes, so cached catalogue reads show it at once; shows what was ordered. */
  catalog: Pick<CatalogService, 'invalidateStock' | 'productsByIds'>;
  /** The shopper's own checkout, by its provider order. */
  checkout: Pick<CheckoutService, 'ownCheckout'>;
  publicUrl: string;
  /** Delivery's fee and free threshold: the total of a checkout whose coupon can no longer apply. */
  delivery: DeliveryRules;
  /** The seller's state: deliveries within it pay CGST + SGST, elsewhere IGST. */
  seller: { state: string };
  log: FastifyBaseLogger;
  metrics?: Pick<ShopMetrics, 'ordersPlaced' | 'payments'>;
};

/** When no order could be made: a captured payment refunded (an authorized one lapses uncaptured). */
function createSellOutRefund(deps: PlacementDeps, now: () => Date) {
  const { db, provider, log } = deps;
  return async function refundAfterSellOut(
    checkout: CheckoutRow,
    payment: ProviderPayment,
  ): Promise<boolean> {
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
  };
}

/** Placement's transaction (see settleInTransaction), with the helpers of the refund and address flows. */
function createPlacementTransaction(
  deps: PlacementDeps,
  now: () => Date,
  unplaced: ReturnType<typeof createUnplacedPayments>,
  retax: ReturnType<typeof createPlacementAddresses>['retax'],
) {
  const { db, provider } = deps;
  const { withoutCoupon, refundInstead, oweRefund, closedBecause } = unplaced;
  const placing = { ...deps, now };

  /**
   * The checkout was not claimed: the same payment again answers its order (with a better address
   * when the webhook got there first without one); a cart already ordered (this checkout with
   * another payment, or another checkout of its round) or a closed checkout refunds the payment.
   */
  async function settleUnclaimed(
    tx: Transaction,
    claim: Extract<PlacementClaim, { claimed: false }>,
    input: { checkout: CheckoutRow; payment: ProviderPayment; address?: DeliveryAddress },
    shippingInfo: ShippingInfo,
    toConfirm: boolean,
  ) {
    const { checkout, payment } = input;
    const locked = claim.checkout;
    const existing = await findOrderByCheckout(tx, checkout.id);
    if (existing && existing.paymentInfo.razorpayPaymentId === payment.id) {
      const better =
        input.address && existing.addressToConfirm
          ? await updateUnconfirmedAddress(tx, existing.id, shippingInfo, toConfirm)
          : undefined;
      if (better) await retax(tx, better);
      return { order: better ?? existing, created: false };
    }
    if (!locked) return 'closed' as const;
    const ordered = existing ?? (await findOrderOfRound(tx, roundOf(locked)));
    if (ordered)
      return refundInstead(tx, locked, payment, {
        reason: 'already-ordered',
        orderNumber: ordered.orderNumber,
      });
    // Neither ordered nor waiting: the checkout was closed (refunded or failed) before this payment.
    const row = await findPayment(tx, provider.name, payment.id);
    if (!row?.refundReason) return 'closed' as const;
    return refundInstead(tx, locked, payment, closedBecause(row, locked));
  }

  /**
   * One transaction that settles a paid checkout: checkout's claim first (under the shopper's lock,
   * the one checkouts are started under, and the checkout's), then the order from it. With
   * `couponUsedUp`, placement found the coupon's limits reached: the order is placed without it if
   * the payment covers that total, else refunded.
   */
  async function settleInTransaction(
    input: { checkout: CheckoutRow; payment: ProviderPayment; address?: DeliveryAddress },
    shippingInfo: ShippingInfo,
    toConfirm: boolean,
    couponUsedUp?: CouponProblem,
  ): Promise<
    | { order: OrderRow; created: boolean; owed?: PaymentRow }
    | { owed: PaymentRow; message: string }
    | 'closed'
  > {
    const { payment } = input;
    return db.transaction(async (tx) => {
      const claim = await claimForOrder(tx, input.checkout);
      if (!claim.claimed) return settleUnclaimed(tx, claim, input, shippingInfo, toConfirm);
      const locked = claim.checkout;
      if (couponUsedUp === undefined) {
        const order = await orderFromCheckout(tx, placing, locked, shippingInfo, toConfirm, payment);
        return { order, created: true };
      }
      const priced = withoutCoupon(locked);
      if (payment.amount < priced.amountPaise)
        return refundInstead(tx, locked, payment, {
          reason: 'coupon-used-up',
          coupon: locked.couponCode ?? '',
          problem: couponUsedUp,
        });
      // The shopper paid at least the total without the coupon: the order stands without it.
      const order = await orderFromCheckout(tx, placing, priced, shippingInfo, toConfirm, payment);
      await releaseCouponHold(tx, locked.id);
      if (payment.amount === priced.amountPaise) return { order, created: true };
      const owed = await oweRefund(tx, locked, payment, {
        amountPaise: payment.amount - priced.amountPaise,
        why: {
          reason: 'coupon-used-up-excess',
          coupon: locked.couponCode ?? '',
          problem: couponUsedUp,
          orderNumber: order.orderNumber,
          placedPaise: priced.amountPaise,
          paidPaise: payment.amount,
        },
      });
      return { order, created: true, owed };
    });
  }
  return settleInTransaction;
}

/**
 * Turns a paid checkout into exactly one order, whoever asks first: the browser after payment,
 * the provider's webhook, or the reconciler. Everything happens under a lock on the checkout;
 * stock is taken with a guard that cannot go below zero; if any line sold out meanwhile, no order
 * is made and the payment is refunded (or, if only authorized, left to lapse uncaptured).
 */
export function createOrderPlacement(deps: PlacementDeps) {
  const { db, log } = deps;
  const now = () => new Date();
  const unplaced = createUnplacedPayments({ ...deps, now });
  const { makeOwedRefund, replacedProviderOrders, closeReplacedProviderOrders } = unplaced;
  const { addressFor, requestAddressConfirmation, retax } = createPlacementAddresses({ ...deps, now });
  const refundAfterSellOut = createSellOutRefund(deps, now);
  const settleInTransaction = createPlacementTransaction(deps, now, unplaced, retax);

  /**
   * After the order's commit, each module once: the catalogue's cached stock forgotten, the
   * round's other provider orders found, the payment captured and those orders closed, and the
   * order marked paid once captured.
   */
  async function settleAfterCommit(checkout: CheckoutRow, payment: ProviderPayment) {
    deps.catalog.invalidateStock();
    const replaced = await replacedProviderOrders(checkout);
    const captured = await settleOrderPayment(db, deps.provider, log, {
      payment,
      amountPaise: checkout.amountPaise,
      replacedProviderOrders: replaced,
    });
    // The order stands either way; uncaptured, the reconciler captures it later.
    if (captured)
      await markOrderPaid(db, checkout.id).catch((error: unknown) =>
        log.error({ err: error, checkoutId: checkout.id }, 'marking the captured order paid failed'),
      );
  }

  async function place(input: {
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
        outcome = await settleInTransaction(input, shippingInfo, toConfirm, error.problem);
      }
    } catch (error) {
      if (!(error instanceof SoldOut)) throw error;
      await abandonCheckout(db, checkout.id, 'refunded');
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
      await settleAfterCommit(checkout, payment);
      if (outcome.owed) await makeOwedRefund(outcome.owed);
    }
    // The browser's address is all there will be: ask for a better one now.
    if (input.address && outcome.order.addressToConfirm) await requestAddressConfirmation(outcome.order);
    return { kind: 'placed', order: outcome.order, created: outcome.created };
  }
  return {
    place,
    create: (userId: string, input: CreateOrderInput) => createFromPayment(deps, place, userId, input),
    requestAddressConfirmation,

    /**
     * Asks for the addresses of orders placed without a usable one (by webhook or reconciliation
     * when the browser never sent one) once the browser has had `graceMs` to send it.
     */
    async requestPendingAddressConfirmations(graceMs = 10 * 60_000, limit = 100) {
      const waiting = await ordersAwaitingAddressRequest(db, new Date(now().getTime() - graceMs), limit);
      for (const order of waiting) await requestAddressConfirmation(order);
      return waiting.length;
    },

    /** Refunds recorded for payments without their order that the provider has not made yet (reconciliation). */
    makeRefundsDue: unplaced.makeRefundsDue,

    /** Closes the provider orders of the round's other checkouts once one of them became the order. */
    closeReplacedProviderOrders,
  };
}

/**
 * POST user/cart/create-order: the order is built from the server's checkout record and a
 * verified payment. Repeating the call (or racing the webhook) returns the same order.
 */
async function createFromPayment(
  deps: PlacementDeps,
  place: (input: {
    checkout: CheckoutRow;
    payment: ProviderPayment;
    address?: DeliveryAddress;
  }) => Promise<PlacementResult>,
  userId: string,
  input: CreateOrderInput,
): Promise<{ success: boolean; order: ApiOrder }> {
  const { db, provider } = deps;
  const record = await deps.checkout.ownCheckout(userId, input.paymentInfo.razorpayOrderId);
  const payment = await verifiedPaymentFor(db, provider, input.paymentInfo.razorpayPaymentId, record.id);
  if (!payment) throw badRequest('Please complete the payment first: this payment has not been verified.');
  // An old client opened by a full page load sends [] (it builds them before the cart loads):
  // the order is built from the checkout record either way.
  if (input.orderItems?.length) {
    const sent = input.orderItems
      .map((i) => lineKey({ productId: i.product, colorId: i.color, quantity: i.quantity }))
      .sort();
    const recorded = record.lines.map(lineKey).sort();
    if (sent.join() !== recorded.join()) {
      throw badRequest(
        'Your cart changed during payment. Your order will be created from what you paid for; see My Orders.',
      );
    }
  }
  const address = readDeliveryAddress(input.shippingInfo);
  const result = await place({
    checkout: record,
    payment,
    ...(address ? { address } : {}),
  });
  // A second payment for a cart already ordered, or one whose coupon could no longer be used.
  if (result.kind === 'refunded') throw new AppError(409, result.message);
  if (result.kind === 'sold-out') {
    const what = result.titles.length ? result.titles.join(', ') : 'An item';
    throw new AppError(
      409,
      `${what} sold out while you were paying, so no order was placed. ${
        result.refunded
          ? `Your payment of ${formatPaise(record.amountPaise)} has been refunded.`
          : 'Your payment was not captured and will be released by your bank.'
      }`,
    );
  }
  const [order] = await presentCustomerOrders(db, deps.catalog, [result.order]);
  return { success: true, order: order! };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
