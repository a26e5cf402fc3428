import { endpoint } from './endpoint.js';
import type * as schemas from './restock-alerts.schemas.js';

const tag = 'Back-in-stock alerts';

export const notifyMe = endpoint<typeof schemas.notifyMe>({
  method: 'POST',
  path: '/api/product/:id/notify-me',
  access: 'customer',
  tag,
  summary: 'Ask to be told when a sold-out product or size is back',
  description:
    'One open request per shopper and product (or size: `variantId`, required when the product has options); ' +
    'asking again keeps that one and takes the new channels. E-mail always; `sms` and `whatsapp` only to a ' +
    'verified mobile number. When stock returns, the first shoppers to ask, as many as units came back, get ' +
    'one alert each (never between 21:00 and 09:00 India time: it waits for 09:00). 409 when it is in stock.',
  errors: [400, 404, 409],
});

export const cancelNotifyMe = endpoint<typeof schemas.cancelNotifyMe>({
  method: 'DELETE',
  path: '/api/product/:id/notify-me',
  access: 'customer',
  tag,
  summary: 'Stop waiting for a product or size',
  description:
    'Cancels the open request for the product (or the size in `variantId`); `cancelled: false` when there was none.',
  errors: [400, 404],
});

export const myRestockRequests = endpoint<typeof schemas.myRestockRequests>({
  method: 'GET',
  path: '/api/user/me/notify-me',
  access: 'customer',
  tag,
  summary: 'The products and sizes the shopper waits for',
  description: 'Open requests, oldest first, and the channels the shopper may choose besides e-mail.',
});

export const restockOverview = endpoint<typeof schemas.restockOverview>({
  method: 'GET',
  path: '/api/admin/back-in-stock',
  access: 'staff',
  permission: 'catalogue',
  tag: 'Back-in-stock alerts (staff)',
  summary: 'Shoppers waiting per product and size, and the alerts lately sent',
});
