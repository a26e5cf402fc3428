import type { CourierEventStatus } from '../../../shared/api/shipments.schemas.js';

/**
 * What the shop needs of a courier provider (an aggregator such as Shiprocket, or the built-in test
 * courier): quotes, bookings with an AWB, cancellation before pickup, pickups, tracking, and its
 * webhooks checked and read. Money in paise, weights in grams.
 */

export type ProviderName = 'test-courier' | 'shiprocket';

export type Address = {
  name: string;
  lines: string[];
  city: string;
  state: string;
  pincode: string;
  phone: string | null;
  /** The addressee's e-mail, for couriers that send their own delivery messages (Shiprocket). */
  email?: string | null | undefined;
};

export type Parcel = {
  from: Address;
  to: Address;
  weightGrams: number;
  dimensionsMm: { length: number; width: number; height: number } | null;
  /** Cash to collect on delivery; 0 for a prepaid parcel. */
  codAmountPaise: number;
  /** Value of the goods (for the courier's paperwork and insurance). */
  valuePaise: number;
  orderNumber: string;
};

export type CourierOption = { courier: string; chargePaise: number; days: number };

export type Booking = { awb: string; courier: string; trackingUrl: string | null; chargePaise: number };

/** The answer to a failed delivery attempt, as the courier is told it. */
export type NdrAction =
  | {
      kind: 'reattempt';
      /** The day to deliver again, YYYY-MM-DD (India time). */
      day: string;
      phone?: string | undefined;
      /** A corrected address (same pincode: couriers do not move a parcel to another one). */
      address?: Pick<Address, 'lines' | 'city' | 'state' | 'pincode'> | undefined;
    }
  | { kind: 'return' };

/**
 * One scan of a parcel, as a verified webhook or the provider's tracking reports it. `eventId` is
 * stable: the same scan read again (a replayed webhook, a poll) has the same id, so it is recorded once.
 */
export type CourierEvent = {
  eventId: string;
  awb: string;
  status: CourierEventStatus;
  occurredAt: Date;
  location: string | null;
  description: string | null;
  raw: Record<string, unknown>;
};

export interface CourierProvider {
  readonly name: ProviderName;
  /**
   * Other names its webhook may be registered under at /api/shipping/webhooks/<name> (Shiprocket's
   * panel refuses a URL with "shiprocket" in it).
   */
  readonly webhookAliases?: readonly string[];
  /** The couriers that would carry this parcel, with their charges and promised days. */
  quote(parcel: Parcel): Promise<CourierOption[]>;
  /**
   * Books the parcel with the chosen courier. The same idempotency key answers the same booking
   * (the same AWB), never a second one, so a request whose answer was lost can be repeated.
   */
  createShipment(parcel: Parcel, courier: string, idempotencyKey: string): Promise<Booking>;
  /** Releases the AWB of a parcel not yet picked up. */
  cancel(awb: string): Promise<void>;
  /**
   * Asks the courier to collect these booked parcels from the pickup address on a day (YYYY-MM-DD,
   * India time); answers the day it agreed to and its reference for the pickup, if it gives one.
   */
  requestPickup(awbs: string[], day: string): Promise<{ pickupDate: Date; reference: string | null }>;
  /**
   * Passes the answer to a failed delivery (an NDR) to the courier: deliver again on a day, with a
   * corrected phone or address if given, or give up and return the parcel to the shop.
   */
  actOnNdr(awb: string, action: NdrAction): Promise<void>;
  /**
   * The scans the provider holds for an AWB, oldest first, with the event ids its webhooks carry
   * (the polling fallback when webhooks are lost).
   */
  track(awb: string): Promise<CourierEvent[]>;
  /**
   * Checks a webhook's signature (or token) over the raw body and reads it: undefined when it does
   * not verify, `ignored` for a verified report of a status the shop does not follow (out for
   * pickup, delayed...), answered 200 so the provider does not send it again.
   */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
  ): CourierEvent | 'ignored' | undefined;
}

/** The provider refused (`statusCode` 4xx: it will refuse again) or could not be reached (no code). */
export class CourierProviderError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'CourierProviderError';
  }
}
