import { endpoint } from './endpoint.js';
import type * as schemas from './shipments.schemas.js';

/**
 * Shipments through a courier provider (the built-in test courier unless SHIPPING_PROVIDER names
 * another): staff book parcels for an order's lines, print 4 x 6 inch labels, cancel before pickup;
 * the provider reports each scan by webhook, which moves the order on.
 */
const tag = 'Shipments (staff)';

export const createShipment = endpoint<typeof schemas.createShipment>({
  method: 'POST',
  path: '/api/admin/orders/:id/shipments',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Ship an order (or some of its lines) with the courier provider; answers the AWB',
  description:
    'Books one parcel with the provider for the lines given (`lines`: line ids and units), or every unit ' +
    'not yet in a parcel. The courier is the shop’s rule’s pick among the quoted ones (cheapest unless ' +
    'configured) or the one named in `courier`. The provider is called with the shipment’s id as its ' +
    'idempotency key. When every unit of the order is in a parcel, the order is shipped (the customer ' +
    'is e-mailed, a cash-on-delivery order is invoiced). 409 for a cancelled, unconfirmed cash-on-delivery, ' +
    'returned or already shipped order; 400 for lines not of the order or more units than are left; 502 ' +
    'when the provider does not answer (sending it again retries the same booking).',
  status: 201,
  errors: [400, 404, 409, 502],
});

export const shipOrders = endpoint<typeof schemas.shipOrders>({
  method: 'POST',
  path: '/api/admin/shipments/bulk',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Ship many orders at once: one parcel each with every unit left, by the shop’s courier rule',
  description:
    'Each order as `POST /api/admin/orders/{id}/shipments` with no body would ship it; an order that cannot ' +
    'ship is listed in `refused` with the reason, and the others still ship. Print their labels with ' +
    '`POST /api/admin/shipments/labels`.',
  errors: [400],
});

export const quoteShipment = endpoint<typeof schemas.quoteShipment>({
  method: 'POST',
  path: '/api/admin/orders/:id/shipments/quote',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The couriers the provider offers for a parcel of an order, with charge and promised days',
  readOnly: true,
  errors: [400, 404, 409, 502],
});

export const orderShipments = endpoint<typeof schemas.orderShipments>({
  method: 'GET',
  path: '/api/admin/orders/:id/shipments',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The parcels of an order, oldest first',
  errors: [400, 404],
});

export const cancelShipment = endpoint<typeof schemas.cancelShipment>({
  method: 'POST',
  path: '/api/admin/shipments/:id/cancel',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Cancel a parcel before pickup: the provider releases its AWB, its lines can ship again',
  description: 'After the courier picked it up: 409. Cancelling it again changes nothing.',
  errors: [400, 404, 409, 502],
});

export const shipmentLabel = endpoint<typeof schemas.shipmentLabel>({
  method: 'GET',
  path: '/api/admin/shipments/:id/label',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The 4 x 6 inch shipping label of a parcel, as a PDF',
  description:
    'application/pdf, 288 x 432 pt: the AWB as a Code 128 barcode and as text, the courier, the pickup and ' +
    'delivery addresses, the order number, the weight, and "Collect ₹…" for cash on delivery or "PREPAID".',
  errors: [400, 404, 409],
});

export const shipmentLabels = endpoint<typeof schemas.shipmentLabels>({
  method: 'POST',
  path: '/api/admin/shipments/labels',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'The labels of many parcels in one PDF, one page each (bulk printing)',
  readOnly: true,
  errors: [400, 404, 409],
});

export const receiveRto = endpoint<typeof schemas.receiveRto>({
  method: 'POST',
  path: '/api/admin/shipments/:id/rto-receipt',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Receive back a parcel returned to origin (RTO): its condition, what goes back to stock',
  description:
    'Only a parcel back at the shop (`rto_delivered`) can be received (409 otherwise, naming its status). ' +
    '`restock`: `"all"` or the lines and units that go back to stock (the resellable ones; `[]` for none). ' +
    'The receipt is recorded once; sending it again (or two people at once) changes nothing and answers ' +
    '`alreadyReceived`. A prepaid order is refunded, through its payment provider, what was paid for the ' +
    'parcel’s units (every one of them, whatever their condition: none reached the customer), and the ' +
    'delivery charge too when the whole order came back; a cash-on-delivery order has that much less to ' +
    'collect, with a credit note against its invoice. When every parcel of the order came back, the order ' +
    'is closed as returned.',
  errors: [400, 404, 409],
});

export const rtoParcels = endpoint<typeof schemas.rtoParcels>({
  method: 'GET',
  path: '/api/admin/shipments/returns-to-origin',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Parcels returned to origin: back at the shop awaiting receipt, and on their way back',
});

export const courierWebhook = endpoint<typeof schemas.courierWebhook>({
  method: 'POST',
  path: '/api/shipping/webhooks/:provider',
  access: 'public',
  tag: 'Shipments',
  summary: 'Tracking webhook of the courier provider',
  description:
    'Called by the active courier provider (404 for any other; Shiprocket also at `parcel-tracking`, as its ' +
    'panel refuses URLs naming it). The body is read as raw bytes and its signature or token checked (400 ' +
    'otherwise). A status the shop does not follow is answered `ignored`. A scan is recorded once (by its ' +
    'event id; Shiprocket sends none, so the shop derives one from AWB, status and time); a late, out-of-order ' +
    'scan never moves a parcel back. Out for delivery and delivered move the order when its last parcel ' +
    'gets there (a parcel coming back counts as at its end). An NDR (a failed delivery attempt) opens the ' +
    'parcel’s failed delivery: the customer is e-mailed to answer it, and staff see it in their queue; the ' +
    'parcel moving on closes it. A return to origin is put on the order’s timeline and the customer is told; ' +
    'the parcel back at the shop waits in the console’s list to be received.',
  errors: [400, 404],
});

export const testCourierEvent = endpoint<typeof schemas.testCourierEvent>({
  method: 'POST',
  path: '/api/shipping/test-courier/shipments/:awb/events',
  access: 'public',
  tag: 'Shipments',
  summary: 'Test courier: move a parcel on (picked up, in transit, ..., delivered, NDR, RTO)',
  description:
    'Served only while the built-in test courier is the provider. Sends the shop the signed webhook a ' +
    'real provider would, at once, and answers what the shop made of it. Send the same `eventId` again ' +
    'to replay a scan.',
  errors: [400, 404],
});

export const myOrderTracking = endpoint<typeof schemas.myOrderTracking>({
  method: 'GET',
  path: '/api/user/orders/:id/tracking',
  access: 'customer',
  tag: 'Orders',
  summary: 'Where the parcels of my order are: courier, AWB, status and the courier’s scans',
  description:
    '`parcels`: each parcel booked for the order (cancelled ones left out), oldest first, with its items and ' +
    'the courier’s scans oldest first (`at` ISO time, `location`, `description`). 404 for an order that is ' +
    "not the caller's.",
  errors: [400, 404],
});

export const answerFailedDelivery = endpoint<typeof schemas.answerFailedDelivery>({
  method: 'POST',
  path: '/api/user/orders/:id/delivery-attempt',
  access: 'customer',
  tag: 'Orders',
  summary:
    'Answer a failed delivery of my order: deliver again on a day, or with a corrected phone or address',
  description:
    '`reattempt` with `date` (YYYY-MM-DD, one of the days in the parcel’s `failedDelivery.days`) and ' +
    'optionally a new `phone` (Indian mobile) or a corrected `address` ({address, landmark, city, state}, ' +
    'the pincode stays the order’s); `update` with `phone` and/or `address`, delivered again on the ' +
    'next day the courier delivers. Applies to every parcel of the order waiting for an answer; a ' +
    'corrected phone or address becomes the order’s delivery address. Sending the same answer again ' +
    'changes nothing. 400 for a day not offered or another pincode; 404 for an order that is not the ' +
    'caller’s; 409 when no parcel waits for an answer, the window to answer has passed, another answer ' +
    'was given, or the courier refused it; 502 when the courier did not answer (nothing is recorded: ' +
    'send it again). Answers the order’s parcels as `GET /api/user/orders/{id}/tracking` does.',
  errors: [400, 404, 409, 429, 502],
});

export const failedDeliveryQueue = endpoint<typeof schemas.failedDeliveryQueue>({
  method: 'GET',
  path: '/api/admin/shipments/ndr',
  access: 'staff',
  permission: 'orders.read',
  tag,
  summary: 'Failed deliveries (NDRs) waiting: each parcel with its reason, attempt, deadline and any answer',
  description:
    'Every parcel whose last delivery attempt failed and that has not moved on since: unanswered ones ' +
    'first, soonest deadline first (at most 500).',
});

export const actOnFailedDelivery = endpoint<typeof schemas.actOnFailedDelivery>({
  method: 'POST',
  path: '/api/admin/shipments/:id/ndr',
  access: 'staff',
  permission: 'orders.write',
  tag,
  summary: 'Answer a parcel’s failed delivery: deliver again on a day, or return it to the shop',
  description:
    '`reattempt` with `date` (one of the row’s `days`) and optionally a new `phone`, or `return` (the ' +
    'courier brings the parcel back: return to origin). Passed to the courier; audited. The same answer ' +
    'again changes nothing; 409 when the parcel is not waiting for an answer or another was given, or ' +
    'the courier refused; 502 when the courier did not answer (nothing recorded).',
  errors: [400, 404, 409, 502],
});
