import type { ApiMyOrder } from '../../../shared/api/orders.schemas.js';
import type { Database, Transaction } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  type CodeMessage,
  codeMatches,
  customerContact,
  hashCode,
  newCode,
  type OneTimeCodeSender,
} from '../accounts/index.js';
import { MAX_CODE_ATTEMPTS, MAX_CODE_SENDS, RESEND_SECONDS } from './cod-codes.js';
import * as confirmations from './cod-confirmations.repository.js';
import { queueConfirmation } from './order-confirmation.js';
import { derivedStatus } from './order-lifecycle.js';
import * as lifecycleRecords from './order-lifecycle.repository.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrderRow } from './orders.repository.js';

/** A code works for this long (and never past the order's time to confirm). */
const CODE_MINUTES = 15;

const ORDER_NOT_FOUND = 'There is no order with that id.';

/** A code works for CODE_MINUTES, and never past the order's time to confirm. */
function codeExpiry(at: Date, confirmBy: Date): Date {
  return new Date(Math.min(at.getTime() + CODE_MINUTES * 60_000, confirmBy.getTime()));
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

/** A code that did not confirm the order: locked out (429), expired or wrong (400, tries left). */
function refuseWrongCode(
  outcome:
    | { kind: 'locked' }
    | { kind: 'expired' }
    | { kind: 'wrong'; left: number }
    | { kind: 'already' | 'confirmed' },
) {
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
}

/**
 * Cash on delivery: the cart becomes an order at once (flows/place-cod-order.ts), unpaid, its stock taken, and waits
 * for the 6-digit code sent to the customer. Confirmed, it goes to the warehouse like any order (the
 * lifecycle refuses to pack it before); never confirmed by `confirmBy`, it lapses (flows/lapse-cod-order.ts): cancelled by the
 * shop, its stock and coupon use back. Staff mark the cash collected once delivered
 * (order-lifecycle.service.ts), and pay refunds back by bank transfer or UPI.
 *
 * The code's row (`cod_confirmations`) is written with the order, in its transaction; the code
 * itself goes out after the commit, through the sender (e-mail today, SMS when a provider is set).
 */
export function createCashOnDelivery(deps: {
  db: Database;
  lifecycle: Pick<OrderLifecycle, 'mine'>;
  sender: OneTimeCodeSender;
  confirmMinutes: number;
  publicUrl: string;
}) {
  const { db, lifecycle, sender } = deps;
  const now = () => new Date();
  const orderUrl = (order: OrderRow) => `${deps.publicUrl}/my-orders/${order.id}`;

  async function contactOf(userId: string) {
    const contact = await customerContact(db, userId);
    if (!contact) throw notFound('Your account could not be found. Please sign in again.');
    return contact;
  }

  /** The code's message, queued in the caller's transaction (the one that stored its hash). */
  async function sendCode(
    tx: Transaction,
    order: OrderRow,
    contact: CodeMessage['to'],
    code: string,
    expiresAt: Date,
  ) {
    await sender.send(tx, {
      to: {
        email: contact.email,
        mobile: contact.mobile || null,
        firstname: contact.firstname,
        language: contact.language,
      },
      code,
      orderNumber: order.orderNumber,
      amountPaise: order.totalPriceAfterDiscountPaise,
      expiresAt,
      orderUrl: orderUrl(order),
    });
  }

  return {
    /** The customer's name and addresses to send a code to; a 404 when the account is gone. */
    contactOf,

    /**
     * A cash-on-delivery order's confirmation, in the transaction that places it (the flow
     * flows/place-cod-order.ts): the code's hash stored, the code itself sent.
     */
    async startConfirmation(
      tx: Transaction,
      placed: OrderRow,
      contact: CodeMessage['to'],
      code: string,
      placedAt: Date,
    ): Promise<void> {
      const confirmBy = new Date(placedAt.getTime() + deps.confirmMinutes * 60_000);
      const expiresAt = codeExpiry(placedAt, confirmBy);
      await confirmations.insertConfirmation(tx, {
        orderId: placed.id,
        codeHash: hashCode(placed.id, code),
        codeExpiresAt: expiresAt,
        lastSentAt: placedAt,
        channel: sender.channel,
        sentTo: sender.destination(contact),
        confirmBy,
      });
      await sendCode(tx, placed, contact, code, expiresAt);
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
        await queueConfirmation(tx, updated, { publicUrl: deps.publicUrl, at: now() });
        return { kind: 'confirmed' as const, order: updated };
      });
      refuseWrongCode(outcome);
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
  };
}

export type CashOnDelivery = ReturnType<typeof createCashOnDelivery>;
