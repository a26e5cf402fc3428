import { endpoint } from './endpoint.js';
import type * as schemas from './order-actions.schemas.js';

/**
 * Staff actions on an order. Each goes through the order state machine under a lock on
 * the order: an impossible move is a 409 naming the reason; repeating a move already made changes
 * nothing. Each is an order event on the timeline and a record in the audit trail; the customer is
 * e-mailed where the issue says so. Answers the order as GET /api/admin/orders/:id does.
 */
const tag = 'Orders (staff)';
const errors = [400, 404, 409] as const;

export const packOrder = endpoint<typeof schemas.packOrder>({
  method: 'POST',
  path: '/api/admin/orders/:id/pack',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Mark an order packed',
  errors,
});

export const shipOrder = endpoint<typeof schemas.shipOrder>({
  method: 'POST',
  path: '/api/admin/orders/:id/ship',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Ship an order: carrier, AWB number and tracking link; the customer is e-mailed',
  errors,
});

export const markOutForDelivery = endpoint<typeof schemas.markOutForDelivery>({
  method: 'POST',
  path: '/api/admin/orders/:id/out-for-delivery',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Mark a shipped order out for delivery',
  errors,
});

export const markDelivered = endpoint<typeof schemas.markDelivered>({
  method: 'POST',
  path: '/api/admin/orders/:id/deliver',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Mark a shipped order delivered; the customer is e-mailed',
  errors,
});

export const cancelOrder = endpoint<typeof schemas.cancelOrder>({
  method: 'POST',
  path: '/api/admin/orders/:id/cancel',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Cancel an order that has not shipped: stock goes back, the payment is refunded in full',
  errors,
});

export const refundOrder = endpoint<typeof schemas.refundOrder>({
  method: 'POST',
  path: '/api/admin/orders/:id/refund',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Refund an amount, chosen lines, or everything left, with a reason',
  description:
    'Recorded before the payment provider is asked, with its id as the idempotency key, and settled from ' +
    "the provider's answer, its webhook or reconciliation: never twice, never above what was paid less what " +
    'is refunded or being refunded (409 naming what is left). A cash-on-delivery order is refunded by the ' +
    'shop itself: `payout` says how it was paid back (bank transfer or UPI, with the reference) and the refund ' +
    'is recorded as processed at once, with its credit note.',
  errors,
});

export const addOrderNote = endpoint<typeof schemas.addOrderNote>({
  method: 'POST',
  path: '/api/admin/orders/:id/notes',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: "Add a staff note to the order's timeline (customers do not see notes)",
  status: 201,
  errors: [400, 404],
});

export const approveReturn = endpoint<typeof schemas.approveReturn>({
  method: 'POST',
  path: '/api/admin/orders/:id/returns/:returnId/approve',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Approve a return request; the customer is e-mailed',
  errors,
});

export const rejectReturn = endpoint<typeof schemas.rejectReturn>({
  method: 'POST',
  path: '/api/admin/orders/:id/returns/:returnId/reject',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Reject a return request with a reason; the customer is e-mailed',
  errors,
});

export const receiveReturn = endpoint<typeof schemas.receiveReturn>({
  method: 'POST',
  path: '/api/admin/orders/:id/returns/:returnId/receive',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Receive returned goods: restock them if sellable, and refund the returned lines',
  errors,
});

export const collectCash = endpoint<typeof schemas.collectCash>({
  method: 'POST',
  path: '/api/admin/orders/:id/collect-cash',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Mark the cash of a delivered cash-on-delivery order collected: its payment becomes paid',
  description:
    'Only for a cash-on-delivery order that is delivered and unpaid (409 otherwise, saying why). Its ' +
    '`paidAt` becomes now. Repeating it changes nothing.',
  errors,
});
