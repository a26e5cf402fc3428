import type {
  FulfilmentStatus,
  OrderPaymentMethod,
  OrderState,
  OrderStatus,
  PaymentStatus,
} from '../../../shared/api/orders.schemas.js';
import { conflict } from '../../lib/errors.js';

/**
 * The order state machine: an order has three statuses, as the best platforms keep
 * them — the order itself (placed, cancelled, completed), its payment (authorized, paid, partially
 * refunded, refunded) and its fulfilment (unfulfilled → packed → shipped → out for delivery →
 * delivered, or returned). Every move is planned here, under a lock on the order, and refused with
 * a 409 naming the reason; `orderStatus`, the one word the original clients read, is derived.
 *
 * Pure functions only: the service (order-lifecycle.service.ts) locks, writes and records events.
 */

export type Lifecycle = {
  orderNumber: string;
  state: OrderState;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  paymentMethod: OrderPaymentMethod;
};

const FLOW = [
  'unfulfilled',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly FulfilmentStatus[];
type FlowStatus = (typeof FLOW)[number];

const rank = (status: FulfilmentStatus) => FLOW.indexOf(status as FlowStatus);

const WORDS: Record<FulfilmentStatus, string> = {
  unfulfilled: 'not yet packed',
  packed: 'packed',
  shipped: 'shipped',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  returned: 'returned',
};

/**
 * The word the original clients read, from the three statuses. An unconfirmed cash-on-delivery
 * order reads "Ordered" (their list has no other word for it; the state machine refuses to pack it).
 */
export function derivedStatus(order: Omit<Lifecycle, 'orderNumber' | 'paymentMethod'>): OrderStatus {
  // First: an order whose parcels all came back undelivered is closed (cancelled) and returned.
  if (order.fulfilmentStatus === 'returned') return 'Returned';
  if (order.state === 'cancelled') return 'Cancelled';
  if (order.paymentStatus === 'refunded') return 'Refunded';
  switch (order.fulfilmentStatus) {
    case 'unfulfilled':
      return 'Ordered';
    case 'packed':
      return 'Processing';
    case 'shipped':
      return 'Shipped';
    case 'out_for_delivery':
      return 'Out for delivery';
    default:
      return 'Delivered';
  }
}

/** The payment status once `refundedPaise` of `paidPaise` has been given back. */
export function paymentStatusAfterRefunds(
  current: PaymentStatus,
  paidPaise: number,
  refundedPaise: number,
): PaymentStatus {
  if (current === 'unpaid') return 'unpaid';
  if (refundedPaise <= 0) return current === 'authorized' ? 'authorized' : 'paid';
  return refundedPaise >= paidPaise ? 'refunded' : 'partially_refunded';
}

function refuseIfClosed(order: Lifecycle, doing: string) {
  if (order.state === 'cancelled') {
    throw conflict(`Order ${order.orderNumber} was cancelled: it cannot be ${doing}.`);
  }
  if (order.fulfilmentStatus === 'returned') {
    throw conflict(`Order ${order.orderNumber} was returned: it cannot be ${doing}.`);
  }
  if (order.paymentStatus === 'refunded') {
    throw conflict(`Order ${order.orderNumber} was refunded in full: it cannot be ${doing}.`);
  }
}

export type FulfilmentStep = 'packed' | 'shipped' | 'out_for_delivery' | 'delivered';

/**
 * Checks a fulfilment step. The same step again is `false` (a double click changes nothing);
 * going back, delivering what never shipped, or moving a cancelled order is a 409.
 */
export function planFulfilment(order: Lifecycle, to: FulfilmentStep): boolean {
  if (order.fulfilmentStatus === to) return false;
  const doing = to === 'out_for_delivery' ? 'sent out for delivery' : to;
  refuseIfClosed(order, doing);
  if (order.state === 'unconfirmed') {
    throw conflict(
      `Order ${order.orderNumber} is cash on delivery and the customer has not confirmed it with their code yet: it cannot be ${doing} until they do (it lapses if they never do).`,
    );
  }
  const from = rank(order.fulfilmentStatus);
  if (rank(to) < from) {
    throw conflict(
      `Order ${order.orderNumber} is already ${WORDS[order.fulfilmentStatus]}: it cannot go back to ${WORDS[to]}. Orders only move forward.`,
    );
  }
  if ((to === 'out_for_delivery' || to === 'delivered') && from < rank('shipped')) {
    throw conflict(
      `Order ${order.orderNumber} has not shipped yet: ship it (with the carrier and AWB number) before it can be ${doing}.`,
    );
  }
  return true;
}

/** Whether the order may still be cancelled: placed and not yet handed to a carrier. */
export function canCancel(order: Lifecycle): boolean {
  return (
    (order.state === 'placed' || order.state === 'unconfirmed') &&
    rank(order.fulfilmentStatus) < rank('shipped') &&
    rank(order.fulfilmentStatus) >= 0
  );
}

/** Checks a cancellation; `false` when it is already cancelled (nothing to do). */
export function planCancel(order: Lifecycle): boolean {
  if (order.state === 'cancelled') return false;
  if (canCancel(order)) return true;
  if (order.fulfilmentStatus === 'returned' || order.paymentStatus === 'refunded')
    refuseIfClosed(order, 'cancelled');
  throw conflict(
    `Order ${order.orderNumber} has already ${order.fulfilmentStatus === 'delivered' ? 'been delivered' : 'shipped'}, so it can no longer be cancelled. ${
      order.fulfilmentStatus === 'delivered'
        ? 'A return can be asked for instead.'
        : 'Once it arrives, it can be returned.'
    }`,
  );
}

/** Checks a refund of `amountPaise` when `refundablePaise` is left; a 409 names what is left. */
export function planRefund(
  order: Lifecycle,
  amountPaise: number,
  refundablePaise: number,
  rupees: (paise: number) => string,
) {
  if (refundablePaise <= 0) {
    throw conflict(`Order ${order.orderNumber} has nothing left to refund.`);
  }
  if (amountPaise > refundablePaise) {
    throw conflict(
      `Only ${rupees(refundablePaise)} of order ${order.orderNumber} is left to refund (paid, less what is refunded or being refunded): ${rupees(amountPaise)} is too much.`,
    );
  }
}

/**
 * Checks marking a cash-on-delivery order's cash collected: `false` when it already is (nothing to
 * do); a 409 for an order paid online, not delivered yet, or cancelled.
 */
export function planCollectCash(order: Lifecycle): boolean {
  if (order.paymentMethod !== 'cod')
    throw conflict(`Order ${order.orderNumber} was paid online: there is no cash to collect.`);
  if (order.paymentStatus !== 'unpaid') return false;
  if (order.state === 'cancelled')
    throw conflict(`Order ${order.orderNumber} was cancelled: there is no cash to collect.`);
  if (order.fulfilmentStatus !== 'delivered')
    throw conflict(
      `Order ${order.orderNumber} is ${WORDS[order.fulfilmentStatus]}: the cash is collected on delivery, so mark it delivered first.`,
    );
  return true;
}

/** Whether a return can be asked for: delivered (or completed) and within the window. */
export function returnDeadline(deliveredAt: Date | null, windowDays: number): Date | null {
  if (!deliveredAt) return null;
  return new Date(deliveredAt.getTime() + windowDays * 86_400_000);
}

export function planReturnRequest(order: Lifecycle, deadline: Date | null, now: Date) {
  if (order.state === 'cancelled')
    throw conflict(`Order ${order.orderNumber} was cancelled: there is nothing to return.`);
  if (order.fulfilmentStatus !== 'delivered' || !deadline) {
    throw conflict(
      order.fulfilmentStatus === 'returned'
        ? `Order ${order.orderNumber} has already been returned.`
        : `Order ${order.orderNumber} has not been delivered yet: a return can be asked for once it arrives.`,
    );
  }
  if (now > deadline) {
    throw conflict(
      `The return window for order ${order.orderNumber} closed on ${deadline.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' })}.`,
    );
  }
}
