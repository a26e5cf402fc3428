import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, productVariants, stockHolds } from '../../db/schema.js';

/**
 * A variant's stock. `archived`: it (or its product) has left the storefront; it can no longer be
 * held or bought.
 */
export type StockRow = { id: string; productId: string; quantity: number; archived: boolean };

const archived = sql<boolean>`(${productVariants.archivedAt} is not null or exists (select 1 from ${products}
  where ${products.id} = ${productVariants.productId} and ${products.archivedAt} is not null))`;

const stockColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  quantity: productVariants.quantity,
  archived,
};

/** Units of a variant set aside by live holds, for use inside a variants query. */
export const liveHeldUnits = sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
  where ${stockHolds.variantId} = ${productVariants.id} and ${stockHolds.expiresAt} > now()), 0)`;

/** What the store shows as available of a variant: its stock less what live holds set aside. */
export const availableQuantity =
  sql<number>`greatest(${productVariants.quantity} - ${liveHeldUnits}, 0)::int`.mapWith(Number);

/**
 * Locks the products' rows in id order, then reads their variants' stock. Every change to a
 * variant's stock takes its product's lock first (the product row carries the variants' sums,
 * which a trigger rewrites), so two checkouts of the same products cannot deadlock. NO KEY
 * UPDATE: it serialises stock changes but does not block carts and orders that merely reference
 * a product. Statements after this one see every hold committed before the lock.
 */
export async function lockVariantsOf(
  db: Executor,
  productIds: string[],
  variantIds: string[],
): Promise<StockRow[]> {
  if (variantIds.length === 0) return [];
  await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...new Set(productIds)]))
    .orderBy(asc(products.id))
    .for('no key update');
  return stockOf(db, variantIds);
}

export async function stockOf(db: Executor, variantIds: string[]): Promise<StockRow[]> {
  if (variantIds.length === 0) return [];
  return db.select(stockColumns).from(productVariants).where(inArray(productVariants.id, variantIds));
}

/** Live held units per variant, leaving out one shopper's holds or one checkout's. */
export async function heldUnits(
  db: Executor,
  variantIds: string[],
  except: { userId: string } | { checkoutId: string },
): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: stockHolds.variantId,
      held: sql<number>`sum(${stockHolds.quantity})::int`.mapWith(Number),
    })
    .from(stockHolds)
    .where(
      and(
        inArray(stockHolds.variantId, variantIds),
        gt(stockHolds.expiresAt, sql`now()`),
        'userId' in except
          ? ne(stockHolds.userId, except.userId)
          : ne(stockHolds.checkoutId, except.checkoutId),
      ),
    )
    .groupBy(stockHolds.variantId);
  return new Map(rows.map((r) => [r.variantId, r.held]));
}

export async function insertHolds(
  db: Executor,
  holds: { checkoutId: string; userId: string; productId: string; variantId: string; quantity: number }[],
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
 * Takes `quantity` units of a variant if that many are in stock and not held for other
 * checkouts; false otherwise. The guard (and the CHECK constraint behind it) means stock never
 * goes below zero. Call after lockVariantsOf in the same transaction, so the holds it counts are
 * current.
 */
export async function takeStock(
  db: Executor,
  variantId: string,
  quantity: number,
  checkoutId: string,
): Promise<boolean> {
  const heldByOthers = sql`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds}
    where ${stockHolds.variantId} = ${variantId} and ${stockHolds.checkoutId} <> ${checkoutId}
    and ${stockHolds.expiresAt} > now()), 0)`;
  const rows = await db
    .update(productVariants)
    .set({
      quantity: sql`${productVariants.quantity} - ${quantity}`,
      sold: sql`${productVariants.sold} + ${quantity}`,
    })
    .where(
      and(
        eq(productVariants.id, variantId),
        sql`${productVariants.quantity} - ${heldByOthers} >= ${quantity}`,
      ),
    )
    .returning({ id: productVariants.id });
  return rows.length > 0;
}

/** Units back on the shelf: quantity up, sold down (never below 0). Undefined if the variant is gone. */
export async function putBack(
  db: Executor,
  variantId: string,
  quantity: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(productVariants)
    .set({
      quantity: sql`${productVariants.quantity} + ${quantity}`,
      sold: sql`greatest(${productVariants.sold} - ${quantity}, 0)`,
    })
    .where(eq(productVariants.id, variantId))
    .returning({ quantity: productVariants.quantity });
  return row?.quantity;
}
