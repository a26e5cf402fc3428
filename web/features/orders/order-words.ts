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

/** The message shown when a request fails without an answer from the shop we can show. */
export const UNKNOWN_FAILURE = 'Something went wrong on our side. Please try again.';

export const stateWords: Record<OrderState, string> = {
  // A cash-on-delivery order waiting for the code e-mailed to the customer.
  unconfirmed: 'Awaiting your confirmation',
  placed: 'Placed',
  cancelled: 'Cancelled',
  completed: 'Completed',
};

export const paymentWords: Record<PaymentStatus, string> = {
  // Cash on delivery, not yet collected.
  unpaid: 'To pay on delivery',
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

/**
 * A refund the shop paid out itself (a cash-on-delivery order has no payment to refund through the
 * provider): "Paid back by UPI, ref. 4321…". Null for a refund through the provider.
 */
export function payoutWords(refund: Pick<ApiRefund, 'method' | 'reference'>): string | null {
  if (refund.method === 'provider') return null;
  if (refund.method === 'not_collected')
    return `Not charged: parcel ${refund.reference ?? ''} came back to us undelivered`.replace('  ', ' ');
  const by = `Paid back by ${refund.method === 'upi' ? 'UPI' : 'bank transfer'}`;
  return refund.reference ? `${by}, ref. ${refund.reference}` : by;
}

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
