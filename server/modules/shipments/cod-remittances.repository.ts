import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { codRemittanceRows, codRemittances } from '../../db/schema.js';

/** The SQL of COD remittance reports: each file once (by its hash), its rows and their outcomes. */

export type RemittanceRow = typeof codRemittances.$inferSelect;
export type RemittanceLineRow = typeof codRemittanceRows.$inferSelect;
export type NewRemittanceLine = Omit<typeof codRemittanceRows.$inferInsert, 'id' | 'createdAt'>;

/**
 * The remittance of this file, made now or found from an earlier upload (the same bytes): `made`
 * says which. Two uploads of one file at once make one row; the other finds it.
 */
export async function claimRemittance(
  db: Executor,
  values: Pick<RemittanceRow, 'fileName' | 'fileSha256' | 'rowCount' | 'staffId' | 'staffEmail'>,
): Promise<{ remittance: RemittanceRow; made: boolean }> {
  const [made] = await db
    .insert(codRemittances)
    .values(values)
    .onConflictDoNothing({ target: codRemittances.fileSha256 })
    .returning();
  if (made) return { remittance: made, made: true };
  const [found] = await db
    .select()
    .from(codRemittances)
    .where(eq(codRemittances.fileSha256, values.fileSha256))
    .limit(1);
  return { remittance: found!, made: false };
}

export async function findRemittance(db: Executor, id: string): Promise<RemittanceRow | undefined> {
  const [row] = await db.select().from(codRemittances).where(eq(codRemittances.id, id)).limit(1);
  return row;
}

export async function markRemittanceProcessed(db: Executor, id: string): Promise<void> {
  await db
    .update(codRemittances)
    .set({ status: 'processed', processedAt: new Date() })
    .where(and(eq(codRemittances.id, id), eq(codRemittances.status, 'processing')));
}

/** Newest first. */
export async function listRemittances(db: Executor, limit: number): Promise<RemittanceRow[]> {
  return db
    .select()
    .from(codRemittances)
    .orderBy(desc(codRemittances.createdAt), desc(codRemittances.id))
    .limit(limit);
}

/** The rows of remittances, in file order. */
export async function linesOfRemittances(db: Executor, ids: string[]): Promise<RemittanceLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(codRemittanceRows)
    .where(inArray(codRemittanceRows.remittanceId, ids))
    .orderBy(asc(codRemittanceRows.lineNo));
}

/** Writes a row's outcome once: false when that line of the file was settled before (a resumed upload). */
export async function insertRemittanceLine(db: Executor, values: NewRemittanceLine): Promise<boolean> {
  const inserted = await db
    .insert(codRemittanceRows)
    .values(values)
    .onConflictDoNothing({ target: [codRemittanceRows.remittanceId, codRemittanceRows.lineNo] })
    .returning({ id: codRemittanceRows.id });
  return inserted.length > 0;
}

/** The line numbers of a remittance already settled. */
export async function settledLines(db: Executor, remittanceId: string): Promise<Set<number>> {
  const rows = await db
    .select({ lineNo: codRemittanceRows.lineNo })
    .from(codRemittanceRows)
    .where(eq(codRemittanceRows.remittanceId, remittanceId));
  return new Set(rows.map((r) => r.lineNo));
}

/** The applied rows of these parcels (each parcel's cash is remitted at most once). */
export async function remittedParcels(
  db: Executor,
  shipmentIds: string[],
): Promise<Map<string, RemittanceLineRow>> {
  if (shipmentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(codRemittanceRows)
    .where(and(inArray(codRemittanceRows.shipmentId, shipmentIds), eq(codRemittanceRows.outcome, 'applied')));
  return new Map(rows.map((r) => [r.shipmentId!, r]));
}
