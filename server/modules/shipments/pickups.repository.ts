import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { pickups, shipments } from '../../db/schema.js';
import { type ShipmentWithLines, shipmentsByIds } from './shipments.repository.js';

/** The shipments module's SQL for pickups: a pickup's row, and which parcels are in it. */

export type PickupRow = typeof pickups.$inferSelect;

export async function insertPickup(
  db: Executor,
  values: Pick<typeof pickups.$inferInsert, 'provider' | 'day' | 'staffId'>,
): Promise<PickupRow> {
  const [row] = await db.insert(pickups).values(values).returning();
  return row!;
}

export async function findPickup(db: Executor, id: string): Promise<PickupRow | undefined> {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id)).limit(1);
  return row;
}

export async function lockPickup(db: Executor, id: string): Promise<PickupRow | undefined> {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id)).limit(1).for('update');
  return row;
}

export async function updatePickup(
  db: Executor,
  id: string,
  values: Partial<Pick<PickupRow, 'status' | 'reference' | 'pickupAt' | 'day' | 'failureReason'>>,
): Promise<PickupRow> {
  const [row] = await db.update(pickups).set(values).where(eq(pickups.id, id)).returning();
  return row!;
}

export async function pickupsByIds(db: Executor, ids: string[]): Promise<PickupRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(pickups).where(inArray(pickups.id, ids));
}

/**
 * Locks the parcels a pickup is asked for, in one order (by id) so that two requests for the same
 * parcels queue instead of deadlocking; answers them with their lines.
 */
export async function lockParcelsForPickup(db: Executor, ids: string[]): Promise<ShipmentWithLines[]> {
  const locked = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(inArray(shipments.id, ids))
    .orderBy(asc(shipments.id))
    .for('update');
  return shipmentsByIds(
    db,
    locked.map((row) => row.id),
  );
}

/** Puts parcels in a pickup (taking them out of any earlier one). */
export async function putInPickup(db: Executor, shipmentIds: string[], pickupId: string): Promise<void> {
  if (shipmentIds.length === 0) return;
  await db.update(shipments).set({ pickupId }).where(inArray(shipments.id, shipmentIds));
}

/** Takes every parcel out of a pickup (the provider refused it). */
export async function emptyPickup(db: Executor, pickupId: string): Promise<void> {
  await db
    .update(shipments)
    .set({ pickupId: null, pickupDate: null })
    .where(eq(shipments.pickupId, pickupId));
}

/** The parcels of a scheduled pickup learn when the courier comes. */
export async function setPickupDateOfParcels(db: Executor, pickupId: string, at: Date): Promise<void> {
  await db.update(shipments).set({ pickupDate: at }).where(eq(shipments.pickupId, pickupId));
}

/** The parcels in these pickups now, oldest first, with their lines. */
export async function parcelsOfPickups(db: Executor, pickupIds: string[]): Promise<ShipmentWithLines[]> {
  if (pickupIds.length === 0) return [];
  const rows = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(inArray(shipments.pickupId, pickupIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  return shipmentsByIds(
    db,
    rows.map((row) => row.id),
  );
}

/**
 * Booked parcels waiting for the courier: in no pickup, or in one it refused, or in one whose day
 * passed (`today`, YYYY-MM-DD in India) while they were still not collected. Newest first: the
 * parcels just packed are the ones staff are looking for.
 */
export async function parcelsAwaitingPickup(
  db: Executor,
  provider: string,
  today: string,
  limit: number,
): Promise<(ShipmentWithLines & { missedPickup: string | null })[]> {
  const rows = await db
    .select({ id: shipments.id, day: pickups.day, pickupStatus: pickups.status })
    .from(shipments)
    .leftJoin(pickups, eq(pickups.id, shipments.pickupId))
    .where(
      and(
        eq(shipments.provider, provider),
        eq(shipments.status, 'booked'),
        isNotNull(shipments.awb),
        or(isNull(shipments.pickupId), lt(pickups.day, today), eq(pickups.status, 'failed')),
      ),
    )
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(limit);
  const missed = new Map(
    rows.map((row) => [row.id, row.day && row.pickupStatus !== 'failed' ? row.day : null] as const),
  );
  const parcels = await shipmentsByIds(
    db,
    rows.map((row) => row.id),
  );
  return parcels.map((parcel) => ({ ...parcel, missedPickup: missed.get(parcel.id) ?? null }));
}

/** Pickups on `since` or later (YYYY-MM-DD) that were not refused, latest day first. */
export async function pickupsSince(db: Executor, since: string, limit: number): Promise<PickupRow[]> {
  return db
    .select()
    .from(pickups)
    .where(and(gte(pickups.day, since), ne(pickups.status, 'failed')))
    .orderBy(desc(pickups.day), desc(pickups.createdAt))
    .limit(limit);
}
