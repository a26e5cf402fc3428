import type {
  ApiMyOrder,
  ApiRefund,
  FulfilmentStatus,
  OrderEventActor,
  OrderState,
  OrderStatus,
  PaymentStatus,
  ReturnStatus,
} from '../../../shared/api/orders.schemas';
import type { Translate } from '../../i18n/i18n';

/**
 * An order's statuses in the words a shopper reads on the order page, in the page's language
 * (`t` of a page with the `orders` messages). The API's values are codes (`out_for_delivery`,
 * `partially_refunded`); these say what each means for the customer.
 */

/** The message shown when a request fails without an answer from the shop we can show. */
export const unknownFailure = (t: Translate) => t('order.failure');

export const stateWords = (t: Translate): Record<OrderState, string> => ({
  // A cash-on-delivery order waiting for the code e-mailed to the customer.
  unconfirmed: t('order.state.unconfirmed'),
  placed: t('order.state.placed'),
  cancelled: t('order.state.cancelled'),
  completed: t('order.state.completed'),
});

export const paymentWords = (t: Translate): Record<PaymentStatus, string> => ({
  // Cash on delivery, not yet collected.
  unpaid: t('order.payment.unpaid'),
  authorized: t('order.payment.authorized'),
  paid: t('order.payment.paid'),
  partially_refunded: t('order.payment.partlyRefunded'),
  refunded: t('order.payment.refunded'),
});

export const fulfilmentWords = (t: Translate): Record<FulfilmentStatus, string> => ({
  unfulfilled: t('order.fulfilment.unfulfilled'),
  packed: t('order.fulfilment.packed'),
  shipped: t('order.fulfilment.shipped'),
  out_for_delivery: t('order.fulfilment.outForDelivery'),
  delivered: t('order.fulfilment.delivered'),
  returned: t('order.fulfilment.returned'),
});

/** The order's one-word status (the words the original clients read, the API's `orderStatus`). */
export const statusWords = (t: Translate): Record<OrderStatus, string> => ({
  Ordered: t('orders.status.ordered'),
  Processing: t('orders.status.processing'),
  Shipped: t('orders.status.shipped'),
  'Out for delivery': t('orders.status.outForDelivery'),
  Delivered: t('orders.status.delivered'),
  Cancelled: t('orders.status.cancelled'),
  Refunded: t('orders.status.refunded'),
  Returned: t('orders.status.returned'),
});

export const refundWords = (t: Translate): Record<ApiRefund['status'], string> => ({
  pending: t('order.refund.pending'),
  processed: t('order.refund.processed'),
  failed: t('order.refund.failed'),
});

/**
 * A refund the shop paid out itself (a cash-on-delivery order has no payment to refund through the
 * provider): "Paid back by UPI, ref. 4321…". Null for a refund through the provider.
 */
export function payoutWords(refund: Pick<ApiRefund, 'method' | 'reference'>, t: Translate): string | null {
  if (refund.method === 'provider') return null;
  if (refund.method === 'not_collected')
    return refund.reference
      ? t('order.refund.notCollected', { awb: refund.reference })
      : t('order.refund.notCollectedParcel');
  const way = refund.method === 'upi' ? 'UPI' : t('order.refund.bankTransfer');
  return refund.reference
    ? t('order.refund.paidBackRef', { way, reference: refund.reference })
    : t('order.refund.paidBack', { way });
}

export const returnWords = (t: Translate): Record<ReturnStatus, string> => ({
  requested: t('order.returnStatus.requested'),
  approved: t('order.returnStatus.approved'),
  rejected: t('order.returnStatus.rejected'),
  received: t('order.returnStatus.received'),
});

export const actorWords = (t: Translate): Record<OrderEventActor, string> => ({
  customer: t('order.actor.customer'),
  staff: t('order.actor.staff'),
  system: t('order.actor.system'),
});

/** The delivery steps, in order, for the progress bar; a cancelled or returned order leaves it. */
export const deliverySteps = [
  'unfulfilled',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly FulfilmentStatus[];

/** Each delivery step's name on the progress bar. */
export const stepWords = (t: Translate): Record<(typeof deliverySteps)[number], string> => ({
  unfulfilled: t('order.step.ordered'),
  packed: t('order.step.packed'),
  shipped: t('order.step.shipped'),
  out_for_delivery: t('order.step.outForDelivery'),
  delivered: t('order.step.delivered'),
});

/**
 * Units of each line the customer can still ask to return, as the server counts them: bought,
 * less those in a return not rejected and those that came back to the shop undelivered.
 */
export function returnableUnits(order: Pick<ApiMyOrder, 'allowed'>): Map<string, number> {
  return new Map(order.allowed.returnable.map((line) => [line.lineId, line.quantity]));
}

/** A line's title as the customer bought it (the product may since have been renamed or removed). */
export function lineTitle(order: Pick<ApiMyOrder, 'orderItems'>, lineId: string, t: Translate): string {
  const line = order.orderItems.find((item) => item._id === lineId);
  return line ? line.title || line.product.title : t('order.anItem');
}
