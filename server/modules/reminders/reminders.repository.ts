import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CustomerChannel } from '../../../shared/channels.js';
import { type Executor, queryRows } from '../../db/client.js';
import { cartReminders, priceDropAlerts, priceWatches, type RemindedLine } from '../../db/schema.js';
import { inSlices } from '../../lib/collections.js';

export type PriceWatchRow = typeof priceWatches.$inferSelect;
export type PriceDropAlertRow = typeof priceDropAlerts.$inferSelect;
export type CartReminderRow = typeof cartReminders.$inferSelect;

/** Offer e-mails this module queued for the customer in a window (the cap's e-mail count). */
export async function emailOffersBetween(
  db: Executor,
  userId: string,
  from: Date,
  to: Date,
): Promise<number> {
  const inWindow = (table: typeof priceDropAlerts | typeof cartReminders) =>
    and(
      eq(table.userId, userId),
      gte(table.createdAt, from),
      lt(table.createdAt, to),
      sql`'email' = any(${table.channels})`,
    );
  const [drops, carts] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(priceDropAlerts).where(inWindow(priceDropAlerts)),
    db.select({ n: sql<number>`count(*)::int` }).from(cartReminders).where(inWindow(cartReminders)),
  ]);
  return Number(drops[0]?.n ?? 0) + Number(carts[0]?.n ?? 0);
}

// Price watches: the product-level ones (the wishlist keeps products).

/** The products anybody watches (each once). */
export async function watchedProductIds(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ productId: priceWatches.productId })
    .from(priceWatches)
    .where(isNull(priceWatches.variantId));
  return rows.map((row) => row.productId);
}

/** The customer's watches, locked for the transaction unless `lock: false`. */
export async function productWatchesOf(
  db: Executor,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<PriceWatchRow[]> {
  const query = db
    .select()
    .from(priceWatches)
    .where(and(eq(priceWatches.userId, userId), isNull(priceWatches.variantId)));
  return options.lock === false ? query : query.for('update');
}

/** A row that names a wishlist item no longer there (taken off since it was read). */
const itemGone = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23503' ||
  (error as { cause?: { code?: string } }).cause?.code === '23503';

/**
 * New watches, 5,000 a statement; one already there is left as it is. A slice naming an item taken
 * off the wishlist since it was read is written row by row, without that one.
 */
export async function insertWatches(
  db: Executor,
  rows: { userId: string; productId: string; lastPricePaise: number }[],
): Promise<void> {
  for (const slice of inSlices(rows, 5_000)) {
    try {
      await db.insert(priceWatches).values(slice).onConflictDoNothing();
    } catch (error) {
      if (!itemGone(error)) throw error;
      for (const row of slice)
        await db
          .insert(priceWatches)
          .values(row)
          .onConflictDoNothing()
          .catch((rowError: unknown) => {
            if (!itemGone(rowError)) throw rowError;
          });
    }
  }
}

/** Products with their current prices, as one pair of arrays a statement can join (10,000 at a time). */
function priceTable(prices: Map<string, number>) {
  return inSlices([...prices], 10_000).map(
    (slice) =>
      sql`unnest(${sql.param(slice.map(([id]) => id))}::uuid[], ${sql.param(slice.map(([, price]) => price))}::int[]) as p(product_id, price)`,
  );
}

/** Every watch below its product's new, higher price follows it up: one statement per 10,000 products. */
export async function followPriceRises(db: Executor, prices: Map<string, number>): Promise<void> {
  for (const table of priceTable(prices))
    await db.execute(
      sql`update ${priceWatches} w set last_price_paise = p.price from ${table}
          where w.product_id = p.product_id and w.variant_id is null and w.last_price_paise < p.price`,
    );
}

/** Customers with a watched product now below the price they know, `limit` at most. */
export async function customersWithDrops(
  db: Executor,
  prices: Map<string, number>,
  limit: number,
): Promise<string[]> {
  const customers = new Set<string>();
  for (const table of priceTable(prices)) {
    if (customers.size >= limit) break;
    const rows = await queryRows<{ user_id: string }>(
      db,
      sql`select distinct w.user_id from ${priceWatches} w join ${table} on w.product_id = p.product_id
          where w.variant_id is null and w.last_price_paise > p.price limit ${limit - customers.size}`,
    );
    for (const row of rows) customers.add(row.user_id);
  }
  return [...customers];
}

/** The price the customer now knows, once told of a drop (`toldAt`) or shown it by the wishlist. */
export async function setWatchedPrice(
  db: Executor,
  id: string,
  pricePaise: number,
  toldAt?: Date,
): Promise<void> {
  await db
    .update(priceWatches)
    .set({ lastPricePaise: pricePaise, ...(toldAt ? { toldAt } : {}) })
    .where(eq(priceWatches.id, id));
}

/** The day's alert, unless the customer already has one that day (then undefined). */
export async function insertPriceDropAlert(
  db: Executor,
  row: {
    userId: string;
    productId: string;
    productTitle: string;
    oldPricePaise: number;
    newPricePaise: number;
    drops: number;
    channels: CustomerChannel[];
    indiaDay: string;
    createdAt: Date;
  },
): Promise<PriceDropAlertRow | undefined> {
  const [inserted] = await db.insert(priceDropAlerts).values(row).onConflictDoNothing().returning();
  return inserted;
}

// Cart reminders.

export async function reminderOfState(
  db: Executor,
  userId: string,
  cartState: string,
): Promise<CartReminderRow | undefined> {
  const [row] = await db
    .select()
    .from(cartReminders)
    .where(and(eq(cartReminders.userId, userId), eq(cartReminders.cartState, cartState)))
    .limit(1);
  return row;
}

/** The reminder, unless this state of the cart already has one (then undefined). */
export async function insertCartReminder(
  db: Executor,
  row: {
    userId: string;
    cartState: string;
    cartTouchedAt: Date;
    items: number;
    lines: RemindedLine[];
    channels: CustomerChannel[];
    tokenHash: string;
    createdAt: Date;
  },
): Promise<CartReminderRow | undefined> {
  const [inserted] = await db.insert(cartReminders).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function reminderByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<CartReminderRow | undefined> {
  const [row] = await db.select().from(cartReminders).where(eq(cartReminders.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function markRestored(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(cartReminders)
    .set({ restoredAt: at })
    .where(and(eq(cartReminders.id, id), isNull(cartReminders.restoredAt)));
}

/** Cart reminders sent since a moment (the dashboard's window), oldest first. */
export async function cartRemindersSince(
  db: Executor,
  since: Date,
): Promise<{ id: string; userId: string; createdAt: Date }[]> {
  return db
    .select({ id: cartReminders.id, userId: cartReminders.userId, createdAt: cartReminders.createdAt })
    .from(cartReminders)
    .where(gte(cartReminders.createdAt, since))
    .orderBy(cartReminders.createdAt);
}

export async function latestPriceDropAlerts(db: Executor, limit: number): Promise<PriceDropAlertRow[]> {
  return db.select().from(priceDropAlerts).orderBy(desc(priceDropAlerts.createdAt)).limit(limit);
}

export async function latestCartReminders(db: Executor, limit: number): Promise<CartReminderRow[]> {
  return db.select().from(cartReminders).orderBy(desc(cartReminders.createdAt)).limit(limit);
}

export async function countPriceDropAlertsSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(priceDropAlerts)
    .where(gte(priceDropAlerts.createdAt, since));
  return Number(row?.n ?? 0);
}

/** A customer's price watches, price-drop messages and cart reminders, newest first (their data export). */
export async function remindersOfUser(db: Executor, userId: string) {
  const [watches, drops, carts] = await Promise.all([
    db
      .select()
      .from(priceWatches)
      .where(eq(priceWatches.userId, userId))
      .orderBy(desc(priceWatches.createdAt)),
    db
      .select()
      .from(priceDropAlerts)
      .where(eq(priceDropAlerts.userId, userId))
      .orderBy(desc(priceDropAlerts.createdAt)),
    db
      .select()
      .from(cartReminders)
      .where(eq(cartReminders.userId, userId))
      .orderBy(desc(cartReminders.createdAt)),
  ]);
  return { watches, drops, carts };
}

/** An erased customer's reminders go with their other personal data. */
export async function deleteRemindersOf(db: Executor, userId: string): Promise<void> {
  await db.delete(priceWatches).where(eq(priceWatches.userId, userId));
  await db.delete(priceDropAlerts).where(eq(priceDropAlerts.userId, userId));
  await db.delete(cartReminders).where(eq(cartReminders.userId, userId));
}
