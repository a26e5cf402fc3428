import type {
  ApiMyOrder,
  ApiRefund,
  FulfilmentStatus,
  OrderEventActor,
  OrderState,
  PaymentStatus,
  ReturnStatus,
} from '../../../shared/api/orders.schemas';

/**
 * An order's statuses in the words a shopper reads on the order page. The API's values are codes
 * (`out_for_delivery`, `partially_refunded`); these say what each means for the customer.
 */

export const stateWords: Record<OrderState, string> = {
  placed: 'Placed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const paymentWords: Record<PaymentStatus, string> = {
  authorized: 'Payment authorised, not yet charged',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded in full',
};

export const fulfilmentWords: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Being prepared',
  packed: 'Packed, waiting for the courier',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned: 'Returned',
};

export const refundWords: Record<ApiRefund['status'], string> = {
  pending: 'In progress',
  processed: 'Refunded',
  failed: 'Failed',
};

export const returnWords: Record<ReturnStatus, string> = {
  requested: 'Requested, waiting for our approval',
  approved: 'Approved: please send the items back',
  rejected: 'Not accepted',
  received: 'Received by us',
};

export const actorWords: Record<OrderEventActor, string> = {
  customer: 'by you',
  staff: 'by Bharat Bazaar',
  system: 'automatic update',
};

/** The delivery steps, in order, for the progress bar; a cancelled or returned order leaves it. */
export const deliverySteps = [
  ['unfulfilled', 'Ordered'],
  ['packed', 'Packed'],
  ['shipped', 'Shipped'],
  ['out_for_delivery', 'Out for delivery'],
  ['delivered', 'Delivered'],
] as const satisfies readonly (readonly [FulfilmentStatus, string])[];

/**
 * Units of each line the customer can still ask to return: bought, less those in a return that
 * was not rejected (requested, approved or received).
 */
export function returnableUnits(order: Pick<ApiMyOrder, 'orderItems' | 'returns'>): Map<string, number> {
  const left = new Map(order.orderItems.map((line) => [line._id, line.quantity]));
  for (const ret of order.returns) {
    if (ret.status === 'rejected') continue;
    for (const line of ret.lines) {
      const units = left.get(line.lineId);
      if (units !== undefined) left.set(line.lineId, Math.max(0, units - line.quantity));
    }
  }
  return left;
}

/** A line's title as the customer bought it (the product may since have been renamed or removed). */
export function lineTitle(order: Pick<ApiMyOrder, 'orderItems'>, lineId: string): string {
  const line = order.orderItems.find((item) => item._id === lineId);
  return line ? line.title || line.product.title : 'An item';
}
