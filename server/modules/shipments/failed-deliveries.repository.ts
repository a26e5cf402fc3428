import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { shipmentNdrs, shipments } from '../../db/schema.js';
import type { ShipmentRow } from './shipments.repository.js';

/** The shipments module's SQL for failed delivery attempts (NDRs) of parcels. */

export type NdrRow = typeof shipmentNdrs.$inferSelect;
export type NdrAnswerValues = Pick<
  NdrRow,
  | 'answerKind'
  | 'answeredBy'
  | 'answerDay'
  | 'answerPhoneChanged'
  | 'answerAddressChanged'
  | 'answerStaffId'
  | 'answeredAt'
>;

/** The open (not yet closed) failed attempts of these parcels; locked when `lock`. */
export async function openNdrsOf(
  db: Executor,
  shipmentIds: string[],
  options: { lock?: boolean } = {},
): Promise<NdrRow[]> {
  if (shipmentIds.length === 0) return [];
  const query = db
    .select()
    .from(shipmentNdrs)
    .where(and(inArray(shipmentNdrs.shipmentId, shipmentIds), isNull(shipmentNdrs.closedAt)))
    .orderBy(asc(shipmentNdrs.failedAt), asc(shipmentNdrs.id));
  return options.lock ? query.for('update') : query;
}

/**
 * Opens the parcel's next failed attempt (its number one more than the last), closing the one still
 * open, if any: the courier tried again, on the answer or on its own, and failed again.
 */
export async function openNdr(
  db: Executor,
  values: Pick<NdrRow, 'shipmentId' | 'reason' | 'failedAt' | 'respondBy' | 'providerEventId'>,
): Promise<NdrRow> {
  await closeOpenNdr(db, values.shipmentId, 'ndr', values.failedAt);
  const [last] = await db
    .select({ attempt: shipmentNdrs.attempt })
    .from(shipmentNdrs)
    .where(eq(shipmentNdrs.shipmentId, values.shipmentId))
    .orderBy(desc(shipmentNdrs.attempt))
    .limit(1);
  const [row] = await db
    .insert(shipmentNdrs)
    .values({ ...values, attempt: (last?.attempt ?? 0) + 1 })
    .returning();
  return row!;
}

/** Closes the parcel's open attempt, if any: the parcel moved on (`closedBy`: its new status). */
export async function closeOpenNdr(db: Executor, shipmentId: string, closedBy: string, at: Date) {
  await db
    .update(shipmentNdrs)
    .set({ closedAt: at, closedBy })
    .where(and(eq(shipmentNdrs.shipmentId, shipmentId), isNull(shipmentNdrs.closedAt)));
}

export async function recordNdrAnswer(db: Executor, id: string, values: NdrAnswerValues): Promise<NdrRow> {
  const [row] = await db.update(shipmentNdrs).set(values).where(eq(shipmentNdrs.id, id)).returning();
  return row!;
}

/**
 * The staff's queue: every open failed attempt with its parcel, those without an answer first,
 * then by deadline (the most urgent on top).
 */
export async function openNdrQueue(
  db: Executor,
  limit: number,
): Promise<{ ndr: NdrRow; shipment: ShipmentRow }[]> {
  return db
    .select({ ndr: shipmentNdrs, shipment: shipments })
    .from(shipmentNdrs)
    .innerJoin(shipments, eq(shipments.id, shipmentNdrs.shipmentId))
    .where(isNull(shipmentNdrs.closedAt))
    .orderBy(sql`${shipmentNdrs.answerKind} is not null`, asc(shipmentNdrs.respondBy), asc(shipmentNdrs.id))
    .limit(limit);
}
