import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipmentEvents, shipments } from '../../db/schema.js';
import { type ShipmentWithLines, shipmentsByIds } from './shipments.repository.js';

/** The SQL of parcels returned to origin: those coming back or awaiting receipt, and the RTO rate. */

export type RtoParcel = ShipmentWithLines & { since: Date };

/**
 * Parcels on their way back (`rto_initiated`) and back at the shop but not received yet
 * (`rto_delivered`), oldest scan first, each with the time of its latest scan.
 */
export async function parcelsReturningToOrigin(db: Executor, limit = 200): Promise<RtoParcel[]> {
  const rows = await db
    .select({
      id: shipments.id,
      since: sql<Date>`coalesce(max(${shipmentEvents.occurredAt}), ${shipments.updatedAt})`,
    })
    .from(shipments)
    .leftJoin(shipmentEvents, eq(shipmentEvents.shipmentId, shipments.id))
    .where(
      and(inArray(shipments.status, ['rto_initiated', 'rto_delivered']), isNull(shipments.rtoReceivedAt)),
    )
    .groupBy(shipments.id)
    .orderBy(asc(sql`2`))
    .limit(limit);
  const since = new Map(rows.map((r) => [r.id, new Date(r.since)]));
  return (
    await shipmentsByIds(
      db,
      rows.map((r) => r.id),
    )
  ).map((p) => ({ ...p, since: since.get(p.id)! }));
}

/**
 * Parcels that reached an end since `since` (their delivered, or return-to-origin, scan recorded
 * in the window): how many came back to the shop, and how many ended either way. A parcel counts
 * once, by its status now.
 */
export async function parcelEndsSince(
  db: Executor,
  since: Date,
): Promise<{ returned: number; ended: number }> {
  const ended = db
    .selectDistinct({ shipmentId: shipmentEvents.shipmentId })
    .from(shipmentEvents)
    .where(
      and(
        inArray(shipmentEvents.status, ['delivered', 'rto-initiated', 'rto-delivered']),
        gte(shipmentEvents.occurredAt, since),
      ),
    )
    .as('ended');
  const rows = await db
    .select({ status: shipments.status, count: sql<number>`count(*)::int` })
    .from(shipments)
    .innerJoin(ended, eq(ended.shipmentId, shipments.id))
    .where(inArray(shipments.status, ['delivered', 'rto_initiated', 'rto_delivered']))
    .groupBy(shipments.status);
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  const returned = count('rto_initiated') + count('rto_delivered');
  return { returned, ended: returned + count('delivered') };
}
