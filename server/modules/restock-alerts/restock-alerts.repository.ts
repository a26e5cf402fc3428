import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { CustomerChannel } from '../../../shared/channels.js';
import type { Locale } from '../../../shared/locales.js';
import { type Executor, queryRows } from '../../db/client.js';
import { backInStockRequests } from '../../db/schema.js';

export type RequestRow = typeof backInStockRequests.$inferSelect;

const open = and(isNull(backInStockRequests.notifiedAt), isNull(backInStockRequests.cancelledAt));

/** The same thing waited for: a size, or (null) the product as a whole. */
const sameTarget = (variantId: string | null) =>
  variantId ? eq(backInStockRequests.variantId, variantId) : isNull(backInStockRequests.variantId);

export async function findOpen(
  db: Executor,
  userId: string,
  productId: string,
  variantId: string | null,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(backInStockRequests)
    .where(
      and(
        eq(backInStockRequests.userId, userId),
        eq(backInStockRequests.productId, productId),
        sameTarget(variantId),
        open,
      ),
    )
    .limit(1);
  return row;
}

/** Opens a request, or keeps the open one (taking the new channels and language): asking twice is one. */
export async function openRequest(
  db: Executor,
  row: {
    userId: string;
    productId: string;
    variantId: string | null;
    channels: CustomerChannel[];
    language: Locale;
  },
): Promise<RequestRow> {
  const [inserted] = await db.insert(backInStockRequests).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const [kept] = await db
    .update(backInStockRequests)
    .set({ channels: row.channels, language: row.language })
    .where(
      and(
        eq(backInStockRequests.userId, row.userId),
        eq(backInStockRequests.productId, row.productId),
        sameTarget(row.variantId),
        open,
      ),
    )
    .returning();
  return kept!;
}

export async function cancelOpen(
  db: Executor,
  userId: string,
  productId: string,
  variantId: string | null,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(backInStockRequests)
    .set({ cancelledAt: at })
    .where(
      and(
        eq(backInStockRequests.userId, userId),
        eq(backInStockRequests.productId, productId),
        sameTarget(variantId),
        open,
      ),
    )
    .returning({ id: backInStockRequests.id });
  return rows.length > 0;
}

export async function openOfUser(db: Executor, userId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(backInStockRequests)
    .where(and(eq(backInStockRequests.userId, userId), open))
    .orderBy(asc(backInStockRequests.createdAt), asc(backInStockRequests.id));
}

/** Every request of a customer, open or closed, newest first (their data export). */
export async function allOfUser(db: Executor, userId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(backInStockRequests)
    .where(eq(backInStockRequests.userId, userId))
    .orderBy(desc(backInStockRequests.createdAt), desc(backInStockRequests.id));
}

/** What is waited for (a size, or null: the product), how many wait, since when, the most stock any saw. */
export type OpenTarget = {
  productId: string;
  variantId: string | null;
  shoppers: number;
  oldest: Date;
  seen: number;
};

/**
 * Every product and size waited for, counted in the database (a launch can have a hundred
 * thousand shoppers waiting), the longest-waiting first.
 */
export async function openTargets(db: Executor): Promise<OpenTarget[]> {
  const oldest = sql<Date>`min(${backInStockRequests.createdAt})`;
  const rows = await db
    .select({
      productId: backInStockRequests.productId,
      variantId: backInStockRequests.variantId,
      shoppers: sql<number>`count(*)::int`,
      oldest,
      seen: sql<number>`max(${backInStockRequests.stockSeen})::int`,
    })
    .from(backInStockRequests)
    .where(open)
    .groupBy(backInStockRequests.productId, backInStockRequests.variantId)
    .orderBy(oldest);
  // min() of a timestamp may come back as text from one driver or the other.
  return rows.map((row) => ({
    ...row,
    shoppers: Number(row.shoppers),
    seen: Number(row.seen),
    oldest: new Date(row.oldest),
  }));
}

/** The target's first `limit` open requests, in the order they were made. */
export async function firstOpenOf(
  db: Executor,
  target: Pick<OpenTarget, 'productId' | 'variantId'>,
  limit: number,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(backInStockRequests)
    .where(and(eq(backInStockRequests.productId, target.productId), sameTarget(target.variantId), open))
    .orderBy(asc(backInStockRequests.createdAt), asc(backInStockRequests.id))
    .limit(limit);
}

/** Cancels every open request of a target that left the storefront; answers how many. */
export async function cancelTarget(
  db: Executor,
  target: Pick<OpenTarget, 'productId' | 'variantId'>,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(backInStockRequests)
    .set({ cancelledAt: at })
    .where(and(eq(backInStockRequests.productId, target.productId), sameTarget(target.variantId), open))
    .returning({ id: backInStockRequests.id });
  return rows.length;
}

/** The stock the target's requests still waiting have now seen: only a rise above it is news. */
export async function recordStockSeen(
  db: Executor,
  target: Pick<OpenTarget, 'productId' | 'variantId'>,
  quantity: number,
): Promise<void> {
  await db
    .update(backInStockRequests)
    .set({ stockSeen: quantity })
    .where(
      and(
        eq(backInStockRequests.productId, target.productId),
        sameTarget(target.variantId),
        open,
        ne(backInStockRequests.stockSeen, quantity),
      ),
    );
}

/** Marks a request notified unless it was cancelled or notified meanwhile; answers whether it was. */
export async function markNotified(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(backInStockRequests)
    .set({ notifiedAt: at })
    .where(and(eq(backInStockRequests.id, id), open))
    .returning({ id: backInStockRequests.id });
  return rows.length > 0;
}

export async function cancelByShop(db: Executor, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(backInStockRequests)
    .set({ cancelledAt: at })
    .where(and(inArray(backInStockRequests.id, ids), open));
}

/** Whether this pass holds the shop-wide lock of back-in-stock passes (two servers never run one at once). */
export async function tryPassLock(db: Executor): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtext('back-in-stock alerts')) as locked`,
  );
  return row?.locked === true;
}

export async function recentlyNotified(db: Executor, limit: number): Promise<RequestRow[]> {
  return db
    .select()
    .from(backInStockRequests)
    .where(isNotNull(backInStockRequests.notifiedAt))
    .orderBy(desc(backInStockRequests.notifiedAt), desc(backInStockRequests.id))
    .limit(limit);
}

/** Erasure (decision 021): what the customer waited for goes with their account. */
export async function removeRequestsOf(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(backInStockRequests)
    .where(eq(backInStockRequests.userId, userId))
    .returning({ id: backInStockRequests.id });
  return rows.length;
}
