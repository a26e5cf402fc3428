import type { FastifyBaseLogger } from 'fastify';
import { defaultLocale } from '../../shared/locales.js';
import { formatPaise } from '../../shared/money.js';
import type { Database, Transaction } from '../db/client.js';
import type { ShopMetrics } from '../lib/metrics.js';
import { customerContact } from '../modules/accounts/index.js';
import { releaseHolds } from '../modules/catalog/index.js';
import {
  type CheckoutRow,
  type DeliveryRules,
  openCheckoutsOfRound,
  roundOf,
  setCheckoutStatus,
} from '../modules/checkout/index.js';
import { releaseCouponHold } from '../modules/coupons/index.js';
import { queueEmail } from '../modules/email-outbox/index.js';
import { paymentRefundEmail, type RefundWhy, refundWhyText } from '../modules/orders/index.js';
import {
  closeProviderOrders,
  findPayment,
  markPaymentRefundMade,
  type PaymentProvider,
  type PaymentRow,
  type ProviderPayment,
  paymentsWithRefundDue,
  recordPaymentRefundDue,
  upsertPayment,
} from '../modules/payments/index.js';

/** Why a payment is given back without an order (payments.refund_reason). */
export type RefundReason = RefundWhy['reason'];

/** Why a payment recorded for refund earlier is refunded, when it is reported again. */
const closedBecause = (row: PaymentRow | undefined, checkout: CheckoutRow): RefundWhy =>
  row?.refundReason === 'coupon-used-up'
    ? { reason: 'checkout-closed', coupon: checkout.couponCode ?? '' }
    : { reason: 'checkout-closed' };

/**
 * The checkout priced as if its coupon had not been applied: the items at their price, delivery
 * as the shop charges on them. What a payment must cover to be placed once the coupon cannot be.
 * Without the coupon the items only cost more, so delivery is the checkout's own fee (flat or the
 * rate card's for its address) unless they now reach the free threshold.
 */
function withoutCoupon(locked: CheckoutRow, rules: DeliveryRules): CheckoutRow {
  const itemsPaise = locked.lines.reduce((sum, l) => sum + l.pricePaise * l.quantity, 0);
  const deliveryPaise = itemsPaise < rules.freeFromPaise ? locked.deliveryPaise : 0;
  return {
    ...locked,
    couponCode: null,
    couponDiscountPaise: 0,
    deliveryPaise,
    amountPaise: itemsPaise + deliveryPaise,
    lines: locked.lines.map((line) => ({ ...line, discountPaise: 0 })),
  };
}

/**
 * Payments that bought no order, or paid more than their order (decision 034): the cart was
 * already ordered through another checkout of its round (the original client's second sheet), the
 * checkout was already placed with another payment, or the coupon could no longer be used. The
 * refund is recorded on the payment in placement's transaction, with the customer's e-mail, and
 * asked of the provider after the commit with a key of the payment's own, so it is made once
 * however often the payment is reported; reconciliation asks again when the provider did not
 * answer. The refunds of decision 011 need an order, which these payments do not have.
 */
export function createUnplacedPayments(deps: {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  publicUrl: string;
  delivery: DeliveryRules;
  metrics?: Pick<ShopMetrics, 'payments'>;
  now: () => Date;
}) {
  const { db, provider, log, now } = deps;

  /**
   * Records in the caller's transaction that `amountPaise` of this payment goes back and why, and
   * queues the customer's e-mail saying so: once per payment, however often and by whichever way
   * (browser, webhook, reconciliation) the payment is reported. The provider is asked after the
   * commit (makeOwedRefund); reconciliation asks again until it has answered.
   */
  async function oweRefund(
    tx: Transaction,
    checkout: CheckoutRow,
    payment: ProviderPayment,
    due: { amountPaise: number; why: RefundWhy },
  ): Promise<PaymentRow> {
    const row =
      (await findPayment(tx, provider.name, payment.id)) ??
      (await upsertPayment(tx, {
        checkoutId: checkout.id,
        provider: provider.name,
        providerPaymentId: payment.id,
        providerOrderId: payment.order_id,
        amountPaise: payment.amount,
        status: payment.status,
        method: payment.method,
        verifiedAt: now(),
      }));
    const recorded = await recordPaymentRefundDue(tx, row.id, {
      reason: due.why.reason,
      amountPaise: due.amountPaise,
    });
    if (!recorded) return row;
    const user = await customerContact(tx, checkout.userId);
    if (user)
      await queueEmail(
        tx,
        paymentRefundEmail({
          to: user.email,
          firstname: user.firstname,
          amountPaise: due.amountPaise,
          why: due.why,
          ordersUrl: `${deps.publicUrl}/my-orders`,
          locale: user.language,
        }),
        'payment refund',
      );
    deps.metrics?.payments.inc({ outcome: `refunded-${due.why.reason}` });
    return { ...row, refundReason: due.why.reason, refundPaise: due.amountPaise };
  }

  /** The payment bought nothing: its checkout closes (stock and coupon use back) and all of it goes back. */
  async function refundInstead(
    tx: Transaction,
    checkout: CheckoutRow,
    payment: ProviderPayment,
    why: RefundWhy,
  ) {
    if (checkout.status === 'pending' || checkout.status === 'paid') {
      await setCheckoutStatus(tx, checkout.id, 'refunded');
      await releaseHolds(tx, checkout.id);
      await releaseCouponHold(tx, checkout.id);
    }
    const owed = await oweRefund(tx, checkout, payment, { amountPaise: payment.amount, why });
    return {
      owed,
      // The browser's answer is English, as every API message is; the e-mail is in the customer's language.
      message: `${refundWhyText(why, defaultLocale)} Your payment of ${formatPaise(payment.amount)} is being refunded in full: it reaches your account in 5–7 working days.`,
    };
  }

  /**
   * Asks the provider for a payment's recorded refund, with an idempotency key of the payment's own
   * (so asking again never refunds twice); an authorized payment is captured first, so that the
   * money is back in days rather than when the bank releases the authorization. False when the
   * provider did not answer: reconciliation asks again.
   */
  async function makeOwedRefund(row: PaymentRow): Promise<boolean> {
    if (row.refundedAt || !row.refundPaise) return true;
    try {
      const current = await provider.fetchPayment(row.providerPaymentId);
      if (current?.status === 'authorized')
        await provider.capture(row.providerPaymentId, row.amountPaise, 'INR');
      const key = `pay-${row.id}`;
      await provider.refund(row.providerPaymentId, row.refundPaise, key, {
        receipt: key,
        notes: { reason: row.refundReason ?? '' },
      });
      await markPaymentRefundMade(db, row.id, now(), row.refundPaise >= row.amountPaise);
      return true;
    } catch (error) {
      log.warn(
        { err: error, paymentId: row.providerPaymentId },
        'refund of a payment without its order failed; reconciliation asks again',
      );
      return false;
    }
  }

  /**
   * The provider orders of the round's other checkouts still open for a payment: one of the
   * round's checkouts became the order, so they never can. None when the provider cannot close an
   * order (Razorpay; a payment made there anyway is refunded when it arrives).
   */
  async function replacedProviderOrders(checkout: CheckoutRow): Promise<string[]> {
    if (!provider.closeOrder) return [];
    const open = await openCheckoutsOfRound(db, roundOf(checkout), checkout.id);
    return open
      .filter((other) => other.status === 'pending' && other.provider === provider.name)
      .map((other) => other.providerOrderId);
  }

  /** Stops the round's other provider orders from taking payments, where the provider allows. */
  async function closeReplacedProviderOrders(checkout: CheckoutRow) {
    await closeProviderOrders(provider, await replacedProviderOrders(checkout), log);
  }

  return {
    withoutCoupon: (locked: CheckoutRow) => withoutCoupon(locked, deps.delivery),
    oweRefund,
    refundInstead,
    makeOwedRefund,
    replacedProviderOrders,
    closeReplacedProviderOrders,
    closedBecause,

    /** Refunds recorded and not yet made by the provider, asked again (reconciliation). */
    async makeRefundsDue(limit = 100): Promise<{ due: number; made: number }> {
      const due = await paymentsWithRefundDue(db, limit);
      let made = 0;
      for (const row of due) if (await makeOwedRefund(row)) made++;
      return { due: due.length, made };
    },
  };
}
