import type { CashOnDeliveryInput } from '../../../shared/api/checkout.schemas.js';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  codeMatches,
  customerContact,
  hashCode,
  newCode,
  type OneTimeCodeSender,
} from '../accounts/index.js';
import type { CheckoutService } from '../checkout/index.js';
import { MAX_CODE_ATTEMPTS, MAX_CODE_SENDS, RESEND_SECONDS } from './cod-codes.js';
import * as confirmations from './cod-confirmations.repository.js';
import { refuseCashOnDelivery, refuseSecondUnconfirmed } from './cod-limits.js';
import { derivedStatus } from './order-lifecycle.js';
import * as lifecycleRecords from './order-lifecycle.repository.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrderPlacement } from './order-placement.js';
import type { OrderRow } from './orders.repository.js';

/** A code works for this long (and never past the order's time to confirm). */
const CODE_MINUTES = 15;

const ORDER_NOT_FOUND = 'There is no order with that id.';

/**
 * Cash on delivery (issue 15): the cart becomes an order at once, unpaid, its stock taken, and waits
 * for the 6-digit code sent to the customer. Confirmed, it goes to the warehouse like any order (the
 * lifecycle refuses to pack it before); never confirmed by `confirmBy`, it lapses: cancelled by the
 * shop, its stock and coupon use back. Staff mark the cash collected once delivered
 * (order-lifecycle.service.ts), and pay refunds back by bank transfer or UPI.
 *
 * The code's row (`cod_confirmations`) is written with the order, in its transaction; the code
 * itself goes out after the commit, through the sender (e-mail today, SMS when a provider is set).
 */
export function createCashOnDelivery(deps: {
  db: Database;
  checkout: CheckoutService;
  placement: OrderPlacement;
  lifecycle: OrderLifecycle;
  sender: OneTimeCodeSender;
  confirmMinutes: number;
  /** COD_MAX_ORDER in paise: the cash still to collect per customer and per address. */
  maxOutstandingPaise: number;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, checkout, placement, lifecycle, sender } = deps;
  const now = deps.now ?? (() => new Date());
  const orderUrl = (order: OrderRow) => `${deps.publicUrl}/my-orders/${order.id}`;

  function codeExpiry(at: Date, confirmBy: Date): Date {
    return new Date(Math.min(at.getTime() + CODE_MINUTES * 60_000, confirmBy.getTime()));
  }

  async function contactOf(userId: string) {
    const contact = await customerContact(db, userId);
    if (!contact) throw notFound('Your account could not be found. Please sign in again.');
    return contact;
  }

  /** The code's message, queued in the caller's transaction (the one that stored its hash). */
  async function sendCode(
    tx: Transaction,
    order: OrderRow,
    contact: { email: string; mobile: string | null; firstname: string },
    code: string,
    expiresAt: Date,
  ) {
    await sender.send(tx, {
      to: { email: contact.email, mobile: contact.mobile || null, firstname: contact.firstname },
      code,
      orderNumber: order.orderNumber,
      amountPaise: order.totalPriceAfterDiscountPaise,
      expiresAt,
      orderUrl: orderUrl(order),
    });
  }

  /** The customer's own order, locked, with its confirmation; anyone else's is a 404. */
  async function lockOwn(tx: Transaction, userId: string, orderId: string) {
    const order = await lifecycleRecords.lockOrder(tx, orderId);
    if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
    const confirmation =
      order.paymentMethod === 'cod' ? await confirmations.lockConfirmation(tx, order.id) : undefined;
    if (!confirmation)
      throw conflict(`Order ${order.orderNumber} was paid online: there is nothing to confirm.`);
    return { order, confirmation };
  }

  /** Why an order can no longer be confirmed (or get a new code), in words for the customer. */
  function refuseIfClosed(order: OrderRow, confirmation: confirmations.CodConfirmationRow, at: Date) {
    if (order.state === 'cancelled')
      throw conflict(
        at >= confirmation.confirmBy && !confirmation.confirmedAt
          ? `Order ${order.orderNumber} was not confirmed in time and has been cancelled. Please order again.`
          : `Order ${order.orderNumber} was cancelled.`,
      );
    if (at >= confirmation.confirmBy)
      throw conflict(
        `The time to confirm order ${order.orderNumber} has passed: it is being cancelled and its items released. Please order again.`,
      );
  }

  return {
    /** POST user/order/cod: the order placed unpaid and unconfirmed, its code sent. */
    async place(userId: string, input: CashOnDeliveryInput): Promise<ApiMyOrder> {
      const contact = await contactOf(userId);
      // A quick answer before anything is held; the placement asks again under the lock.
      await refuseSecondUnconfirmed(db, userId);
      const prepared = await checkout.prepareCashOnDelivery(userId, input);
      const code = newCode();
      const placedAt = now();
      const confirmBy = new Date(placedAt.getTime() + deps.confirmMinutes * 60_000);
      const expiresAt = codeExpiry(placedAt, confirmBy);
      const refuse = (tx: Transaction, locked: typeof prepared) =>
        refuseCashOnDelivery(
          tx,
          {
            userId,
            amountPaise: locked.amountPaise,
            shippingInfo: locked.shippingInfo ?? input.shippingInfo,
          },
          deps.maxOutstandingPaise,
        );
      const order = await placement.placeCashOnDelivery(prepared, {
        refuse,
        inTransaction: async (tx, placed) => {
          await confirmations.insertConfirmation(tx, {
            orderId: placed.id,
            codeHash: hashCode(placed.id, code),
            codeExpiresAt: expiresAt,
            lastSentAt: placedAt,
            channel: sender.channel,
            sentTo: sender.destination({
              email: contact.email,
              mobile: contact.mobile,
              firstname: contact.firstname,
            }),
            confirmBy,
          });
          await sendCode(tx, placed, contact, code, expiresAt);
        },
      });
      return lifecycle.mine(userId, order.id);
    },

    /**
     * POST user/orders/:id/confirm-cod. The right code confirms the order (again: nothing changes);
     * a wrong one counts against the code's 5 tries, committed before the 400 says how many are left.
     */
    async confirm(userId: string, orderId: string, code: string): Promise<ApiMyOrder> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const { order, confirmation } = await lockOwn(tx, userId, orderId);
        if (confirmation.confirmedAt) return { kind: 'already' as const, order };
        refuseIfClosed(order, confirmation, at);
        if (confirmation.attempts >= MAX_CODE_ATTEMPTS) return { kind: 'locked' as const };
        if (at >= confirmation.codeExpiresAt) return { kind: 'expired' as const };
        if (!codeMatches(order.id, code, confirmation.codeHash)) {
          const attempts = confirmation.attempts + 1;
          await confirmations.updateConfirmation(tx, order.id, { attempts });
          return { kind: 'wrong' as const, left: MAX_CODE_ATTEMPTS - attempts };
        }
        await confirmations.updateConfirmation(tx, order.id, { confirmedAt: at });
        const next = { ...order, state: 'placed' as const };
        const updated = await lifecycleRecords.updateOrder(tx, order.id, {
          state: 'placed',
          orderStatus: derivedStatus(next),
        });
        await lifecycleRecords.insertEvent(tx, {
          orderId: order.id,
          type: 'cod_confirmed',
          actorType: 'customer',
          actorName: 'Customer',
        });
        // The order confirmation, as an online order gets when paid, saying what to pay in cash.
        await placement.queueConfirmation(tx, updated);
        return { kind: 'confirmed' as const, order: updated };
      });
      switch (outcome.kind) {
        case 'locked':
          throw new AppError(
            429,
            `That code was entered wrongly ${MAX_CODE_ATTEMPTS} times. Please ask for a new code.`,
          );
        case 'expired':
          throw badRequest('This code has expired. Please ask for a new code.', {
            code: 'This code has expired. Please ask for a new code.',
          });
        case 'wrong': {
          const message =
            outcome.left > 0
              ? `That code is not right. Please check the e-mail and try again (${outcome.left} ${outcome.left === 1 ? 'try' : 'tries'} left).`
              : 'That code is not right, and it has now been tried too often. Please ask for a new code.';
          throw badRequest(message, { code: message });
        }
        default:
          break;
      }
      return lifecycle.mine(userId, orderId);
    },

    /** POST user/orders/:id/cod-code: a new code (the old one stops working), at most once a minute. */
    async resend(userId: string, orderId: string): Promise<ApiMyOrder> {
      const at = now();
      const code = newCode();
      await db.transaction(async (tx) => {
        const { order, confirmation } = await lockOwn(tx, userId, orderId);
        if (confirmation.confirmedAt) throw conflict(`Order ${order.orderNumber} is already confirmed.`);
        refuseIfClosed(order, confirmation, at);
        if (confirmation.sends >= MAX_CODE_SENDS)
          throw new AppError(
            429,
            `We have sent ${MAX_CODE_SENDS} codes for this order already. Please use the latest one, or contact us.`,
          );
        const wait = Math.ceil(
          (confirmation.lastSentAt.getTime() + RESEND_SECONDS * 1000 - at.getTime()) / 1000,
        );
        if (wait > 0)
          throw new AppError(
            429,
            `A code was sent just now. Please wait ${wait} seconds before asking for another.`,
          );
        const expiresAt = codeExpiry(at, confirmation.confirmBy);
        await confirmations.updateConfirmation(tx, order.id, {
          codeHash: hashCode(order.id, code),
          codeExpiresAt: expiresAt,
          attempts: 0,
          sends: confirmation.sends + 1,
          lastSentAt: at,
        });
        const contact = await customerContact(tx, order.userId);
        if (contact) await sendCode(tx, order, contact, code, expiresAt);
      });
      return lifecycle.mine(userId, orderId);
    },

    /**
     * Cancels cash-on-delivery orders whose time to confirm has passed (run with reconciliation):
     * stock and coupon use back, the customer told. Each is checked again under its lock, so a code
     * confirmed at the last moment wins.
     */
    async lapseUnconfirmed(limit = 100): Promise<number> {
      const due = await confirmations.lapsedOrderIds(db, now(), limit);
      for (const orderId of due) await lifecycle.lapse(orderId);
      return due.length;
    },
  };
}

export type CashOnDelivery = ReturnType<typeof createCashOnDelivery>;
