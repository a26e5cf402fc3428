import { endpoint } from './endpoint.js';
import type * as schemas from './orders-admin.schemas.js';

const tag = 'Orders (staff)';

export const legacyListOrders = endpoint<typeof schemas.legacyListOrders>({
  method: 'GET',
  path: '/api/user/getallorders',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Every order, newest first (the original admin client)',
  description:
    'Up to 10,000 orders as `{orders: [...]}`, each with `user` populated as `{_id, firstname, lastname, ' +
    "email, mobile}`; lines keep product and colour ids. `orderStatus` is in the admin client's words " +
    '("Processed", "Out For Delievery"; docs/spec-deviations.md).',
});

export const legacyGetOrder = endpoint<typeof schemas.legacyGetOrder>({
  method: 'GET',
  path: '/api/user/getOrder/:id',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'One order with its products (the original admin client)',
  description:
    '`{orders: order}` (the plural key holds one order): lines with the product populated and the ' +
    'colour as `{_id, title}`. 400 for a malformed id, 404 for an unknown one.',
  errors: [400, 404],
});

export const legacyUpdateOrder = endpoint<typeof schemas.legacyUpdateOrder>({
  method: 'PUT',
  path: '/api/user/updateOrder/:id',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: "Move an order on (the original admin client's status words)",
  description:
    'Status one of Ordered, Processed, Shipped, Out For Delievery (or Out For Delivery), Delivered, ' +
    'else 400. Orders only move forward: a step back, or any move of a cancelled or refunded order, ' +
    'is a 409 with the reason. Answers `{orders: updatedOrder}`.',
  errors: [400, 404, 409],
});

export const legacyMonthlyIncome = endpoint<typeof schemas.legacyMonthlyIncome>({
  method: 'GET',
  path: '/api/user/getMonthWiseOrderIncome',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Orders and income by month, this month and the 11 before (the original admin client)',
  description:
    '`[{_id: {month}, amount, count}]`, oldest month first; `month` is 0-based (0 = January) and taken ' +
    'from the order date in UTC; `amount` in rupees after discount; orders of every status count; ' +
    'months without orders are absent.',
});

export const legacyYearlyTotals = endpoint<typeof schemas.legacyYearlyTotals>({
  method: 'GET',
  path: '/api/user/getYearlyTotalOrders',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Orders and income over this month and the 11 before (the original admin client)',
  description: 'One element, `[{_id: null, count, amount}]`, zeros when there are no orders.',
});

export const listAdminOrders = endpoint<typeof schemas.listAdminOrders>({
  method: 'GET',
  path: '/api/admin/orders',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Orders for the console: filters, search, sort and pages',
  description:
    'Filter by status, India dates (inclusive) and payment method; `q` finds an order number (or its ' +
    'start), or the customer by e-mail, mobile or name. Newest first unless `sort`; 25 a page unless `limit`.',
  errors: [400],
});

export const getAdminOrder = endpoint<typeof schemas.getAdminOrder>({
  method: 'GET',
  path: '/api/admin/orders/:id',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'One order: lines, customer, address, payment, status and the next steps allowed',
  errors: [400, 404],
});

export const changeOrderStatus = endpoint<typeof schemas.changeOrderStatus>({
  method: 'PUT',
  path: '/api/admin/orders/:id/status',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Move an order on (Processing, Shipped, Out for delivery, Delivered)',
  description:
    'Forward only: a step back, or any move of a cancelled or refunded order, is a 409 with the reason. ' +
    'The same status again changes nothing. Recorded in the audit trail.',
  errors: [400, 404, 409],
});

export const adminDashboard = endpoint<typeof schemas.dashboard>({
  method: 'GET',
  path: '/api/admin/dashboard',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: "The console's first page: today, this month, the last 12 months, recent orders, what waits",
  description:
    'India time. Revenue (rupees, after discount) and order counts leave out cancelled and refunded orders.',
});
