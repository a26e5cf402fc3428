import { and, asc, count, desc, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { coupons } from '../../db/schema.js';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponValues = { name: string; discountPercent: number; expiresAt: Date };

/** Writes take this lock, so two coupons named alike cannot both pass the name check. */
export async function lockCoupons(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('coupons'))`);
}

export async function listAll(db: Executor, limit: number): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(asc(coupons.expiresAt), asc(coupons.name)).limit(limit);
}

export async function findById(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** Names are stored upper case; compared upper case too, for rows written any other way. */
export async function findByName(
  db: Executor,
  name: string,
  exceptId?: string,
): Promise<CouponRow | undefined> {
  const same = sql`upper(${coupons.name}) = upper(${name})`;
  const [row] = await db
    .select()
    .from(coupons)
    .where(exceptId ? and(same, ne(coupons.id, exceptId)) : same)
    .limit(1);
  return row;
}

export async function insert(db: Executor, values: CouponValues): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: string, values: CouponValues): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

export async function remove(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.delete(coupons).where(eq(coupons.id, id)).returning();
  return row;
}

export type CouponSort = `${'name' | 'expiry' | 'discount' | 'createdAt'}:${'asc' | 'desc'}`;

const sortColumns = {
  name: coupons.name,
  expiry: coupons.expiresAt,
  discount: coupons.discountPercent,
  createdAt: coupons.createdAt,
} as const;

export async function page(
  db: Executor,
  options: {
    q: string;
    /** Active: expires on or after `today` (00:00 UTC of India's date); expired: before it. */
    status?: { kind: 'active' | 'expired'; today: Date };
    sort: CouponSort;
    limit: number;
    offset: number;
  },
): Promise<{ rows: CouponRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (options.q) {
    const pattern = `%${options.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`upper(${coupons.name}) like ${pattern}`);
  }
  if (options.status) {
    conditions.push(
      options.status.kind === 'active'
        ? gte(coupons.expiresAt, options.status.today)
        : lt(coupons.expiresAt, options.status.today),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [key, order] = options.sort.split(':') as [keyof typeof sortColumns, string];
  const column = sortColumns[key];
  const direction = order === 'desc' ? desc : asc;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(direction(column), asc(coupons.name))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}
