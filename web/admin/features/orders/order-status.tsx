import type {
  FulfilmentStatus,
  OrderEventActor,
  OrderState,
  OrderStatus,
  PaymentStatus,
  RefundMethod,
  ReturnStatus,
} from '../../../../shared/api/orders.schemas';

const tone: Record<OrderStatus, string> = {
  Ordered: 'badge--warning',
  Processing: 'badge--warning',
  Shipped: '',
  'Out for delivery': '',
  Delivered: 'badge--success',
  Cancelled: 'badge--muted',
  Refunded: 'badge--danger',
  Returned: 'badge--muted',
};

/** Every status, in the order an order goes through them (a type-only import keeps zod out of the page). */
export const allOrderStatuses = Object.keys(tone) as OrderStatus[];

/** An order's status as a badge: amber while it waits on the shop, green once delivered. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge ${tone[status]}`}>{status}</span>;
}

/** A word and the badge colour it is shown in. */
type Worded = { label: string; tone: string };

/**
 * The order itself (one of its three statuses, kept apart; `OrderStatus` is derived from them).
 * Unconfirmed: cash on delivery waiting for the customer's one-time code (the list calls it Ordered).
 */
export const orderStateWords: Record<OrderState, Worded> = {
  unconfirmed: { label: "Awaiting customer's code", tone: 'badge--warning' },
  placed: { label: 'Placed', tone: '' },
  cancelled: { label: 'Cancelled', tone: 'badge--muted' },
  completed: { label: 'Completed', tone: 'badge--success' },
};

export const paymentStatusWords: Record<PaymentStatus, Worded> = {
  unpaid: { label: 'Unpaid (cash on delivery)', tone: 'badge--warning' },
  authorized: { label: 'Authorised, not captured', tone: 'badge--warning' },
  paid: { label: 'Paid', tone: 'badge--success' },
  partially_refunded: { label: 'Partly refunded', tone: 'badge--warning' },
  refunded: { label: 'Refunded', tone: 'badge--danger' },
};

export const fulfilmentStatusWords: Record<FulfilmentStatus, Worded> = {
  unfulfilled: { label: 'Not packed yet', tone: 'badge--warning' },
  packed: { label: 'Packed', tone: 'badge--warning' },
  shipped: { label: 'Shipped', tone: '' },
  out_for_delivery: { label: 'Out for delivery', tone: '' },
  delivered: { label: 'Delivered', tone: 'badge--success' },
  returned: { label: 'Returned', tone: 'badge--muted' },
};

/** How a refund reached the customer: back through the provider, or paid out by staff (COD). */
export const refundMethodWords: Record<RefundMethod, string> = {
  provider: 'Payment provider',
  bank_transfer: 'Bank transfer',
  upi: 'UPI',
  not_collected: 'Not collected: the parcel came back',
};

export const refundStatusWords: Record<'pending' | 'processed' | 'failed', Worded> = {
  pending: { label: 'Pending', tone: 'badge--warning' },
  processed: { label: 'Processed', tone: 'badge--success' },
  failed: { label: 'Failed', tone: 'badge--danger' },
};

export const returnStatusWords: Record<ReturnStatus, Worded> = {
  requested: { label: 'Requested', tone: 'badge--warning' },
  approved: { label: 'Approved, awaiting the goods', tone: '' },
  rejected: { label: 'Rejected', tone: 'badge--muted' },
  received: { label: 'Received', tone: 'badge--success' },
};

/** A payment record's status as the provider reported it (authorized, captured, failed, refunded). */
export const providerPaymentWords: Record<string, Worded> = {
  created: { label: 'Created, not paid', tone: 'badge--muted' },
  authorized: { label: 'Authorised', tone: 'badge--warning' },
  captured: { label: 'Captured', tone: 'badge--success' },
  failed: { label: 'Failed', tone: 'badge--danger' },
  refunded: { label: 'Refunded', tone: 'badge--danger' },
};

export const actorWords: Record<OrderEventActor, string> = {
  customer: 'Customer',
  staff: 'Staff',
  system: 'System',
};

/** A status in words as a badge; an unknown value is shown as it came. */
export function WordBadge({ words, value }: { words: Record<string, Worded>; value: string }) {
  const worded = words[value] ?? { label: value, tone: '' };
  return <span className={`badge ${worded.tone}`.trim()}>{worded.label}</span>;
}
