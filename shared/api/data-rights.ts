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
    'password resets, orders, cart, wishlist, reviews and enquiries. Limited to 10 per hour per account.',
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
