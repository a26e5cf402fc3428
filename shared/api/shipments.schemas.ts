import * as z from 'zod/mini';
import { addressFields } from '../schemas/address.js';
import { lineQuantities, lineQuantity, orderPaymentMethods } from './orders.schemas.js';
import { idParams } from './orders-admin.schemas.js';

/**
 * Parcels booked with a courier provider: "Ship" from the console, labels, cancelling before
 * pickup, and the provider's tracking events.
 */

/**
 * A parcel's status: `pending` until the provider answers with an AWB (`booked`), then as the
 * courier scans it; `failed` when the provider refused it, `cancelled` when released before pickup.
 */
export const shipmentStatuses = [
  'pending',
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'ndr',
  'delivered',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
  'failed',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** The statuses a courier reports, as the test courier's events endpoint and webhooks spell them. */
export const courierEventStatuses = [
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'ndr',
  'rto-initiated',
  'rto-delivered',
] as const;
export type CourierEventStatus = (typeof courierEventStatuses)[number];

/**
 * The answers to a failed delivery attempt (an NDR): deliver again on a day (`reattempt`), deliver
 * again with a corrected phone or address (`update`, on the next day the courier delivers), or
 * give up and bring the parcel back to the shop (`return`, staff only).
 */
export const ndrAnswerKinds = ['reattempt', 'update', 'return'] as const;
export type NdrAnswerKind = (typeof ndrAnswerKinds)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a parcel returned to origin (RTO) came back to the shop. */
export const rtoConditions = ['intact', 'damaged', 'missing-items'] as const;
export type RtoCondition = (typeof rtoConditions)[number];

/** A parcel returned to origin, received back: condition, units put back in stock, note, who, when. */
export const rtoReceiptAnswer = z.object({
  condition: z.enum(rtoConditions),
  restocked: z.array(z.object({ lineId: z.string(), quantity: z.number() })),
  note: z.nullable(z.string()),
  receivedAt: z.string(),
});

const courierName = z.optional(
  z
    .string({ error: 'The courier must be text' })
    .check(z.trim(), z.minLength(1, 'Choose a courier'), z.maxLength(80, 'The courier name is too long')),
);

/** One parcel, as the console reads it. Money in rupees. */
export const shipmentAnswer = z.object({
  _id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  courier: z.string(),
  awb: z.nullable(z.string()),
  status: z.enum(shipmentStatuses),
  trackingUrl: z.nullable(z.string()),
  charge: z.number(),
  promisedDays: z.nullable(z.number()),
  weightGrams: z.number(),
  codAmount: z.number(),
  pickupDate: z.nullable(z.string()),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number() })),
  createdAt: z.string(),
  cancelledAt: z.nullable(z.string()),
  /** Set once a parcel returned to origin is received back at the shop. */
  rtoReceipt: z.nullable(rtoReceiptAnswer),
});
export type ApiShipment = z.output<typeof shipmentAnswer>;

/** A courier the provider offers for a parcel: its charge (rupees) and promised days. */
export const courierOptionAnswer = z.object({
  courier: z.string(),
  charge: z.number(),
  days: z.number(),
});

const shipmentParams = idParams('shipment');

export const createShipment = {
  params: idParams('order'),
  body: z.optional(z.object({ lines: z.optional(lineQuantities), courier: courierName })),
  response: shipmentAnswer,
};

export const quoteShipment = {
  params: idParams('order'),
  body: z.optional(z.object({ lines: z.optional(lineQuantities) })),
  response: z.object({
    weightGrams: z.number(),
    codAmount: z.number(),
    options: z.array(courierOptionAnswer),
    /** The courier the shop's rule picks when staff name none. */
    chosen: z.string(),
  }),
};

export const orderShipments = {
  params: idParams('order'),
  response: z.object({ shipments: z.array(shipmentAnswer) }),
};

export const cancelShipment = {
  params: shipmentParams,
  body: z.optional(
    z.object({ reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'Please keep it short'))) }),
  ),
  response: shipmentAnswer,
};

/** The answer is application/pdf; the schema documents it as a string. */
const pdf = z.string().check(z.describe('application/pdf'));

export const shipmentLabel = { params: shipmentParams, response: pdf };

export const shipmentLabels = {
  body: z.object({
    ids: z
      .array(z.string().check(z.regex(UUID, 'That is not a valid shipment id')), {
        error: 'Choose the shipments to print',
      })
      .check(
        z.minLength(1, 'Choose at least one shipment'),
        z.maxLength(200, 'Print at most 200 labels at once'),
      ),
  }),
  response: pdf,
};

export const shipOrders = {
  body: z.object({
    orderIds: z
      .array(z.string().check(z.regex(UUID, 'That is not a valid order id')), {
        error: 'Choose the orders to ship',
      })
      .check(z.minLength(1, 'Choose at least one order'), z.maxLength(50, 'Ship at most 50 orders at once')),
  }),
  response: z.object({
    shipments: z.array(shipmentAnswer),
    /** The orders that could not ship, each with the reason (as the single ship's error says it). */
    refused: z.array(z.object({ orderId: z.string(), message: z.string() })),
  }),
};

export const courierWebhook = {
  params: z.object({ provider: z.string().check(z.maxLength(40)) }),
  /** `ignored`: a verified report of a status the shop does not follow (out for pickup, delayed...). */
  response: z.object({ status: z.enum(['processed', 'duplicate', 'unknown-shipment', 'ignored']) }),
};

export const testCourierEvent = {
  params: z.object({
    awb: z.string().check(z.regex(/^[A-Za-z0-9-]{4,40}$/, 'That is not an AWB number')),
  }),
  body: z.object({
    status: z.enum(courierEventStatuses, {
      error: `The status must be one of ${courierEventStatuses.join(', ')}`,
    }),
    reason: z.optional(z.string().check(z.trim(), z.maxLength(200, 'Please keep the reason short'))),
    /** The scan's id; left out, a new one (a test replays a scan by sending the same id). */
    eventId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/, 'That is not an event id'))),
    location: z.optional(z.string().check(z.trim(), z.maxLength(80, 'Please keep the location short'))),
  }),
  response: z.object({
    eventId: z.string(),
    status: z.enum(['processed', 'duplicate', 'unknown-shipment']),
  }),
};

/** A courier's scan of a parcel as the customer reads it: when (ISO), where, what. */
export const trackingScanAnswer = z.object({
  /** The parcel's status the scan moved it to (picked_up, in_transit, ndr...). */
  status: z.string(),
  at: z.string(),
  location: z.nullable(z.string()),
  description: z.nullable(z.string()),
});

/** The answer given to a failed delivery attempt: what, by whom, when (ISO), the day asked (YYYY-MM-DD). */
export const ndrAnswer = z.object({
  kind: z.enum(ndrAnswerKinds),
  by: z.enum(['customer', 'staff']),
  /** The day the courier is to deliver again; null for a return to the shop. */
  day: z.nullable(z.string()),
  phoneChanged: z.boolean(),
  addressChanged: z.boolean(),
  at: z.string(),
});
export type ApiNdrAnswer = z.output<typeof ndrAnswer>;

/**
 * A parcel's failed delivery attempt still open (the parcel has not moved on since): the courier's
 * reason, when (ISO), which attempt, the deadline to answer, the days a re-attempt may be asked
 * for now (YYYY-MM-DD, India), and the answer once given. `awaitingAnswer`: no answer yet and the
 * window still open.
 */
export const failedDeliveryAnswer = z.object({
  attempt: z.number(),
  reason: z.string(),
  at: z.string(),
  respondBy: z.string(),
  awaitingAnswer: z.boolean(),
  days: z.array(z.string()),
  answer: z.nullable(ndrAnswer),
});
export type ApiFailedDelivery = z.output<typeof failedDeliveryAnswer>;

/** One parcel of the customer's order: its courier, AWB, status, what is in it and its scans, oldest first. */
export const parcelTrackingAnswer = z.object({
  courier: z.string(),
  awb: z.nullable(z.string()),
  status: z.enum(shipmentStatuses),
  trackingUrl: z.nullable(z.string()),
  items: z.array(z.object({ title: z.string(), quantity: z.number() })),
  scans: z.array(trackingScanAnswer),
  /** The failed delivery attempt still open, if there is one (see failedDeliveryAnswer). */
  failedDelivery: z.nullable(failedDeliveryAnswer),
});
export type ApiParcelTracking = z.output<typeof parcelTrackingAnswer>;

export const myOrderTracking = {
  params: idParams('order'),
  response: z.object({ parcels: z.array(parcelTrackingAnswer) }),
};

const ndrDay = z.optional(
  z
    .string({ error: 'Choose a day' })
    .check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day (YYYY-MM-DD)')),
);

/** A corrected delivery address: the order's address shape; the pincode, if sent, must be the order's. */
const correctedAddress = z.optional(
  z.object(
    {
      address: addressFields.address,
      landmark: addressFields.landmark,
      city: addressFields.city,
      state: addressFields.state,
      pincode: z.optional(addressFields.pincode),
    },
    { error: 'The corrected address must be an object with address, landmark, city and state' },
  ),
);
export type CorrectedAddress = NonNullable<z.output<typeof correctedAddress>>;

export const answerFailedDelivery = {
  params: idParams('order'),
  body: z.object({
    action: z.enum(['reattempt', 'update'], { error: 'The action must be reattempt or update' }),
    date: ndrDay,
    phone: addressFields.mobile,
    address: correctedAddress,
  }),
  response: z.object({ parcels: z.array(parcelTrackingAnswer) }),
};
export type FailedDeliveryAnswerInput = z.output<typeof answerFailedDelivery.body>;

/** A parcel in the staff's queue of failed deliveries. */
export const failedDeliveryQueueRow = z.object({
  shipmentId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.nullable(z.string()), phone: z.nullable(z.string()) }),
  courier: z.string(),
  awb: z.nullable(z.string()),
  status: z.enum(shipmentStatuses),
  failedDelivery: failedDeliveryAnswer,
});
export type ApiFailedDeliveryQueueRow = z.output<typeof failedDeliveryQueueRow>;

export const failedDeliveryQueue = {
  response: z.object({ parcels: z.array(failedDeliveryQueueRow) }),
};

export const actOnFailedDelivery = {
  params: shipmentParams,
  body: z.object({
    action: z.enum(['reattempt', 'return'], { error: 'The action must be reattempt or return' }),
    date: ndrDay,
    phone: addressFields.mobile,
  }),
  response: failedDeliveryQueueRow,
};
export type StaffNdrActionInput = z.output<typeof actOnFailedDelivery.body>;

/** What goes back to stock: every unit of the parcel, or the units named (none: an empty list). */
const restockChoice = z.union(
  [z.literal('all'), z.array(lineQuantity).check(z.maxLength(100, 'Too many lines'))],
  { error: 'Choose what goes back to stock: "all", or the lines and units' },
);

export const receiveRto = {
  params: shipmentParams,
  body: z.object({
    condition: z.enum(rtoConditions, {
      error: `The condition must be one of ${rtoConditions.join(', ')}`,
    }),
    restock: restockChoice,
    note: z.optional(
      z.string().check(z.trim(), z.maxLength(500, 'Please keep the note under 500 characters')),
    ),
  }),
  response: z.object({
    shipment: shipmentAnswer,
    /**
     * The money settled by this receipt (rupees): refunded to a prepaid order's customer, or, cash
     * on delivery, no longer to be collected. 0 when the receipt was already recorded.
     */
    refunded: z.number(),
    notCollected: z.number(),
    /** Every parcel of the order came back: the order is closed as returned. */
    orderReturned: z.boolean(),
    /** The parcel had been received before: nothing changed. */
    alreadyReceived: z.boolean(),
  }),
};

/** A parcel coming back or back at the shop, with the order it belongs to. */
export const rtoParcelAnswer = z.object({
  shipment: shipmentAnswer,
  orderNumber: z.string(),
  customerName: z.string(),
  paymentMethod: z.enum(orderPaymentMethods),
  /** What is in the parcel, as the order names it. */
  items: z.array(z.object({ lineId: z.string(), title: z.string(), quantity: z.number() })),
  /** What the customer paid (or was to pay) for the parcel's units, rupees. */
  value: z.number(),
  /** When the parcel's latest scan (return initiated, or back at the shop) was recorded. */
  since: z.string(),
});
export type ApiRtoParcel = z.output<typeof rtoParcelAnswer>;

export const rtoParcels = {
  response: z.object({
    /** Back at the shop (rto_delivered) and not yet received: oldest first. */
    toReceive: z.array(rtoParcelAnswer),
    /** On the way back (rto_initiated): oldest first. */
    comingBack: z.array(rtoParcelAnswer),
  }),
};
