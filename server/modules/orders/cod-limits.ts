import { formatPaise } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import * as confirmations from './cod-confirmations.repository.js';
import * as repository from './orders.repository.js';

/**
 * What one account, and one delivery address, may have open by cash on delivery (decision 034).
 * An unconfirmed order holds its stock until it lapses, and an unpaid one is goods on the road
 * that may come back refused: so one account has at most one order waiting for its code (as it
 * has one live checkout when paying online), and the cash-on-delivery limit (COD_MAX_ORDER) caps
 * the cash still to collect, per customer and per address, not each order alone: three orders of
 * ₹36,990 are ₹1,10,970 at the door. Called without a lock for a quick answer, and again by the
 * placement under the shopper's lock (and the address's), which is the one that counts.
 */

const timeFormat = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** 409 when the customer already has a cash-on-delivery order waiting for its code. */
export async function refuseSecondUnconfirmed(db: Executor, userId: string): Promise<void> {
  const [waiting] = await repository.unconfirmedCodOrdersOf(db, userId);
  if (!waiting) return;
  const confirmation = await confirmations.findConfirmation(db, waiting.id);
  const lapses = confirmation
    ? ` If it is not confirmed by ${timeFormat.format(confirmation.confirmBy)}, it is cancelled and you can order again.`
    : '';
  throw new AppError(
    409,
    `Your cash-on-delivery order ${waiting.orderNumber} is waiting for the code we sent you. Please confirm it (or ask for a new code) in My orders before placing another cash-on-delivery order.${lapses}`,
  );
}

const orderList = (orders: { orderNumber: string }[]) => orders.map((o) => o.orderNumber).join(', ');

/**
 * 400 when this order would take the cash still to collect from the customer, or at the delivery
 * address (from any account), over `maxPaise`; the message says how much is outstanding.
 */
export async function refuseOverCodLimit(
  db: Executor,
  order: { userId: string; amountPaise: number; shippingInfo: ShippingInfo },
  maxPaise: number,
): Promise<void> {
  const mine = await repository.outstandingCodOrders(db, { userId: order.userId });
  const owed = mine.reduce((sum, o) => sum + o.totalPaise, 0);
  if (owed > 0 && owed + order.amountPaise > maxPaise)
    throw badRequest(
      `Cash on delivery is available for up to ${formatPaise(maxPaise)} not yet paid. ${formatPaise(owed)} is still to be paid on delivery for your order${mine.length === 1 ? '' : 's'} ${orderList(mine)}, and this order is ${formatPaise(order.amountPaise)}. Please pay online, or order by cash on delivery again once those are paid.`,
    );
  const atAddress = await repository.outstandingCodOrders(db, { address: order.shippingInfo });
  const owedThere = atAddress.reduce((sum, o) => sum + o.totalPaise, 0);
  if (owedThere > 0 && owedThere + order.amountPaise > maxPaise)
    throw badRequest(
      `Cash on delivery is available for up to ${formatPaise(maxPaise)} not yet paid per delivery address. ${formatPaise(owedThere)} is still to be paid on delivery at this address, and this order is ${formatPaise(order.amountPaise)}. Please pay online.`,
    );
}

/** Everything above, under the shopper's lock (taken by the placement) and the address's. */
export async function refuseCashOnDelivery(
  db: Executor,
  order: { userId: string; amountPaise: number; shippingInfo: ShippingInfo },
  maxPaise: number,
): Promise<void> {
  await repository.lockCodAddress(db, order.shippingInfo);
  await refuseSecondUnconfirmed(db, order.userId);
  await refuseOverCodLimit(db, order, maxPaise);
}
