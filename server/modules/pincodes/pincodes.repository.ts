import { and, asc, count, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { PincodeStatus } from '../../../shared/api/pincodes.schemas.js';
import type { Executor } from '../../db/client.js';
import { pincodes } from '../../db/schema.js';

export type PincodeRow = typeof pincodes.$inferSelect;
export type PincodeValues = Omit<PincodeRow, 'updatedAt'>;

export async function findPincode(db: Executor, pincode: string): Promise<PincodeRow | undefined> {
  const [row] = await db.select().from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  return row;
}

/** True while the shop has no list at all (then it delivers everywhere). */
export async function listIsEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(pincodes).limit(1);
  return row === undefined;
}

export async function pincodesIn(db: Executor, codes: readonly string[]): Promise<PincodeRow[]> {
  const rows: PincodeRow[] = [];
  for (let i = 0; i < codes.length; i += 5000) {
    const slice = codes.slice(i, i + 5000);
    if (slice.length)
      rows.push(...(await db.select().from(pincodes).where(inArray(pincodes.pincode, slice))));
  }
  return rows;
}

/** Imports take this lock, so two imports of overlapping files apply one after the other. */
export async function lockPincodes(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pincodes'))`);
}

/** Inserts new pincodes and overwrites existing ones with the values given. */
export async function upsertPincodes(tx: Executor, rows: readonly PincodeValues[]): Promise<void> {
  const now = new Date();
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(pincodes)
      .values(rows.slice(i, i + 1000).map((row) => ({ ...row, updatedAt: now })))
      .onConflictDoUpdate({
        target: pincodes.pincode,
        set: {
          city: sql`excluded.city`,
          district: sql`excluded.district`,
          state: sql`excluded.state`,
          serviceable: sql`excluded.serviceable`,
          cod: sql`excluded.cod`,
          deliveryDays: sql`excluded.delivery_days`,
          updatedAt: now,
        },
      });
  }
}

export type PincodeFilter = { q: string; state?: string | undefined; status?: PincodeStatus | undefined };

function conditionsOf(filter: PincodeFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const q = filter.q.trim();
  if (/^\d+$/.test(q)) {
    conditions.push(sql`${pincodes.pincode} like ${`${q}%`}`);
  } else if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${pincodes.city} ilike ${pattern} or ${pincodes.district} ilike ${pattern})`);
  }
  if (filter.state) conditions.push(eq(pincodes.state, filter.state));
  if (filter.status === 'serviceable') conditions.push(eq(pincodes.serviceable, true));
  if (filter.status === 'unserviceable') conditions.push(eq(pincodes.serviceable, false));
  if (filter.status === 'no-cod')
    conditions.push(and(eq(pincodes.serviceable, true), eq(pincodes.cod, false))!);
  return conditions.length ? and(...conditions) : undefined;
}

export async function page(
  db: Executor,
  filter: PincodeFilter,
  options: { limit: number; offset: number },
): Promise<{ rows: PincodeRow[]; total: number; listed: number }> {
  const where = conditionsOf(filter);
  const [rows, [totalRow], [listedRow]] = await Promise.all([
    db
      .select()
      .from(pincodes)
      .where(where)
      .orderBy(asc(pincodes.pincode))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(pincodes).where(where),
    db.select({ total: count() }).from(pincodes),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0), listed: Number(listedRow?.total ?? 0) };
}

/** Every matching pincode, a page at a time in pincode order (for the CSV export). */
export async function* allPages(
  db: Executor,
  filter: PincodeFilter,
  size = 5000,
): AsyncGenerator<PincodeRow[]> {
  let after = '';
  for (;;) {
    const where = conditionsOf(filter);
    const rows = await db
      .select()
      .from(pincodes)
      .where(after ? and(where, gt(pincodes.pincode, after)) : where)
      .orderBy(asc(pincodes.pincode))
      .limit(size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.pincode;
  }
}
