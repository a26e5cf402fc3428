import type * as schemas from './checkout.schemas.js';
import { endpoint } from './endpoint.js';

export const startCheckout = endpoint<typeof schemas.startCheckout>({
  method: 'POST',
  path: '/api/user/order/checkout',
  access: 'customer',
  tag: 'Checkout',
  summary: 'Start paying for the cart',
  description:
    "A provider order for the cart's amount (computed here; `amount` is ignored), with its stock held. " +
    'An optional `coupon` code is applied here, and one use of it held with the stock: 400 (field `coupon`) when ' +
    'it is unknown, not yet valid, expired, used up, used as often as one customer may, below its minimum order or ' +
    'for none of these items. The answer carries the `breakup` whose `total` is the amount charged. 409 names a ' +
    'product short of stock, or says the total changed when `expectedTotal` (rupees, what the shopper was shown) ' +
    'differs from it: nothing is ever charged but the total shown.',
  errors: [400, 409, 429, 503],
});

export const quoteCheckout = endpoint<typeof schemas.quoteCheckout>({
  method: 'POST',
  path: '/api/user/order/quote',
  access: 'customer',
  readOnly: true,
  tag: 'Checkout',
  summary: "The cart's total and its breakup, with a coupon",
  description:
    'What checking out now would charge, computed as the checkout computes it: items at MRP, product discount, ' +
    "the coupon (400 with the reason, field `coupon`, when it cannot be used), delivery (free from the shop's " +
    'threshold, after the coupon) and the GST included; an empty cart is all zeros. With `pincode`, delivery is ' +
    'priced to it (the shop’s rate card by zone and weight, when it charges so) and `deliveryBy` dates it; a ' +
    'pincode the shop does not deliver to is a 400 (field `pincode`). The breakup is paying online; ' +
    '`cashOnDelivery` says whether cash may pay and what it would add (`fee`) and come to (`total`, ' +
    '`taxIncluded`). Reserves nothing: the checkout checks the coupon again.',
  errors: [400, 429],
});

export const verifyPayment = endpoint<typeof schemas.verifyPayment>({
  method: 'POST',
  path: '/api/user/order/paymentVerification',
  access: 'customer',
  tag: 'Checkout',
  summary: 'Verify a payment',
  description: 'Signature checked against the stored order id; the provider must confirm the payment.',
  errors: [400, 404, 429, 503],
});

export const placeCashOnDeliveryOrder = endpoint<typeof schemas.placeCashOnDeliveryOrder>({
  method: 'POST',
  path: '/api/user/order/cod',
  access: 'customer',
  tag: 'Checkout',
  summary: 'Place the cart as a cash-on-delivery order',
  description:
    'The cart is priced here as for the online checkout (coupon, delivery, GST; `expectedTotal` as there), ' +
    'its stock taken at once, and the order placed unpaid and `unconfirmed`: a 6-digit code goes to the ' +
    "customer's e-mail, to confirm it with `POST /api/user/orders/{id}/confirm-cod` before it lapses " +
    '(`order.cod.confirmBy`; a lapsed order is cancelled and its stock released). The shop’s cash-on-delivery ' +
    'handling fee, when it charges one, is in the total (`order.codFee`, a line of `order.breakup`): the quote ' +
    'shows it (`cashOnDelivery.fee`, `.total`) and the order is placed only for the `expectedTotal` shown (400 ' +
    'without one when there is a fee). 400 when ' +
    "cash on delivery is not offered: above the shop's limit (₹50,000 unless set), to a pincode without " +
    'it, or turned off; 409 for a product short of stock or a total that changed.',
  errors: [400, 409, 429],
});
