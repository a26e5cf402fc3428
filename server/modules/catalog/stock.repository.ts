import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, stockHolds } from '../../db/schema.js';

/** `archived`: the product has left the storefront; it can no longer be held or bought. */
export type StockRow = { id: string; title: string; quantity: number; archived: boolean };

const archived = sql<boolean>`${products.archivedAt} is not null`;

/** Units of a product set aside by live holds, for use inside a products query. */
export const liveHeldUnits = sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
  where ${stockHolds.productId} = ${products.id} and ${stockHolds.expiresAt} > now()), 0)`;

/** What the store shows as available: stock less what live holds set aside. */
export const availableQuantity =
  sql<number>`greatest(${products.quantity} - ${liveHeldUnits}, 0)::int`.mapWith(Number);

/**
 * Locks the products' rows in id order (so two checkouts of the same products cannot deadlock).
 * NO KEY UPDATE: it serialises stock changes but does not block carts and orders that merely
 * reference a product. Statements after this one see every hold committed before the lock.
 */
export async function lockProducts(db: Executor, ids: string[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, title: products.title, quantity: products.quantity, archived })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
}

export async function stockOf(db: Executor, ids: string[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, title: products.title, quantity: products.quantity, archived })
    .from(products)
    .where(inArray(products.id, ids));
}

/** Live held units per product, leaving out one shopper's holds or one checkout's. */
export async function heldUnits(
  db: Executor,
  productIds: string[],
  except: { userId: string } | { checkoutId: string },
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: stockHolds.productId,
      held: sql<number>`sum(${stockHolds.quantity})::int`.mapWith(Number),
    })
    .from(stockHolds)
    .where(
      and(
        inArray(stockHolds.productId, productIds),
        gt(stockHolds.expiresAt, sql`now()`),
        'userId' in except
          ? ne(stockHolds.userId, except.userId)
          : ne(stockHolds.checkoutId, except.checkoutId),
      ),
    )
    .groupBy(stockHolds.productId);
  return new Map(rows.map((r) => [r.productId, r.held]));
}

export async function insertHolds(
  db: Executor,
  holds: { checkoutId: string; userId: string; productId: string; quantity: number }[],
  minutes: number,
): Promise<Date | undefined> {
  if (holds.length === 0) return undefined;
  const rows = await db
    .insert(stockHolds)
    .values(holds.map((h) => ({ ...h, expiresAt: sql`now() + make_interval(mins => ${minutes})` })))
    .returning({ expiresAt: stockHolds.expiresAt });
  return rows[0]?.expiresAt;
}

export async function deleteHoldsOfUser(db: Executor, userId: string) {
  await db.delete(stockHolds).where(eq(stockHolds.userId, userId));
}

export async function deleteHoldsOfCheckout(db: Executor, checkoutId: string) {
  await db.delete(stockHolds).where(eq(stockHolds.checkoutId, checkoutId));
}

export async function deleteExpiredHolds(db: Executor): Promise<number> {
  const rows = await db
    .delete(stockHolds)
    .where(lte(stockHolds.expiresAt, sql`now()`))
    .returning({ id: stockHolds.checkoutId });
  return rows.length;
}

/**
 * Takes `quantity` units if that many are in stock and not held for other checkouts; false
 * otherwise. The guard (and the CHECK constraint behind it) means stock never goes below zero.
 * Call after lockProducts in the same transaction, so the holds it counts are current.
 */
export async function takeStock(
  db: Executor,
  productId: string,
  quantity: number,
  checkoutId: string,
): Promise<boolean> {
  const heldByOthers = sql`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
    where ${stockHolds.productId} = ${productId} and ${stockHolds.checkoutId} <> ${checkoutId}
    and ${stockHolds.expiresAt} > now()), 0)`;
  const rows = await db
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}`, sold: sql`${products.sold} + ${quantity}` })
    .where(and(eq(products.id, productId), sql`${products.quantity} - ${heldByOthers} >= ${quantity}`))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Serialises one shopper's checkouts (the original client sends two per click). */
export async function lockShopperCheckouts(db: Executor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout:${userId}`}, 0))`);
}

/** Units back on the shelf: quantity up, sold down (never below 0). Undefined if the product is gone. */
export async function putBack(
  db: Executor,
  productId: string,
  quantity: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(products)
    .set({
      quantity: sql`${products.quantity} + ${quantity}`,
      sold: sql`greatest(${products.sold} - ${quantity}, 0)`,
    })
    .where(eq(products.id, productId))
    .returning({ quantity: products.quantity });
  return row?.quantity;
}
