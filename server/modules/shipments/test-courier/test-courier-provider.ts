import { createHash, createHmac, randomUUID } from 'node:crypto';
import { type CourierEventStatus, courierEventStatuses } from '../../../../shared/api/shipments.schemas.js';
import { safeEqual } from '../../../lib/secrets.js';
import {
  type Booking,
  type CourierEvent,
  type CourierOption,
  type CourierProvider,
  CourierProviderError,
  type NdrAction,
  type Parcel,
} from '../courier-provider.js';

/**
 * The built-in test courier: the default provider, so a fresh clone (the demo, the e2e tests) can
 * ship a parcel and play its whole life. It quotes three couriers from a rate table by weight,
 * hands out AWBs (`TC` + 10 digits) derived from the booking's idempotency key (so the same key is
 * always the same AWB, with nothing stored), and signs the webhooks its events endpoint sends the
 * shop. Its secret is public on purpose: no parcel moves.
 */
const WEBHOOK_SECRET = 'builtin-test-courier-webhook-secret';
export const TEST_COURIER_SIGNATURE_HEADER = 'x-test-courier-signature';

/** Paise for the first 500 g, and for each further 500 g; promised days. */
export const TEST_COURIER_RATES = [
  { courier: 'TC Express', firstSlabPaise: 7_000, extraSlabPaise: 5_500, days: 2 },
  { courier: 'TC Surface', firstSlabPaise: 4_500, extraSlabPaise: 3_500, days: 5 },
  { courier: 'TC Economy', firstSlabPaise: 3_900, extraSlabPaise: 4_200, days: 6 },
] as const;

/** Cash on delivery: ₹30 or 1.5% of the amount, whichever is more. */
const codChargePaise = (codPaise: number) =>
  codPaise > 0 ? Math.max(3_000, Math.round(codPaise * 0.015)) : 0;

const SLAB_GRAMS = 500;

/** The test courier's charge for a parcel by one of its couriers. */
export function testCourierCharge(rate: (typeof TEST_COURIER_RATES)[number], parcel: Parcel): number {
  const slabs = Math.max(1, Math.ceil(parcel.weightGrams / SLAB_GRAMS));
  return rate.firstSlabPaise + (slabs - 1) * rate.extraSlabPaise + codChargePaise(parcel.codAmountPaise);
}

/** `TC` and ten digits, the same for the same key. */
export function testAwb(idempotencyKey: string): string {
  const digest = createHash('sha256').update(`test-courier:${idempotencyKey}`).digest();
  return `TC${(digest.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, '0')}`;
}

const sign = (raw: Buffer) => createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');

/** How the test courier answers bookings, for tests: `unreachable` throws as a dropped connection would. */
export type ScriptedBooking = 'book' | 'unreachable' | 'refuse';

/** How the test courier answers pickup requests, for tests. */
export type ScriptedPickup = 'agree' | 'unreachable' | 'refuse';
/**
 * How it answers quotes, for tests: `slow` answers after 5 s (longer than any checkout waits),
 * `unreachable` throws, `none` quotes no courier.
 */
export type ScriptedQuotes = 'quote' | 'slow' | 'unreachable' | 'none';
const SLOW_QUOTE_MS = 5_000;

export type TestCourierProvider = CourierProvider & {
  /** Sets how pickup requests are answered from now on (see ScriptedPickup). */
  scriptPickups(outcome: ScriptedPickup): void;
  /** The pickups the courier was asked for, oldest first (tests count them). */
  pickupRequests(): { awbs: string[]; day: string }[];
  /** The answers to failed deliveries the courier was given for `awb`, oldest first. */
  ndrActionsOf(awb: string): NdrAction[];
  /** Sets how bookings are answered from now on (see ScriptedBooking). */
  scriptBookings(outcome: ScriptedBooking): void;
  /**
   * A scan the courier made whose webhook never reached the shop: only `track` (the polling
   * fallback) tells of it. Answers the scan as `track` will.
   */
  recordScan(
    awb: string,
    scan: { status: CourierEventStatus; eventId?: string | undefined; location?: string | undefined },
  ): CourierEvent;
  /** Sets how quotes are answered from now on (see ScriptedQuotes); answers how many were asked so far. */
  scriptQuotes(outcome: ScriptedQuotes): number;
  /** A signed webhook reporting a scan of `awb`, as the test courier sends it to the shop. */
  signedEvent(
    awb: string,
    scan: {
      status: CourierEventStatus;
      reason?: string | undefined;
      eventId?: string | undefined;
      location?: string | undefined;
    },
  ): { eventId: string; body: Buffer; headers: Record<string, string> };
};

export function createTestCourierProvider(): TestCourierProvider {
  // What the courier has scanned, per AWB (for `track`); kept in memory: it is a stand-in.
  const scans = new Map<string, CourierEvent[]>();
  const remember = (event: CourierEvent) => {
    const list = scans.get(event.awb) ?? [];
    if (!list.some((s) => s.eventId === event.eventId)) list.push(event);
    scans.set(event.awb, list);
    return event;
  };
  let bookings: ScriptedBooking = 'book';
  let pickups: ScriptedPickup = 'agree';
  const pickupsAsked: { awbs: string[]; day: string }[] = [];
  let quotes: ScriptedQuotes = 'quote';
  let quotesAsked = 0;
  // The answers to failed deliveries the courier was given, per AWB (for tests and the demo).
  const ndrActions = new Map<string, NdrAction[]>();
  return {
    name: 'test-courier',

    async quote(parcel): Promise<CourierOption[]> {
      quotesAsked += 1;
      if (quotes === 'unreachable') throw new CourierProviderError('connect ECONNREFUSED (test courier)');
      if (quotes === 'none') return [];
      if (quotes === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_QUOTE_MS).unref());
      return TEST_COURIER_RATES.map((rate) => ({
        courier: rate.courier,
        chargePaise: testCourierCharge(rate, parcel),
        days: rate.days,
      }));
    },

    scriptBookings(outcome) {
      bookings = outcome;
    },

    scriptQuotes(outcome) {
      quotes = outcome;
      return quotesAsked;
    },

    async createShipment(parcel, courier, idempotencyKey): Promise<Booking> {
      if (bookings === 'unreachable') throw new CourierProviderError('connect ECONNREFUSED (test courier)');
      if (bookings === 'refuse') throw new CourierProviderError('The pincode is not serviceable.', 400);
      const rate = TEST_COURIER_RATES.find((r) => r.courier === courier);
      if (!rate) throw new CourierProviderError(`The test courier has no courier called ${courier}.`, 400);
      if (!/^\d{6}$/.test(parcel.to.pincode))
        throw new CourierProviderError(
          `The delivery pincode ${parcel.to.pincode} is not a 6-digit pincode.`,
          400,
        );
      const awb = testAwb(idempotencyKey);
      return { awb, courier, trackingUrl: null, chargePaise: testCourierCharge(rate, parcel) };
    },

    async cancel(awb) {
      const picked = (scans.get(awb) ?? []).length > 0;
      if (picked) throw new CourierProviderError(`Parcel ${awb} was already picked up.`, 409);
    },

    scriptPickups(outcome) {
      pickups = outcome;
    },

    pickupRequests() {
      return pickupsAsked.map((asked) => ({ awbs: [...asked.awbs], day: asked.day }));
    },

    async requestPickup(awbs, day) {
      if (pickups === 'unreachable') throw new CourierProviderError('connect ECONNREFUSED (test courier)');
      if (pickups === 'refuse')
        throw new CourierProviderError('No pickups from this address on that day.', 400);
      pickupsAsked.push({ awbs: [...awbs], day });
      if (pickupsAsked.length > 1000) pickupsAsked.shift();
      if (awbs.length === 0) throw new CourierProviderError('Choose the parcels to collect.', 400);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new CourierProviderError(`${day} is not a date.`, 400);
      // At 10:00 India time on the day asked.
      return {
        pickupDate: new Date(`${day}T10:00:00+05:30`),
        reference: `TCP-${testAwb(awbs.join(',')).slice(2)}`,
      };
    },

    async actOnNdr(awb, action) {
      // The courier's latest scan, by when it happened (a late webhook is not the latest).
      const last = [...(scans.get(awb) ?? [])]
        .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())
        .at(-1);
      if (last?.status !== 'ndr')
        throw new CourierProviderError(`Parcel ${awb} has no failed delivery to answer.`, 409);
      ndrActions.set(awb, [...(ndrActions.get(awb) ?? []), action]);
    },

    ndrActionsOf(awb) {
      return [...(ndrActions.get(awb) ?? [])];
    },

    async track(awb) {
      return [...(scans.get(awb) ?? [])];
    },

    parseWebhook(rawBody, headers) {
      const event = readSignedEvent(rawBody, headers);
      return event && remember(event);
    },

    recordScan(awb, scan) {
      const eventId = scan.eventId ?? `tce_${randomUUID()}`;
      const occurredAt = new Date();
      const location = scan.location ?? 'Test hub';
      return remember({
        eventId,
        awb,
        status: scan.status,
        occurredAt,
        location,
        description: null,
        raw: { event_id: eventId, awb, status: scan.status, location, occurred_at: occurredAt.toISOString() },
      });
    },

    signedEvent(awb, scan) {
      const eventId = scan.eventId ?? `tce_${randomUUID()}`;
      const body = Buffer.from(
        JSON.stringify({
          event_id: eventId,
          awb,
          status: scan.status,
          reason: scan.reason ?? null,
          location: scan.location ?? 'Test hub',
          occurred_at: new Date().toISOString(),
        }),
      );
      return {
        eventId,
        body,
        headers: { 'content-type': 'application/json', [TEST_COURIER_SIGNATURE_HEADER]: sign(body) },
      };
    },
  };
}

/** A webhook the test courier signed, read; undefined when the signature or the body is wrong. */
function readSignedEvent(
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): CourierEvent | undefined {
  const signature = headers[TEST_COURIER_SIGNATURE_HEADER];
  if (!signature || !/^[0-9a-f]{64}$/.test(signature) || !safeEqual(sign(rawBody), signature))
    return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const status = body.status as CourierEventStatus;
  if (
    typeof body.event_id !== 'string' ||
    typeof body.awb !== 'string' ||
    !courierEventStatuses.includes(status) ||
    typeof body.occurred_at !== 'string'
  )
    return undefined;
  const occurredAt = new Date(body.occurred_at);
  if (Number.isNaN(occurredAt.getTime())) return undefined;
  return {
    eventId: body.event_id,
    awb: body.awb,
    status,
    occurredAt,
    location: typeof body.location === 'string' ? body.location : null,
    description: typeof body.reason === 'string' ? body.reason : null,
    raw: body,
  };
}
