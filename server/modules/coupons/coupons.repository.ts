import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { couponRedemptions, coupons } from '../../db/schema.js';

export type CouponRow = typeof coupons.$inferSelect;
export type RedemptionRow = typeof couponRedemptions.$inferSelect;
export type CouponValues = { name: string; discountPercent: number; expiresAt: Date } & Partial<
  Pick<
    CouponRow,
    | 'kind'
    | 'flatPaise'
    | 'minOrderPaise'
    | 'maxDiscountPaise'
    | 'startsAt'
    | 'usageLimit'
    | 'perCustomerLimit'
    | 'categoryIds'
    | 'brandIds'
  >
>;

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

// ---------------------------------------------------------------------------------------------
// Uses (coupon_redemptions): a row per checkout that applied a coupon. It counts while its order
// is placed (orderId) or while its hold is live (expiresAt > now()).

/** The coupon's row, locked until the transaction ends: uses are counted and added one at a time. */
export async function lockCouponByName(db: Executor, name: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.name}) = upper(${name})`)
    .for('update')
    .limit(1);
  return row;
}

/**
 * Uses that count against the limits, in all and the customer's: placed ones, and live holds of
 * other shoppers. The customer's own holds are left out: their next checkout replaces them.
 */
export async function countUses(
  db: Executor,
  couponId: string,
  userId: string,
): Promise<{ total: number; mine: number }> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`,
    })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        sql`(${couponRedemptions.orderId} is not null or (${couponRedemptions.expiresAt} > now() and ${couponRedemptions.userId} <> ${userId}))`,
      ),
    );
  return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
}

/** Placed and held uses per coupon, for the console's table. */
export async function usesOf(
  db: Executor,
  couponIds: string[],
): Promise<Map<string, { used: number; held: number }>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      used: sql<number>`count(*) filter (where ${couponRedemptions.orderId} is not null)`,
      held: sql<number>`count(*) filter (where ${couponRedemptions.orderId} is null and ${couponRedemptions.expiresAt} > now())`,
    })
    .from(couponRedemptions)
    .where(inArray(couponRedemptions.couponId, couponIds))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((r) => [r.couponId, { used: Number(r.used), held: Number(r.held) }]));
}

export async function insertRedemption(
  db: Executor,
  values: {
    couponId: string;
    userId: string;
    checkoutId: string;
    discountPaise: number;
    expiresAt: Date;
    orderId?: string;
  },
): Promise<void> {
  await db.insert(couponRedemptions).values(values).onConflictDoNothing();
}

/** Gives an order its use; false when the checkout has no row (released, or swept). */
export async function setRedemptionOrder(
  db: Executor,
  checkoutId: string,
  orderId: string,
): Promise<boolean> {
  const rows = await db
    .update(couponRedemptions)
    .set({ orderId })
    .where(eq(couponRedemptions.checkoutId, checkoutId))
    .returning({ id: couponRedemptions.id });
  return rows.length > 0;
}

/** Releases a checkout's use, unless its order was placed. */
export async function deleteHoldOfCheckout(db: Executor, checkoutId: string): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.checkoutId, checkoutId), isNull(couponRedemptions.orderId)))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

/** Deletes the use an order made (a cash-on-delivery order that lapsed unconfirmed). */
export async function deleteRedemptionOfOrder(db: Executor, orderId: string): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

/** Releases every use a customer's unplaced checkouts hold (they start another). */
export async function deleteHoldsOfUser(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.userId, userId), isNull(couponRedemptions.orderId)))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

/** Lapsed holds count for nothing; deleting them only keeps the table small. */
export async function deleteExpiredHolds(db: Executor): Promise<number> {
  const rows = await db
    .delete(couponRedemptions)
    .where(and(isNull(couponRedemptions.orderId), lte(couponRedemptions.expiresAt, sql`now()`)))
    .returning({ id: couponRedemptions.id });
  return rows.length;
}

export async function findRedemption(db: Executor, checkoutId: string): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.checkoutId, checkoutId))
    .limit(1);
  return row;
}
