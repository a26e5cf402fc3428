import type { OrderStatus } from '../../../../shared/api/orders.schemas';

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

/** "Mark as shipped": the button that moves an order to `status`. */
export function markLabel(status: OrderStatus): string {
  return `Mark as ${status.toLowerCase()}`;
}

/** What a move means for the customer and the shop, said in the confirmation. */
export const statusMeaning: Partial<Record<OrderStatus, string>> = {
  Processing: 'The order is being packed.',
  Shipped: 'The parcel has left with the courier.',
  'Out for delivery': 'The courier is delivering it today.',
  Delivered: 'The customer has received it.',
};
