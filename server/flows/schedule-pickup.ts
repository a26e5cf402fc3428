import type { ApiPickup, ApiPickupParcel } from '../../shared/api/pickups.schemas.js';
import { paiseToRupees } from '../../shared/money.js';
import type { Database, Executor } from '../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../lib/errors.js';
import { type AuditActor, recordAudit } from '../modules/audit/index.js';
import { orderNumbersOf } from '../modules/orders/index.js';
import { DISPATCH_CUTOFF_HOUR, formatIndiaDay, pickupDays } from '../modules/pincodes/index.js';
import {
  type CourierProvider,
  CourierProviderError,
  emptyPickup,
  findPickup,
  insertPickup,
  lockParcelsForPickup,
  lockPickup,
  type PickupRow,
  parcelsAwaitingPickup,
  parcelsOfPickups,
  pickupsByIds,
  pickupsSince,
  putInPickup,
  type ShipmentWithLines,
  setPickupDateOfParcels,
  updatePickup,
} from '../modules/shipments/index.js';

/** How many days ahead a pickup can be asked for: a week of working days. */
export const PICKUP_DAYS_AHEAD = 6;
/** A pickup asked for again this soon is still being asked by the first request: it is not asked twice. */
const STILL_ASKING_MS = 30_000;
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** The date in India at `at` (ms), YYYY-MM-DD. */
export const indiaDay = (at: number) => new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** Why `day` cannot be a pickup's day (400, at the field), or nothing when it is one of `days`. */
export function refuseDay(day: string, days: string[], now: number): void {
  if (days.includes(day)) return;
  const refuse = (message: string) => badRequest(message, { day: message });
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
    throw refuse(`${day} is not a date.`);
  const first = formatIndiaDay(days[0]!);
  const today = indiaDay(now);
  // A day gone is gone, whatever weekday it was: that reason comes before the Sunday one.
  if (day < today) throw refuse(`${formatIndiaDay(day)} has passed: the first day for a pickup is ${first}.`);
  if (date.getUTCDay() === 0)
    throw refuse(`Couriers do not collect on Sundays: choose ${first} or a later day.`);
  if (day < days[0]!)
    throw refuse(
      `Pickups for today close at ${DISPATCH_CUTOFF_HOUR}:00 India time: the first day now is ${first}.`,
    );
  throw refuse(`A pickup can be asked for up to ${formatIndiaDay(days.at(-1)!)}, a week ahead.`);
}

type Waiting = ShipmentWithLines & { missedPickup?: string | null };

export function presentPickupParcel(parcel: Waiting, numbers: Map<string, string>): ApiPickupParcel {
  return {
    _id: parcel.id,
    orderId: parcel.orderId,
    orderNumber: numbers.get(parcel.orderId) ?? '',
    courier: parcel.courier,
    awb: parcel.awb ?? '',
    status: parcel.status,
    weightGrams: parcel.chargeableWeightGrams,
    codAmount: paiseToRupees(parcel.codAmountPaise),
    pieces: parcel.lines.reduce((sum, line) => sum + line.quantity, 0),
    bookedAt: parcel.createdAt.toISOString(),
    missedPickup: parcel.missedPickup ?? null,
  };
}

export function presentPickup(
  row: PickupRow,
  parcels: ShipmentWithLines[],
  numbers: Map<string, string>,
): ApiPickup {
  return {
    _id: row.id,
    provider: row.provider,
    day: row.day,
    status: row.status,
    reference: row.reference,
    pickupAt: row.pickupAt?.toISOString() ?? null,
    couriers: [...new Set(parcels.map((p) => p.courier))].sort(),
    parcels: parcels.map((p) => presentPickupParcel(p, numbers)),
    codAmount: paiseToRupees(parcels.reduce((sum, p) => sum + p.codAmountPaise, 0)),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a parcel cannot go in a new pickup (409), or nothing. */
function refuseParcel(
  parcel: ShipmentWithLines,
  inPickup: PickupRow | undefined,
  today: string,
  name: string,
) {
  const which = parcel.awb ? `Parcel ${parcel.awb}` : `The ${parcel.courier} parcel of order ${name}`;
  if (parcel.status === 'cancelled') throw conflict(`${which} was cancelled: there is nothing to collect.`);
  if (parcel.status === 'failed' || parcel.status === 'pending' || !parcel.awb)
    throw conflict(`${which} is not booked with the courier: book it before asking for a pickup.`);
  if (parcel.status !== 'booked') throw conflict(`${which} has already been collected by the courier.`);
  if (inPickup && inPickup.status !== 'failed' && inPickup.day >= today)
    throw conflict(
      `${which} is already in the pickup on ${formatIndiaDay(inPickup.day)}${inPickup.reference ? ` (${inPickup.reference})` : ''}.`,
    );
}

/**
 * Pickups (crossing shipments, orders and the pickup days' rules): staff choose booked parcels and a
 * day; the pickup is written with its parcels under their row locks (so the same request twice
 * makes one pickup), then the provider is asked; its answer schedules it, a refusal frees the
 * parcels, no answer leaves it pending to be asked again.
 */
export function createPickupScheduling(deps: { db: Database; courier: CourierProvider; now?: () => number }) {
  const { db, courier } = deps;
  const now = deps.now ?? Date.now;

  async function numbersOf(executor: Executor, parcels: ShipmentWithLines[]) {
    return orderNumbersOf(
      executor,
      parcels.map((p) => p.orderId),
    );
  }

  /** The parcels waiting, the pickups from a week ago on, and the days a pickup can be asked for. */
  async function overview() {
    const at = now();
    const today = indiaDay(at);
    const [waiting, rows] = await Promise.all([
      parcelsAwaitingPickup(db, courier.name, today, 500),
      pickupsSince(db, indiaDay(at - 7 * DAY_MS), 60),
    ]);
    const inPickups = await parcelsOfPickups(
      db,
      rows.map((row) => row.id),
    );
    const numbers = await numbersOf(db, [...waiting, ...inPickups]);
    return {
      days: pickupDays(at, PICKUP_DAYS_AHEAD),
      waiting: waiting.map((parcel) => presentPickupParcel(parcel, numbers)),
      pickups: rows.map((row) =>
        presentPickup(
          row,
          inPickups.filter((p) => p.pickupId === row.id),
          numbers,
        ),
      ),
    };
  }

  /** Writes the pickup with its parcels, or finds the one the same request made. */
  async function claim(staff: AuditActor, ids: string[], day: string, today: string) {
    return db.transaction(async (tx) => {
      const parcels = await lockParcelsForPickup(tx, ids);
      if (parcels.length < ids.length) throw notFound('One of the chosen parcels does not exist.');
      const earlier = new Map(
        (
          await pickupsByIds(
            tx,
            parcels.flatMap((p) => (p.pickupId ? [p.pickupId] : [])),
          )
        ).map((row) => [row.id, row]),
      );
      const [only] = earlier.values();
      if (earlier.size === 1 && only!.status !== 'failed' && only!.day === day) {
        const members = await parcelsOfPickups(tx, [only!.id]);
        if (members.length === ids.length && parcels.every((p) => p.pickupId === only!.id))
          // Read, not locked: the request that made it may be storing the provider's answer,
          // which locks the pickup and then these parcels (locking it here would close a loop).
          return { pickup: (await findPickup(tx, only!.id))!, made: false };
      }
      const numbers = await numbersOf(tx, parcels);
      for (const parcel of parcels)
        refuseParcel(
          parcel,
          parcel.pickupId ? earlier.get(parcel.pickupId) : undefined,
          today,
          numbers.get(parcel.orderId) ?? '',
        );
      if (parcels.some((p) => p.provider !== courier.name))
        throw conflict('One of the chosen parcels was booked with another courier provider.');
      const pickup = await insertPickup(tx, { provider: courier.name, day, staffId: staff.id });
      await putInPickup(tx, ids, pickup.id);
      await recordAudit(tx, staff, {
        action: 'pickup.request',
        entityType: 'pickup',
        entityId: pickup.id,
        summary: `Pickup of ${ids.length} ${ids.length === 1 ? 'parcel' : 'parcels'} asked of the courier for ${formatIndiaDay(day)}`,
        after: { day, awbs: parcels.map((p) => p.awb), provider: courier.name },
      });
      return { pickup, made: true };
    });
  }

  /** Asks the provider for a pending pickup (its parcels now); schedules it or frees its parcels. */
  async function ask(pickup: PickupRow): Promise<PickupRow> {
    const parcels = await parcelsOfPickups(db, [pickup.id]);
    let answer: Awaited<ReturnType<CourierProvider['requestPickup']>>;
    try {
      answer = await courier.requestPickup(
        parcels.map((p) => p.awb!),
        pickup.day,
      );
    } catch (error) {
      if (error instanceof CourierProviderError && error.statusCode && error.statusCode < 500) {
        await db.transaction(async (tx) => {
          await updatePickup(tx, pickup.id, { status: 'failed', failureReason: error.message });
          await emptyPickup(tx, pickup.id);
        });
        const message = `The courier refused the pickup: ${error.message}`;
        throw badRequest(message, { day: message });
      }
      const detail = error instanceof Error ? ` (${error.message})` : '';
      // Nobody is asking any more: the next request for it asks again at once.
      await updatePickup(db, pickup.id, { failureReason: `No answer${detail}` });
      throw new AppError(
        502,
        `The courier provider did not answer when asked for the pickup${detail}. Please try again: asking again for the same parcels and day asks it again.`,
      );
    }
    return db.transaction(async (tx) => {
      const locked = await lockPickup(tx, pickup.id);
      if (locked?.status !== 'pending') return locked!;
      await setPickupDateOfParcels(tx, pickup.id, answer.pickupDate);
      return updatePickup(tx, pickup.id, {
        status: 'scheduled',
        failureReason: null,
        reference: answer.reference,
        pickupAt: answer.pickupDate,
        day: indiaDay(answer.pickupDate.getTime()),
      });
    });
  }

  /** Asks the courier to collect these parcels on `day`; the same request again answers the same pickup. */
  async function request(
    staff: AuditActor,
    input: { shipmentIds: string[]; day: string },
  ): Promise<ApiPickup> {
    const at = now();
    refuseDay(input.day, pickupDays(at, PICKUP_DAYS_AHEAD), at);
    const ids = [...new Set(input.shipmentIds)];
    const claimed = await claim(staff, ids, input.day, indiaDay(at));
    let pickup = claimed.pickup;
    // A twin made moments ago whose provider call has not ended is not asked twice; one that got no
    // answer (its failure noted) is asked again.
    const stillAsking =
      !claimed.made &&
      pickup.failureReason === null &&
      Date.now() - pickup.createdAt.getTime() < STILL_ASKING_MS;
    if (pickup.status === 'pending' && !stillAsking) pickup = await ask(pickup);
    const parcels = await parcelsOfPickups(db, [pickup.id]);
    return presentPickup(pickup, parcels, await numbersOf(db, parcels));
  }

  return { overview, request };
}

export type PickupScheduling = ReturnType<typeof createPickupScheduling>;
