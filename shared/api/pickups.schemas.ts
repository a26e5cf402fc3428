import * as z from 'zod/mini';
import { idParams } from './orders-admin.schemas.js';
import { shipmentStatuses } from './shipments.schemas.js';

/**
 * Pickups: booked parcels handed to the courier on a day the shop asks for, and the manifest the
 * courier's pickup agent signs for them.
 */

/**
 * A pickup's status: `pending` until the provider answers (asking again with the same parcels and
 * day asks it again), `scheduled` once it agreed, `failed` when it refused (the parcels wait again).
 */
export const pickupStatuses = ['pending', 'scheduled', 'failed'] as const;
export type PickupStatus = (typeof pickupStatuses)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A booked parcel as the pickups page and the manifest list it. Money in rupees. */
export const pickupParcelAnswer = z.object({
  /** The shipment's id. */
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  courier: z.string(),
  awb: z.string(),
  status: z.enum(shipmentStatuses),
  weightGrams: z.number(),
  /** Cash the courier collects on delivery; 0 when prepaid. */
  codAmount: z.number(),
  /** Units in the parcel. */
  pieces: z.number(),
  bookedAt: z.string(),
  /** The day of a pickup the courier did not collect it in (YYYY-MM-DD), while it waits for another. */
  missedPickup: z.nullable(z.string()),
});
export type ApiPickupParcel = z.output<typeof pickupParcelAnswer>;

export const pickupAnswer = z.object({
  _id: z.string(),
  provider: z.string(),
  /** The day the courier collects, YYYY-MM-DD in India. */
  day: z.string(),
  status: z.enum(pickupStatuses),
  /** The provider's reference for the pickup, once it answered (some give none). */
  reference: z.nullable(z.string()),
  /** When the courier said it will come, ISO. */
  pickupAt: z.nullable(z.string()),
  /** The couriers of its parcels: each sends its own agent and signs its own manifest. */
  couriers: z.array(z.string()),
  /** Its parcels now (one cancelled before the pickup has left it). */
  parcels: z.array(pickupParcelAnswer),
  /** Cash to collect on delivery over its parcels, rupees. */
  codAmount: z.number(),
  createdAt: z.string(),
});
export type ApiPickup = z.output<typeof pickupAnswer>;

export const pickups = {
  response: z.object({
    /** The days a pickup can be asked for now, YYYY-MM-DD, soonest first (no Sundays). */
    days: z.array(z.string()),
    /** Booked parcels in no pickup yet (or in one whose day passed), newest first. */
    waiting: z.array(pickupParcelAnswer),
    /** Pickups from a week ago on, latest day first. */
    pickups: z.array(pickupAnswer),
  }),
};

export const requestPickup = {
  body: z.object({
    shipmentIds: z
      .array(z.string().check(z.regex(UUID, 'That is not a valid shipment id')), {
        error: 'Choose the parcels to collect',
      })
      .check(
        z.minLength(1, 'Choose at least one parcel'),
        z.maxLength(200, 'Ask for at most 200 parcels in one pickup'),
      ),
    day: z
      .string({ error: 'Choose the day of the pickup' })
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day of the pickup (YYYY-MM-DD)')),
  }),
  response: pickupAnswer,
};

/** The answer is application/pdf; the schema documents it as a string. */
export const pickupManifest = {
  params: idParams('pickup'),
  response: z.string().check(z.describe('application/pdf')),
};
