import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { CustomerChannel } from '../../../shared/channels.js';
import type { Executor } from '../../db/client.js';
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

export async function productWatches(db: Executor): Promise<PriceWatchRow[]> {
  return db.select().from(priceWatches).where(isNull(priceWatches.variantId));
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

export async function insertWatches(
  db: Executor,
  rows: { userId: string; productId: string; lastPricePaise: number }[],
): Promise<void> {
  for (const slice of inSlices(rows, 5_000))
    await db.insert(priceWatches).values(slice).onConflictDoNothing();
}

export async function deleteWatches(db: Executor, ids: string[]): Promise<void> {
  for (const slice of inSlices(ids, 10_000))
    await db.delete(priceWatches).where(inArray(priceWatches.id, slice));
}

/** Every watch of the product below its new, higher price follows it up. */
export async function followPriceRise(db: Executor, productId: string, pricePaise: number): Promise<void> {
  await db
    .update(priceWatches)
    .set({ lastPricePaise: pricePaise })
    .where(
      and(
        eq(priceWatches.productId, productId),
        isNull(priceWatches.variantId),
        lt(priceWatches.lastPricePaise, pricePaise),
      ),
    );
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
