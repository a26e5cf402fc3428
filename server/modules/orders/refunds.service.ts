import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import type { OrderLineQuantity } from '../../db/schema.js';
import {
  findPayment,
  markPaymentCaptured,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderRefund,
  paymentsOfCheckout,
} from '../payments/index.js';
import { issueCreditNote } from './credit-notes.js';
import { derivedStatus, paymentStatusAfterRefunds } from './order-lifecycle.js';
import * as repository from './order-lifecycle.repository.js';
import type { OrderRow } from './orders.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type RefundRequest = {
  amountPaise: number;
  reason: string;
  lines?: OrderLineQuantity[];
  returnId?: string | null;
  staffId?: string | null;
};

/** How a cash-on-delivery refund was paid out, with the transfer's reference (UTR / UPI ref). */
export type Payout = { method: 'bank_transfer' | 'upi'; reference: string };

export type RefundSettler = {
  settleFromProvider(refund: ProviderRefund): Promise<'settled' | 'unchanged' | 'unknown'>;
  reconcilePending(options?: {
    minAgeMs?: number;
    limit?: number;
  }): Promise<{ checked: number; settled: number }>;
};

export type RefundsDeps = {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Told after a refund is settled and committed (the metrics). */
  onSettled?: (refund: repository.RefundRow, order: OrderRow) => void;
  /** Runs inside the transaction that settles a refund: the customer's e-mail (the outbox). */
  inSettlement?: (tx: Transaction, refund: repository.RefundRow, order: OrderRow) => Promise<void>;
};

/**
 * Refunds, exactly once (decision 011). A refund is first recorded, pending, in the same
 * transaction as the change that causes it (under the order's lock, so two staff members or a
 * customer and a staff member cannot both refund the same rupees). Only after that commits is the
 * provider asked, with the refund's id as its idempotency key and receipt. Its answer, its webhook
 * (`refund.processed` / `refund.failed`) or reconciliation settles the row — whichever comes first;
 * the others find it settled. A crash between asking and hearing back leaves the row pending, and
 * reconciliation asks the provider what became of it (or asks again with the same key).
 */
export class Refunds {
  private readonly db: Database;
  private readonly provider: PaymentProvider;
  private readonly log: FastifyBaseLogger;
  private readonly deps: RefundsDeps;

  constructor(deps: RefundsDeps) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.log = deps.log;
    this.deps = deps;
  }

  /** The payment that paid for the order (its checkout's, with the order's payment id). */
  private async paymentOf(tx: Transaction | Database, order: OrderRow) {
    const recorded = await paymentsOfCheckout(tx, order.checkoutId);
    return recorded.find((p) => p.providerPaymentId === order.paymentInfo.razorpayPaymentId);
  }

  /**
   * Records a pending refund inside the caller's transaction; the caller holds the order's lock
   * and has checked the amount against what is left (`refundablePaise`).
   */
  async record(tx: Transaction, order: OrderRow, request: RefundRequest) {
    const payment = await this.paymentOf(tx, order);
    if (!payment) throw new Error(`order ${order.id} has no recorded payment`);
    return repository.insertRefund(tx, {
      orderId: order.id,
      paymentId: payment.id,
      amountPaise: request.amountPaise,
      reason: request.reason,
      lines: request.lines ?? [],
      returnId: request.returnId ?? null,
      staffId: request.staffId ?? null,
    });
  }

  /** Paid less what is refunded or being refunded: what may still be refunded, in paise. */
  async refundablePaise(tx: Transaction | Database, order: OrderRow): Promise<number> {
    // Cash on delivery not collected yet: nothing was paid, nothing can be given back.
    if (order.paymentStatus === 'unpaid') return 0;
    return Math.max(
      0,
      order.totalPriceAfterDiscountPaise - (await repository.committedRefundPaise(tx, order.id)),
    );
  }

  /** An authorized payment cannot be refunded until it is captured: capture it first. */
  private async ensureCaptured(order: OrderRow) {
    const recorded = await findPayment(this.db, this.provider.name, order.paymentInfo.razorpayPaymentId);
    if (recorded?.status !== 'authorized') return;
    const current = await this.provider.fetchPayment(recorded.providerPaymentId);
    if (current?.status === 'authorized')
      await this.provider.capture(recorded.providerPaymentId, recorded.amountPaise, 'INR');
    await markPaymentCaptured(this.db, recorded.id);
    await repository.markOrderPaid(this.db, order.checkoutId);
  }

  /**
   * Asks the provider for a recorded refund. A definite refusal (a 4xx) fails the refund, which
   * frees its amount; no answer at all (a timeout, a 5xx, a dropped connection) leaves it pending
   * for reconciliation, which asks with the same idempotency key.
   */
  async request(refundId: string): Promise<repository.RefundRow | undefined> {
    const refund = await repository.findRefund(this.db, refundId);
    if (refund?.status !== 'pending' || refund.method !== 'provider') return refund;
    const order = await repository.findOrder(this.db, refund.orderId);
    if (!order) return refund;
    await repository.countAttempt(this.db, refund.id);
    try {
      await this.ensureCaptured(order);
      const answer = await this.provider.refund(
        order.paymentInfo.razorpayPaymentId,
        refund.amountPaise,
        refund.id,
        {
          receipt: refund.id,
          notes: { refund_id: refund.id, order_number: order.orderNumber },
        },
      );
      await this.settleFromProvider({ ...answer, receipt: answer.receipt ?? refund.id });
    } catch (error) {
      const definite =
        error instanceof PaymentProviderError &&
        error.statusCode !== undefined &&
        error.statusCode >= 400 &&
        error.statusCode < 500 &&
        error.statusCode !== 404 &&
        error.statusCode !== 429;
      if (definite) {
        await this.fail(refund.id, error.message, null);
      } else {
        this.log.warn(
          { err: error, refundId: refund.id },
          'refund request unanswered; reconciliation will settle it',
        );
      }
    }
    return repository.findRefund(this.db, refund.id);
  }

  private async fail(refundId: string, reason: string, providerRefundId: string | null) {
    const settled = await this.db.transaction(async (tx) => {
      const unlocked = await repository.findRefund(tx, refundId);
      if (!unlocked) return undefined;
      const order = await repository.lockOrder(tx, unlocked.orderId);
      const refund = await repository.lockRefund(tx, refundId);
      if (!order || !refund || refund.status !== 'pending') return undefined;
      const updated = await repository.updateRefund(tx, refund.id, {
        status: 'failed',
        failureReason: reason.slice(0, 500),
        ...(providerRefundId && !refund.providerRefundId ? { providerRefundId } : {}),
      });
      await repository.insertEvent(tx, {
        orderId: order.id,
        type: 'refund_failed',
        actorType: 'system',
        actorName: 'Payment provider',
        note: reason.slice(0, 500),
        data: { refundId: refund.id, amountPaise: refund.amountPaise },
      });
      await this.deps.inSettlement?.(tx, updated, order);
      return { refund: updated, order };
    });
    if (settled) this.deps.onSettled?.(settled.refund, settled.order);
    return settled ? ('settled' as const) : ('unchanged' as const);
  }

  /**
   * A processed refund on the order: what is refunded and the payment status move, the timeline
   * says so, and its credit note is numbered in this transaction: no note without the
   * processed refund, no processed refund of an invoiced order without its note.
   */
  private async bookProcessed(
    tx: Transaction,
    order: OrderRow,
    refund: repository.RefundRow,
    processedAt: Date,
    by: { actorType: 'system' | 'staff'; actorName: string; staffId?: string | null; reference: string },
  ): Promise<OrderRow> {
    const refundedPaise = Math.min(
      order.totalPriceAfterDiscountPaise,
      order.refundedPaise + refund.amountPaise,
    );
    const paymentStatus = paymentStatusAfterRefunds(
      order.paymentStatus,
      order.totalPriceAfterDiscountPaise,
      refundedPaise,
    );
    const next = await repository.updateOrder(tx, order.id, {
      refundedPaise,
      paymentStatus,
      orderStatus: derivedStatus({ ...order, paymentStatus }),
    });
    await repository.insertEvent(tx, {
      orderId: order.id,
      type: 'refunded',
      actorType: by.actorType,
      actorName: by.actorName,
      staffId: by.staffId ?? null,
      data: {
        refundId: refund.id,
        amountPaise: refund.amountPaise,
        reference: by.reference,
        method: refund.method,
      },
    });
    await issueCreditNote(tx, order, refund, processedAt);
    return next;
  }

  /** Which of our refunds the provider's refund is: by its id once known, else by our receipt. */
  private async ours(refund: ProviderRefund): Promise<repository.RefundRow | undefined> {
    const byProvider = await repository.findRefundByProviderId(this.db, refund.id);
    if (byProvider) return byProvider;
    const key = refund.receipt ?? refund.notes?.refund_id;
    return key && UUID.test(key) ? repository.findRefund(this.db, key) : undefined;
  }

  async settleFromProvider(refund: ProviderRefund): Promise<'settled' | 'unchanged' | 'unknown'> {
    const row = await this.ours(refund);
    if (!row) return 'unknown';
    if (refund.status === 'failed')
      return this.fail(row.id, 'The payment provider could not refund this payment.', refund.id);
    if (refund.status !== 'processed') {
      if (!row.providerRefundId)
        await repository.updateRefund(this.db, row.id, { providerRefundId: refund.id });
      return 'unchanged';
    }
    const settled = await this.db.transaction(async (tx) => {
      const order = await repository.lockOrder(tx, row.orderId);
      const locked = await repository.lockRefund(tx, row.id);
      if (!order || !locked || locked.status !== 'pending') return undefined;
      if (refund.amount !== locked.amountPaise) {
        this.log.error(
          { refundId: locked.id, provider: refund.amount },
          'provider refunded a different amount',
        );
      }
      const processedAt = new Date();
      const updated = await repository.updateRefund(tx, locked.id, {
        status: 'processed',
        providerRefundId: refund.id,
        processedAt,
      });
      const next = await this.bookProcessed(tx, order, updated, processedAt, {
        actorType: 'system',
        actorName: 'Payment provider',
        reference: refund.id,
      });
      await this.deps.inSettlement?.(tx, updated, next);
      return { refund: updated, order: next };
    });
    if (!settled) return 'unchanged';
    this.deps.onSettled?.(settled.refund, settled.order);
    return 'settled';
  }

  /**
   * A refund no provider is asked for, processed at once in the caller's transaction (under the
   * order's lock, the amount checked against what is left), with its credit note.
   */
  private async recordProcessed(
    tx: Transaction,
    order: OrderRow,
    request: RefundRequest,
    how: { method: 'bank_transfer' | 'upi' | 'not_collected'; reference: string; actorName: string },
  ): Promise<{ refund: repository.RefundRow; order: OrderRow }> {
    const processedAt = new Date();
    const refund = await repository.insertRefund(tx, {
      orderId: order.id,
      paymentId: null,
      amountPaise: request.amountPaise,
      reason: request.reason,
      lines: request.lines ?? [],
      returnId: request.returnId ?? null,
      staffId: request.staffId ?? null,
      method: how.method,
      payoutReference: how.reference,
      status: 'processed',
      processedAt,
    });
    const next = await this.bookProcessed(tx, order, refund, processedAt, {
      actorType: request.staffId ? 'staff' : 'system',
      actorName: how.actorName,
      staffId: request.staffId ?? null,
      reference: how.reference,
    });
    return { refund, order: next };
  }

  /**
   * A refund of a cash-on-delivery order: no provider holds the money, so staff pay the
   * customer by bank transfer or UPI and record it, with the reference; `announce` it after the
   * commit.
   */
  async recordPayout(
    tx: Transaction,
    order: OrderRow,
    request: RefundRequest & { payout: Payout; staffName: string },
  ): Promise<{ refund: repository.RefundRow; order: OrderRow }> {
    const paid = await this.recordProcessed(tx, order, request, {
      ...request.payout,
      actorName: request.staffName,
    });
    await this.deps.inSettlement?.(tx, paid.refund, paid.order);
    return paid;
  }

  /**
   * Cash on delivery that will never be collected: its parcel came back to the shop undelivered
   * (a return to origin). No money moves, so no provider is asked and no refund e-mail is sent; it
   * is recorded processed at once (method `not_collected`, the reference the parcel's AWB), so the
   * amount left to collect drops and the invoice gets its credit note for goods never sold.
   */
  recordUncollected(
    tx: Transaction,
    order: OrderRow,
    request: Omit<RefundRequest, 'returnId'> & { reference: string; actorName: string },
  ): Promise<{ refund: repository.RefundRow; order: OrderRow }> {
    return this.recordProcessed(tx, order, request, {
      method: 'not_collected',
      reference: request.reference,
      actorName: request.actorName,
    });
  }

  /** After the commit of a payout: counted as a provider's refund is (its e-mail was queued in it). */
  announce(refund: repository.RefundRow, order: OrderRow) {
    this.deps.onSettled?.(refund, order);
  }
  /**
   * Pending refunds older than `minAgeMs`: the provider is asked what became of each (by our
   * receipt); one it never received is requested again with the same idempotency key.
   */
  async reconcilePending(options: { minAgeMs?: number; limit?: number } = {}) {
    const before = new Date(Date.now() - (options.minAgeMs ?? 60_000));
    const pending = await repository.pendingRefunds(this.db, before, options.limit ?? 100);
    let settled = 0;
    for (const refund of pending) {
      try {
        const order = await repository.findOrder(this.db, refund.orderId);
        if (!order) continue;
        const known = (await this.provider.fetchRefunds(order.paymentInfo.razorpayPaymentId)).find(
          (r) =>
            r.id === refund.providerRefundId || r.receipt === refund.id || r.notes?.refund_id === refund.id,
        );
        const outcome = known ? await this.settleFromProvider(known) : undefined;
        if (outcome === 'settled') settled++;
        else if (!known) {
          const after = await this.request(refund.id);
          if (after?.status !== 'pending') settled++;
        }
      } catch (error) {
        this.log.warn({ err: error, refundId: refund.id }, 'refund reconciliation failed; will retry');
      }
    }
    return { checked: pending.length, settled };
  }
}

export function createRefunds(deps: RefundsDeps): Refunds {
  return new Refunds(deps);
}
