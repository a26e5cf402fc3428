import type { OrderStatus } from '../../../shared/api/orders.schemas.js';
import { conflict } from '../../lib/errors.js';

/**
 * Where an order may go next: the one state machine every status change goes through (the
 * console, the original admin client, and issue 14's cancellations and refunds when they come).
 *
 * Fulfilment only moves forward along FLOW, and may skip steps (a parcel handed straight to the
 * customer goes Ordered → Delivered). Going back would tell the customer something false ("your
 * order is no longer shipped"), so it is refused with a message saying why. Cancelled and Refunded
 * end an order: nothing moves it again from here (issue 14 adds the moves into them, with the
 * refund and the stock they need).
 */
const FLOW = [
  'Ordered',
  'Processing',
  'Shipped',
  'Out for delivery',
  'Delivered',
] as const satisfies readonly OrderStatus[];
type FlowStatus = (typeof FLOW)[number];

const FINAL: readonly OrderStatus[] = ['Cancelled', 'Refunded'];

const isFlow = (status: OrderStatus): status is FlowStatus =>
  (FLOW as readonly OrderStatus[]).includes(status);

/** The statuses staff may move an order to from `from`, in order. */
export function nextStatuses(from: OrderStatus): OrderStatus[] {
  if (!isFlow(from)) return [];
  return FLOW.slice(FLOW.indexOf(from) + 1);
}

export type StatusChange = { kind: 'unchanged' } | { kind: 'move'; from: OrderStatus; to: OrderStatus };

/**
 * Checks a requested move; a 409 names the reason. The same status again is `unchanged` (a
 * repeated request, a double click), not an error.
 */
export function planStatusChange(orderNumber: string, from: OrderStatus, to: OrderStatus): StatusChange {
  if (from === to) return { kind: 'unchanged' };
  if (FINAL.includes(from)) {
    throw conflict(`Order ${orderNumber} is ${from.toLowerCase()}: its status can no longer change.`);
  }
  if (!isFlow(to)) {
    throw conflict(
      `An order is not ${to.toLowerCase()} by changing its status: cancelling or refunding returns money and stock, which a status change does not do.`,
    );
  }
  if (FLOW.indexOf(to) < FLOW.indexOf(from as FlowStatus)) {
    throw conflict(
      `Order ${orderNumber} is already ${from}: it cannot go back to ${to}. Orders only move forward.`,
    );
  }
  return { kind: 'move', from, to };
}
