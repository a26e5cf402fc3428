import { endpoint } from './endpoint.js';
import type * as schemas from './shipping.schemas.js';

/*
 * Delivery charges and promises: the product page's estimate for a pincode, and the console's
 * shipping settings. The checkout's quote carries the same for the cart (shared/api/checkout.ts).
 */
const tag = 'Delivery';

export const shippingEstimate = endpoint<typeof schemas.shippingEstimate>({
  method: 'GET',
  path: '/api/shipping/estimate',
  access: 'public',
  tag,
  summary: 'Delivery charge and date of a product to a pincode',
  description:
    '`pincode`, `productId`, optional `variantId` (else the product page’s first) and `quantity` (1-10, ' +
    'default 1). Answers `{serviceable, charge, deliveryBy, cod, codFee, zone, message}`: `charge` in rupees ' +
    'as the checkout would charge it for this alone (0 from the free-delivery threshold; in live mode the ' +
    'courier provider’s quote between the shop’s floor and cap, or the rate card when the provider does not ' +
    'answer in time), `codFee` what paying in cash would add (0 without cash on delivery), `deliveryBy` the ' +
    'estimated day (`YYYY-MM-DD`, India time: dispatched the same day before 14:00, Sundays not counted). A ' +
    'pincode the shop does not deliver to answers `serviceable: false` with a `message`. A malformed pincode, ' +
    'an unknown product or variant, or a bad quantity is a 400.',
  errors: [400, 429],
});

export const shippingSettings = endpoint<typeof schemas.shippingSettings>({
  method: 'GET',
  path: '/api/admin/shipping/settings',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The shop’s shipping settings',
  description:
    'How delivery is charged (`mode` flat, card or live, with live rates’ `liveFloor` and `liveCap`), the ' +
    'cash-on-delivery handling fee (`codFee` rupees plus `codFeePercent` of the order), the default parcel for variants without a ' +
    'weight or box, the rate card (one row per zone, rupees per 0.5 kg slab, promised days) and the pickup ' +
    'address.',
});

export const saveShippingSettings = endpoint<typeof schemas.saveShippingSettings>({
  method: 'PUT',
  path: '/api/admin/shipping/settings',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Change the shop’s shipping settings',
  description:
    'Replaces the settings with the body (audited). The rate card lists all five zones once each (city, ' +
    'state, metro, rest, special) or none; `mode: card` needs the rate card and a pickup address; `mode: live` ' +
    'those too (the card answers when the provider does not) and `liveCap` above 0, never below `liveFloor`. ' +
    'The COD fee is shown at checkout before the shopper chooses and charged only on orders paid in cash.',
  errors: [400],
});
