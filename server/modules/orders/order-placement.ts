import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import type { Mailer } from '../../lib/mailer.js';
import { findUserById } from '../accounts/accounts.repository.js';
import type { CheckoutRow } from '../checkout/checkout.repository.js';
import * as checkoutRepository from '../checkout/checkout.repository.js';
import type { PaymentProvider, ProviderPayment } from '../payments/payment-provider.js';
import { orderConfirmationEmail } from './orders.emails.js';
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

  async function addressFor(checkout: CheckoutRow, given: ShippingInfo | undefined): Promise<ShippingInfo> {
    if (given) return given;
    if (checkout.shippingInfo) return checkout.shippingInfo;
    // A paid order is never dropped for want of an address: the team confirms it by phone.
    const user = await findUserById(db, checkout.userId);
    return {
      firstName: user?.firstname ?? 'Customer',
      lastName: user?.lastname ?? '',
      address: 'Address to be confirmed with the customer',
      landmark: '-',
      city: '-',
      state: '-',
      country: 'India',
      pincode: '-',
      ...(user?.mobile ? { mobile: user.mobile } : {}),
    };
  }

  async function settlePayment(payment: ProviderPayment, amount: number) {
    if (payment.status !== 'authorized') return;
    try {
      await provider.capture(payment.id, amount, 'INR');
      const row = await checkoutRepository.findPayment(db, provider.name, payment.id);
      if (row) await checkoutRepository.markPaymentCaptured(db, row.id);
    } catch (error) {
      // The order stands; the reconciler retries the capture.
      log.error({ err: error, paymentId: payment.id }, 'capture failed');
    }
  }

  async function refundAfterSellOut(checkout: CheckoutRow, payment: ProviderPayment): Promise<boolean> {
    if (payment.status !== 'captured') return false; // authorized only: it lapses uncaptured
    try {
      await provider.refund(payment.id, payment.amount, `sold-out-${checkout.id}`);
      const row = await checkoutRepository.findPayment(db, provider.name, payment.id);
      if (row) await checkoutRepository.markPaymentRefunded(db, row.id, now());
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
        findUserById(db, order.userId),
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

    async place(input: {
      checkout: CheckoutRow;
      payment: ProviderPayment;
      shippingInfo?: ShippingInfo;
    }): Promise<PlacementResult> {
      const { checkout, payment } = input;
      const shippingInfo = await addressFor(checkout, input.shippingInfo);
      let outcome: { order: repository.OrderRow; created: boolean } | 'refunded';
      try {
        outcome = await db.transaction(async (tx) => {
          const locked = await checkoutRepository.lockCheckout(tx, checkout.id);
          const existing = await repository.findOrderByCheckout(tx, checkout.id);
          if (existing) return { order: existing, created: false };
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
            },
            locked.lines,
          );
          await repository.removePurchasedCartLines(tx, locked.userId, locked.lines);
          await checkoutRepository.setCheckoutStatus(tx, locked.id, 'completed');
          // Stock last: a popular product's row stays locked only for this update and the commit,
          // not for the whole order, so buyers of one product do not queue up (and hold pool
          // connections) behind each other. Sold out rolls the order back. Product order fixed,
          // so two multi-line orders cannot deadlock.
          const soldOut: string[] = [];
          const byProduct = [...locked.lines].sort((a, b) => a.productId.localeCompare(b.productId));
          for (const line of byProduct) {
            if (!(await repository.takeStock(tx, line.productId, line.quantity))) soldOut.push(line.title);
          }
          if (soldOut.length) throw new SoldOut(soldOut);
          return { order, created: true };
        });
      } catch (error) {
        if (!(error instanceof SoldOut)) throw error;
        await checkoutRepository.setCheckoutStatus(db, checkout.id, 'refunded');
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
      return { kind: 'placed', ...outcome };
    },
  };
}

export type OrderPlacement = ReturnType<typeof createOrderPlacement>;
