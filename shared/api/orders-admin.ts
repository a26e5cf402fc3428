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
  summary: 'Orders and net sales by month, this month and the 11 before (the original admin client)',
  description:
    '`[{_id: {month}, amount, count}]`, oldest month first; `month` is 0-based (0 = January). The same ' +
    "figures as the console dashboard's `months`: India months (UTC+05:30), cancelled orders left out, " +
    '`amount` the net sales in rupees (paid after discount, less processed refunds); months without ' +
    'counted orders are absent.',
});

export const legacyYearlyTotals = endpoint<typeof schemas.legacyYearlyTotals>({
  method: 'GET',
  path: '/api/user/getYearlyTotalOrders',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Orders and net sales over this month and the 11 before (the original admin client)',
  description:
    'One element, `[{_id: null, count, amount}]`: the sums of `getMonthWiseOrderIncome` (India months, ' +
    'cancelled orders left out, net of refunds); zeros when there are no orders.',
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
  summary:
    "The console's first page: sales today, this month, by day and by month; what waits; stock; top products",
  description:
    'India time (UTC+05:30). An order counts on the India day it was placed; cancelled orders ' +
    "(`state` cancelled) count neither as orders nor as sales; net sales = the sum of each counted order's " +
    'total after discount less its processed refunds, in rupees. `days`: today and the 29 days before, ' +
    '`months`: this month and the 11 before, oldest first, zero-filled. Waiting work: orders to pack ' +
    "(not yet packed) and to ship (packed), as the orders list's Ordered and Processing. `lowStock`: the " +
    'few products on sale with the fewest units among those low (1 to 5 left); `topProducts`: most units ' +
    'over the same 30 days, cancelled orders left out.',
});
