import { and, asc, eq, inArray, isNotNull, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipmentEvents, shipmentLines, shipments } from '../../db/schema.js';

/** The shipments module's SQL: parcels, their lines and their tracking events. */

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentLineRow = typeof shipmentLines.$inferSelect;
export type ShipmentWithLines = ShipmentRow & { lines: { lineId: string; quantity: number }[] };
export type NewShipment = Pick<
  typeof shipments.$inferInsert,
  | 'orderId'
  | 'provider'
  | 'courier'
  | 'chargePaise'
  | 'promisedDays'
  | 'chargeableWeightGrams'
  | 'lengthMm'
  | 'widthMm'
  | 'heightMm'
  | 'codAmountPaise'
  | 'staffId'
>;

/** Statuses whose units are not in a parcel (released, or never booked). */
const INACTIVE = ['cancelled', 'failed'] as const;

async function withLines(db: Executor, rows: ShipmentRow[]): Promise<ShipmentWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(shipmentLines)
    .where(
      inArray(
        shipmentLines.shipmentId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    lines: lines
      .filter((l) => l.shipmentId === row.id)
      .map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
  }));
}

export async function insertShipment(
  db: Executor,
  values: NewShipment,
  lines: { lineId: string; quantity: number }[],
): Promise<ShipmentWithLines> {
  const [row] = await db.insert(shipments).values(values).returning();
  await db
    .insert(shipmentLines)
    .values(lines.map((l) => ({ shipmentId: row!.id, orderLineId: l.lineId, quantity: l.quantity })));
  return { ...row!, lines };
}

/** The parcels of an order, oldest first, with their lines. */
export async function shipmentsOfOrder(db: Executor, orderId: string): Promise<ShipmentWithLines[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  return withLines(db, rows);
}

/** Units of each of the order's lines in its parcels whose status passes `which`. */
async function unitsPerLine(
  db: Executor,
  orderId: string,
  which: SQL | undefined,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      lineId: shipmentLines.orderLineId,
      units: sql<number>`sum(${shipmentLines.quantity})::int`,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(eq(shipments.orderId, orderId), which))
    .groupBy(shipmentLines.orderLineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.units)]));
}

/**
 * Units of each order line in parcels on their way back to the shop or back there (returned to
 * origin): they never reached the customer, so there is nothing of them to return.
 */
export function unitsReturningToOrigin(db: Executor, orderId: string): Promise<Map<string, number>> {
  return unitsPerLine(db, orderId, inArray(shipments.status, ['rto_initiated', 'rto_delivered']));
}

/** Units of each order line in parcels that are not cancelled or failed. */
export function unitsInParcels(db: Executor, orderId: string): Promise<Map<string, number>> {
  return unitsPerLine(db, orderId, notInArray(shipments.status, [...INACTIVE]));
}

export async function findShipment(db: Executor, id: string): Promise<ShipmentWithLines | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1);
  return row ? (await withLines(db, [row]))[0] : undefined;
}

export async function lockShipment(db: Executor, id: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).limit(1).for('update');
  return row;
}

const byAwb = (db: Executor, provider: string, awb: string) =>
  db
    .select()
    .from(shipments)
    .where(and(eq(shipments.provider, provider), eq(shipments.awb, awb)))
    .limit(1);

/** The parcel of an AWB at a provider, unlocked (to find its order before taking the order's lock). */
export async function findShipmentByAwb(
  db: Executor,
  provider: string,
  awb: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await byAwb(db, provider, awb);
  return row;
}

export async function lockShipmentByAwb(
  db: Executor,
  provider: string,
  awb: string,
): Promise<ShipmentRow | undefined> {
  const [row] = await byAwb(db, provider, awb).for('update');
  return row;
}

export async function shipmentsByIds(db: Executor, ids: string[]): Promise<ShipmentWithLines[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(shipments).where(inArray(shipments.id, ids));
  const byId = new Map((await withLines(db, rows)).map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export async function updateShipment(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      ShipmentRow,
      | 'awb'
      | 'courier'
      | 'status'
      | 'trackingUrl'
      | 'chargePaise'
      | 'pickupDate'
      | 'pickupId'
      | 'cancelledAt'
      | 'failureReason'
      | 'scannedAt'
      | 'rtoCondition'
      | 'rtoRestocked'
      | 'rtoNote'
      | 'rtoReceivedAt'
      | 'rtoReceivedBy'
    >
  >,
): Promise<ShipmentRow> {
  const [row] = await db.update(shipments).set(values).where(eq(shipments.id, id)).returning();
  return row!;
}

/** Records a scan once: false when the provider's event id was recorded before (a replay). */
export async function insertShipmentEvent(
  db: Executor,
  values: typeof shipmentEvents.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(shipmentEvents)
    .values(values)
    .onConflictDoNothing({ target: [shipmentEvents.provider, shipmentEvents.providerEventId] })
    .returning({ id: shipmentEvents.id });
  return inserted.length > 0;
}

export async function eventsOfShipment(db: Executor, shipmentId: string) {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.createdAt));
}

/** Parcels left `pending` since before `before` (the provider's answer was lost), oldest first. */
export async function pendingShipments(
  db: Executor,
  provider: string,
  before: Date,
  limit: number,
): Promise<ShipmentWithLines[]> {
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.provider, provider), eq(shipments.status, 'pending'), lt(shipments.createdAt, before)),
    )
    .orderBy(asc(shipments.createdAt))
    .limit(limit);
  return withLines(db, rows);
}

/** Statuses of a parcel on its way: a scan may still come. */
const ON_THE_WAY = ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'ndr', 'rto_initiated'] as const;

/**
 * Parcels on their way that the provider has not told the shop of since before `before` (no scan
 * by webhook or poll; never one since booking), the longest quiet first.
 */
export async function quietShipments(
  db: Executor,
  provider: string,
  before: Date,
  limit: number,
): Promise<ShipmentRow[]> {
  const lastHeard = sql`coalesce(${shipments.scannedAt}, ${shipments.createdAt})`;
  return db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.provider, provider),
        inArray(shipments.status, [...ON_THE_WAY]),
        isNotNull(shipments.awb),
        lt(shipments.createdAt, before),
        sql`${lastHeard} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(lastHeard))
    .limit(limit);
}
