import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryAddress } from '../../../shared/schemas/lenient-address.js';
import type { Database } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { customerContact } from '../accounts/customers.js';
import { removePurchasedCartLines } from '../cart/cart-lines.js';
import { releaseHolds, takeStockForCheckout } from '../catalog/stock.js';
import type { CheckoutRecord } from '../checkout/checkout-records.js';
import * as checkoutRecords from '../checkout/checkout-records.js';
import type { PaymentProvider, ProviderPayment } from '../payments/payment-provider.js';
import { markOrderPaid, recordPlaced } from './order-lifecycle.repository.js';
import { addressConfirmationEmail, orderConfirmationEmail } from './orders.emails.js';
import * as repository from './orders.repository.js';

export type PlacementResult =
  | { kind: 'placed'; order: repository.OrderRow; created: boolean }
  | { kind: 'sold-out'; titles: string[]; refunded: boolean };

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
  mailer: Mailer;
  /** Told when stock changes, so cached catalogue reads show it at once. */
  catalog?: { invalidateStock(): void };
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, provider, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The address to ship to, and whether it still needs confirming: the one sent with the order,
   * else the one given at checkout (validated then), else a placeholder. A paid order is never
   * dropped for want of an address: the customer is asked for it by e-mail.
   */
  async function addressFor(
    checkout: CheckoutRecord,
    given: DeliveryAddress | undefined,
  ): Promise<{ shippingInfo: ShippingInfo; toConfirm: boolean }> {
    if (given) return { shippingInfo: given.address, toConfirm: !given.confirmed };
    if (checkout.shippingInfo) return { shippingInfo: checkout.shippingInfo, toConfirm: false };
    const user = await customerContact(db, checkout.userId);
    return {
      toConfirm: true,
      shippingInfo: {
        firstName: user?.firstname ?? 'Customer',
        lastName: user?.lastname ?? '',
        address: 'Address to be confirmed with the customer',
        landmark: '-',
        city: '-',
        state: '-',
        country: 'India',
        pincode: '-',
        ...(user?.mobile ? { mobile: user.mobile } : {}),
      },
    };
  }

  /** Once per order: the e-mail asking the customer to confirm an address we could not read. */
  async function requestAddressConfirmation(order: repository.OrderRow) {
    if (!(await repository.claimAddressRequest(db, order.id, now()))) return;
    try {
      const user = await customerContact(db, order.userId);
      if (!user) return;
      await mailer.send(
        addressConfirmationEmail({
          to: user.email,
          firstname: user.firstname,
          orderNumber: order.orderNumber,
          shipping: order.shippingInfo,
          ordersUrl: `${deps.publicUrl}/my-orders`,
          contactUrl: `${deps.publicUrl}/contact`,
        }),
      );
    } catch (error) {
      await repository.releaseAddressRequest(db, order.id);
      log.error({ err: error, orderId: order.id }, 'address confirmation e-mail failed; will retry');
    }
  }

  async function settlePayment(payment: ProviderPayment, amount: number) {
    if (payment.status !== 'authorized') return;
    try {
      await provider.capture(payment.id, amount, 'INR');
      const row = await checkoutRecords.findRecordedPayment(db, provider.name, payment.id);
      if (row) {
        await checkoutRecords.markPaymentCaptured(db, row.id);
        await markOrderPaid(db, row.checkoutId);
      }
    } catch (error) {
      // The order stands; the reconciler retries the capture.
      log.error({ err: error, paymentId: payment.id }, 'capture failed');
    }
  }

  async function refundAfterSellOut(checkout: CheckoutRecord, payment: ProviderPayment): Promise<boolean> {
    if (payment.status !== 'captured') return false; // authorized only: it lapses uncaptured
    try {
      await provider.refund(payment.id, payment.amount, `sold-out-${checkout.id}`);
      const row = await checkoutRecords.findRecordedPayment(db, provider.name, payment.id);
      if (row) await checkoutRecords.markPaymentRefunded(db, row.id, now());
      return true;
    } catch (error) {
      log.error({ err: error, paymentId: payment.id }, 'refund after sell-out failed');
      return false;
    }
  }

  async function sendConfirmation(order: repository.OrderRow) {
    if (!(await repository.claimConfirmation(db, order.id, now()))) return;
    try {
      const [user, lines] = await Promise.all([
        customerContact(db, order.userId),
        repository.linesOfOrders(db, [order.id]),
      ]);
      if (!user) return;
      await mailer.send(
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
          shipping: order.shippingInfo,
          ordersUrl: `${deps.publicUrl}/my-orders`,
        }),
      );
    } catch (error) {
      await repository.releaseConfirmation(db, order.id);
      log.error({ err: error, orderId: order.id }, 'order confirmation e-mail failed; will retry');
    }
  }

  return {
    sendConfirmation,
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
      checkout: CheckoutRecord;
      payment: ProviderPayment;
      /** The address sent with the order (create-order), read leniently; absent from webhooks. */
      address?: DeliveryAddress;
    }): Promise<PlacementResult> {
      const { checkout, payment } = input;
      const { shippingInfo, toConfirm } = await addressFor(checkout, input.address);
      let outcome: { order: repository.OrderRow; created: boolean } | 'refunded';
      try {
        outcome = await db.transaction(async (tx) => {
          const locked = await checkoutRecords.lockCheckout(tx, checkout.id);
          const existing = await repository.findOrderByCheckout(tx, checkout.id);
          if (existing) {
            // The webhook got there first without an address: the one the browser sent wins.
            const better =
              input.address && existing.addressToConfirm
                ? await repository.updateUnconfirmedAddress(tx, existing.id, shippingInfo, toConfirm)
                : undefined;
            return { order: better ?? existing, created: false };
          }
          if (!locked || locked.status === 'refunded' || locked.status === 'failed')
            return 'refunded' as const;
          const paidAt = now();
          const order = await repository.insertOrder(
            tx,
            {
              orderNumber: newOrderNumber(paidAt),
              userId: locked.userId,
              checkoutId: locked.id,
              shippingInfo,
              totalPricePaise: locked.amountPaise,
              totalPriceAfterDiscountPaise: locked.amountPaise,
              paymentInfo: { razorpayOrderId: locked.providerOrderId, razorpayPaymentId: payment.id },
              paidAt,
              addressToConfirm: toConfirm,
              // Captured just after the commit; until then the money is only authorized.
              paymentStatus: payment.status === 'captured' ? 'paid' : 'authorized',
            },
            locked.lines,
          );
          await recordPlaced(tx, order.id);
          await removePurchasedCartLines(tx, locked.userId, locked.lines);
          await checkoutRecords.setCheckoutStatus(tx, locked.id, 'completed');
          // Stock last: a popular product's row stays locked only for this update and the commit,
          // not for the whole order, so buyers of one product do not queue up (and hold pool
          // connections) behind each other. The checkout's hold becomes the order's stock; a
          // lapsed hold still buys what nobody else holds. Sold out rolls the order back.
          const soldOut = await takeStockForCheckout(tx, locked.id, locked.lines);
          if (soldOut.length) throw new SoldOut(soldOut);
          return { order, created: true };
        });
      } catch (error) {
        if (!(error instanceof SoldOut)) throw error;
        await checkoutRecords.setCheckoutStatus(db, checkout.id, 'refunded');
        await releaseHolds(db, checkout.id);
        const refunded = await refundAfterSellOut(checkout, payment);
        log.warn({ checkoutId: checkout.id, titles: error.titles }, 'sold out during payment');
        return { kind: 'sold-out', titles: error.titles, refunded };
      }
      if (outcome === 'refunded')
        return { kind: 'sold-out', titles: [], refunded: payment.status === 'captured' };
      if (outcome.created) {
        deps.catalog?.invalidateStock();
        await settlePayment(payment, checkout.amountPaise);
        await sendConfirmation(outcome.order);
      }
      // The browser's address is all there will be: ask for a better one now.
      if (input.address && outcome.order.addressToConfirm) await requestAddressConfirmation(outcome.order);
      return { kind: 'placed', ...outcome };
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
