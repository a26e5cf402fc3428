import { endpoint } from './endpoint.js';
import type * as schemas from './orders.schemas.js';

export const listMyOrders = endpoint<typeof schemas.listMyOrders>({
  method: 'GET',
  path: '/api/user/getmyorders',
  access: 'customer',
  tag: 'Orders',
  summary: 'My orders, newest first',
});

export const getMyOrder = endpoint<typeof schemas.getMyOrder>({
  method: 'GET',
  path: '/api/user/orders/:id',
  access: 'customer',
  tag: 'Orders',
  summary: 'One of my orders: lines, statuses, shipment, timeline, refunds and returns',
  description:
    'The getmyorders order (lines carry `_id`) plus `state`, `paymentStatus`, `fulfilmentStatus`, `shipment`, ' +
    '`events` (`[{type, at, by, title, note}]`), `refunds` (rupees), `returns` and what is `allowed` now. ' +
    "404 for an order that is not the caller's.",
  errors: [400, 404],
});

export const cancelMyOrder = endpoint<typeof schemas.cancelMyOrder>({
  method: 'POST',
  path: '/api/user/orders/:id/cancel',
  access: 'customer',
  tag: 'Orders',
  summary: 'Cancel my order before it ships; the full amount is refunded',
  description:
    'Allowed until the order ships (409 with the reason after). Stock goes back, the payment is refunded in ' +
    'full through the payment provider, and an e-mail confirms. Answers the order as GET does.',
  errors: [400, 404, 409],
});

export const changeMyOrderAddress = endpoint<typeof schemas.changeMyOrderAddress>({
  method: 'PUT',
  path: '/api/user/orders/:id/address',
  access: 'customer',
  tag: 'Orders',
  summary: 'Correct the delivery address of my order before it is packed',
  description:
    'While the order is not packed and has no tax invoice (a cash-on-delivery order before it ships; an order ' +
    'paid online is invoiced with its address when paid). Within the same state, to a pincode the shop ' +
    'serves (taking cash, for cash on delivery). 409 with the reason when it can no longer change; 400 ' +
    'naming the field otherwise. Answers the order as GET does.',
  errors: [400, 404, 409],
});

export const returnMyOrder = endpoint<typeof schemas.returnMyOrder>({
  method: 'POST',
  path: '/api/user/orders/:id/return',
  access: 'customer',
  tag: 'Orders',
  summary: 'Ask to return lines of a delivered order',
  description:
    'Within the return window after delivery (7 days unless the shop changed it); each line at most the units ' +
    'bought less those already being returned. Staff approve or reject it; once the goods arrive they refund ' +
    'the returned lines. 409 outside the window or for an order not delivered.',
  errors: [400, 404, 409],
});

export const confirmCashOnDelivery = endpoint<typeof schemas.confirmCashOnDelivery>({
  method: 'POST',
  path: '/api/user/orders/:id/confirm-cod',
  access: 'customer',
  tag: 'Orders',
  summary: 'Confirm my cash-on-delivery order with the code sent to me',
  description:
    'The 6-digit one-time code e-mailed when the order was placed (`POST /api/user/order/cod`). A right code ' +
    'confirms the order, which then goes to the warehouse, and the order confirmation is e-mailed; repeating ' +
    'it changes nothing. A wrong code is a 400 saying how many tries are left; after 5 wrong tries, or once ' +
    'the code has expired, a new code must be sent (`…/cod-code`). 409 once the order lapsed or was cancelled.',
  errors: [400, 404, 409, 429],
});

export const resendCashOnDeliveryCode = endpoint<typeof schemas.resendCashOnDeliveryCode>({
  method: 'POST',
  path: '/api/user/orders/:id/cod-code',
  access: 'customer',
  tag: 'Orders',
  summary: 'Send a new code to confirm my cash-on-delivery order',
  description:
    'Replaces the code (the old one stops working). At most one a minute and 5 per order (429 saying when ' +
    'to try again); 409 for an order that is confirmed, lapsed, cancelled or not cash on delivery.',
  errors: [404, 409, 429],
});

export const createOrder = endpoint<typeof schemas.createOrder>({
  method: 'POST',
  path: '/api/user/cart/create-order',
  access: 'customer',
  tag: 'Orders',
  summary: 'Place the order for a verified payment',
  description:
    'Built from what was paid for (client prices ignored); repeating it returns the same order. 409 when an item sold out meanwhile.',
  errors: [400, 404, 409, 429],
});
