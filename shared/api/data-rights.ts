import type * as schemas from './data-rights.schemas.js';
import { endpoint } from './endpoint.js';

const tag = 'Your data';

export const exportMyData = endpoint<typeof schemas.exportMyData>({
  method: 'GET',
  path: '/api/user/me/export',
  access: 'customer',
  tag,
  summary: 'Download everything the shop holds about you',
  description:
    'A JSON file (Content-Disposition: attachment) with the account, its sign-ins, e-mail changes, ' +
    "password resets, orders and each order's invoice, refunds, returns, credit notes and timeline, cart, " +
    'wishlist, reviews, enquiries and tickets, and consents given and withdrawn. Limited to 10 per hour ' +
    'per account.',
  errors: [404, 429],
});

export const exportMyOrdersCsv = endpoint<typeof schemas.exportMyOrdersCsv>({
  method: 'GET',
  path: '/api/user/me/export/orders.csv',
  access: 'customer',
  tag,
  summary: 'Your orders as a spreadsheet',
  description:
    'text/csv, one row per item ordered: order number, date (India time), status, payment, item, colour, ' +
    'quantity, price, the order total and where it was delivered. Limited to 10 per hour per account.',
  errors: [429],
});

export const eraseMyAccount = endpoint<typeof schemas.eraseMyAccount>({
  method: 'DELETE',
  path: '/api/user/me',
  access: 'customer',
  tag,
  summary: 'Delete your account',
  description:
    'Needs `currentPassword` (403 when wrong; limited to 10 per 15 minutes per account). Refused with ' +
    '409 while an order is on its way, awaits its cash-on-delivery code, or has a return or refund ' +
    'open. At once: name, e-mail, mobile, sessions, cart, wishlist, back-in-stock requests, saved consents ' +
    'and the addresses of orders without a tax invoice are erased; reviews stay as "Former customer"; ' +
    'orders with an invoice keep what tax law requires for 8 years (decision 021). The old address gets an ' +
    'e-mail saying it was done, and the same e-mail and mobile can open a new account.',
  errors: [400, 403, 409, 429],
});

export const myMarketingChoice = endpoint<typeof schemas.myMarketingChoice>({
  method: 'GET',
  path: '/api/user/me/marketing',
  access: 'customer',
  tag,
  summary: 'Whether you receive offers by e-mail',
});

export const setMyMarketingChoice = endpoint<typeof schemas.setMyMarketingChoice>({
  method: 'PUT',
  path: '/api/user/me/marketing',
  access: 'customer',
  tag,
  summary: 'Give or withdraw consent to offers by e-mail',
  description: 'Each change is kept as a consent record with the privacy notice version in force.',
});

export const withdrawMarketingByLink = endpoint<typeof schemas.withdrawMarketingByLink>({
  method: 'POST',
  path: '/api/marketing/unsubscribe',
  access: 'public',
  tag,
  summary: 'Stop offers by e-mail from the link in one',
  description:
    'The `token` from the link in every marketing e-mail; no sign-in. Mail programs call it directly ' +
    '(RFC 8058 one-click, `List-Unsubscribe=One-Click` form body). A used token answers the same. ' +
    'Limited to 30 per 15 minutes per address.',
  errors: [400, 429],
});
