import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { webhookEvents } from '../db/schema.js';
import type { ShopMetrics } from '../lib/metrics.js';
import { releaseHolds, sweepExpiredHolds } from '../modules/catalog/index.js';
import {
  findCheckoutByProviderOrder,
  setCheckoutStatus,
  staleCheckouts,
  uncapturedPaymentsOfOrders,
} from '../modules/checkout/index.js';
import { releaseCouponHold, sweepExpiredCouponHolds } from '../modules/coupons/index.js';
import { markOrderPaid } from '../modules/orders/index.js';
import {
  markPaymentCaptured,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  upsertPayment,
} from '../modules/payments/index.js';
import type { OrderPlacement } from './place-order.js';

const PAID_STATES = new Set(['authorized', 'captured']);
const PAYMENT_EVENTS = new Set(['payment.authorized', 'payment.captured', 'payment.failed', 'order.paid']);
const REFUND_EVENTS = new Set(['refund.created', 'refund.processed', 'refund.failed']);

/** What settlement needs from the orders module's refunds (which own the refunds table). */
export interface RefundSettler {
  /** Applies what the provider says about one refund (answer, webhook or reconciliation); idempotent. */
  settleFromProvider(refund: ProviderRefund): Promise<'settled' | 'unchanged' | 'unknown'>;
  /** Pending refunds older than minAgeMs: asks the provider and settles, or re-requests with the same key. */
  reconcilePending(options?: {
    minAgeMs?: number;
    limit?: number;
  }): Promise<{ checked: number; settled: number }>;
}

/**
 * The safety net behind the browser: provider webhooks and a periodic reconciliation turn every
 * paid provider order into its order, even when the shopper closed the tab right after paying.
 */
export function createPaymentSettlement(deps: {
  db: Database;
  provider: PaymentProvider;
  placement: OrderPlacement;
  log: FastifyBaseLogger;
  metrics?: Pick<ShopMetrics, 'payments'>;
  /** Settles refund webhooks and pending refunds; without it refund events are only recorded. */
  refunds?: RefundSettler;
}) {
  const { db, provider, placement, log } = deps;
  const now = () => new Date();

  /** Records what the provider reports about a payment and, if it is paid, places the order. */
  async function settle(payment: ProviderPayment) {
    const checkout = await findCheckoutByProviderOrder(db, provider.name, payment.order_id);
    if (!checkout) return 'unknown-order' as const;
    if (payment.amount !== checkout.amountPaise) {
      log.error(
        { paymentId: payment.id, checkoutId: checkout.id },
        'payment amount differs from the checkout; not placing',
      );
      return 'amount-mismatch' as const;
    }
    await upsertPayment(db, {
      checkoutId: checkout.id,
      provider: provider.name,
      providerPaymentId: payment.id,
      providerOrderId: payment.order_id,
      amountPaise: payment.amount,
      status: payment.status,
      method: payment.method,
      // The provider itself reported it: as good as a verified signature.
      ...(PAID_STATES.has(payment.status) ? { verifiedAt: now() } : {}),
    });
    if (!PAID_STATES.has(payment.status)) {
      // A failed payment gives its held stock (and coupon use) back to other shoppers; a retry in
      // the same provider order can still buy whatever nobody else holds, at the price it shows.
      if (payment.status === 'failed') {
        deps.metrics?.payments.inc({ outcome: 'failed' });
        await releaseHolds(db, checkout.id);
        await releaseCouponHold(db, checkout.id);
      }
      return 'not-paid' as const;
    }
    if (checkout.status === 'pending') await setCheckoutStatus(db, checkout.id, 'paid');
    const result = await placement.place({ checkout, payment });
    return result.kind;
  }

  return {
    settle,

    /**
     * A signed webhook: 'invalid' when the signature fails (the caller answers 400), otherwise
     * processed once per event id. The id is recorded only after success, so a delivery that
     * failed half-way is processed again on the provider's retry (placing is idempotent).
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined, eventId: string | undefined) {
      const event = provider.parseWebhook(rawBody, signature, eventId);
      if (!event) return 'invalid' as const;
      const seen = await db.query.webhookEvents.findFirst({ where: (e, { eq }) => eq(e.id, event.id) });
      if (seen) return 'duplicate' as const;
      if (PAYMENT_EVENTS.has(event.event) && event.payment) {
        await settle(event.payment);
      }
      // Settling is idempotent, so two deliveries racing past the check above settle once.
      if (REFUND_EVENTS.has(event.event) && event.refund && deps.refunds) {
        await deps.refunds.settleFromProvider(event.refund);
      }
      await db
        .insert(webhookEvents)
        .values({ id: event.id, provider: provider.name, event: event.event })
        .onConflictDoNothing();
      return 'processed' as const;
    },

    /**
     * Asks the provider about checkouts still without an order after `minAgeMs`, and retries
     * captures that failed after an order was placed.
     */
    async reconcile(options: { minAgeMs?: number; limit?: number } = {}) {
      const current = now();
      await sweepExpiredHolds(db);
      await sweepExpiredCouponHolds(db);
      const stale = await staleCheckouts(
        db,
        new Date(current.getTime() - (options.minAgeMs ?? 120_000)),
        new Date(current.getTime() - 7 * 86_400_000),
        options.limit ?? 100,
      );
      let placed = 0;
      for (const checkout of stale) {
        try {
          const paymentsMade = await provider.fetchOrderPayments(checkout.providerOrderId);
          const paid = paymentsMade.find(
            (p) => PAID_STATES.has(p.status) && p.amount === checkout.amountPaise,
          );
          if (paid && (await settle(paid)) === 'placed') placed++;
        } catch (error) {
          log.warn(
            { err: error, checkoutId: checkout.id },
            'reconciliation of a checkout failed; will retry',
          );
        }
      }
      for (const payment of await uncapturedPaymentsOfOrders(db, options.limit ?? 100)) {
        try {
          const current = await provider.fetchPayment(payment.providerPaymentId);
          if (current?.status === 'authorized')
            await provider.capture(payment.providerPaymentId, payment.amountPaise, 'INR');
          if (current && current.status !== 'failed') {
            await markPaymentCaptured(db, payment.id);
            await markOrderPaid(db, payment.checkoutId);
          }
        } catch (error) {
          log.warn({ err: error, paymentId: payment.providerPaymentId }, 'capture retry failed');
        }
      }
      // Payments that bought no order (a cart paid twice, a coupon used up) and whose refund the
      // provider has not made yet: asked again, with the same idempotency key.
      const owed = await placement.makeRefundsDue(options.limit ?? 100);
      await placement.requestPendingAddressConfirmations();
      let refunds = { checked: 0, settled: 0 };
      if (deps.refunds) {
        try {
          refunds = await deps.refunds.reconcilePending({
            ...(options.minAgeMs !== undefined ? { minAgeMs: options.minAgeMs } : {}),
            ...(options.limit !== undefined ? { limit: options.limit } : {}),
          });
        } catch (error) {
          log.warn({ err: error }, 'reconciliation of pending refunds failed; will retry');
        }
      }
      return { checked: stale.length, placed, refunds, paymentRefunds: owed };
    },
  };
}

export type PaymentSettlement = ReturnType<typeof createPaymentSettlement>;
