import { and, desc, eq, gte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wishlistItems } from '../../db/schema.js';

export async function wishlistProductIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map((r) => r.productId);
}

/** Removes the item if present, adds it otherwise; returns whether it is now in the wishlist. */
export async function toggle(db: Executor, userId: string, productId: string): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  if (removed.length > 0) return false;
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  return true;
}

/** Empties the customer's wishlist (their account is being erased). */
export async function removeWishlistOf(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .returning({ productId: wishlistItems.productId });
  return rows.length;
}

/**
 * The wishlisted products of every customer added at or after `since` (all of them without it):
 * what price drops start watching (decision 057).
 */
export async function wishlistedSince(
  db: Executor,
  since: Date | undefined,
): Promise<{ userId: string; productId: string }[]> {
  return db
    .select({ userId: wishlistItems.userId, productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(since ? gte(wishlistItems.createdAt, since) : undefined);
}
