import { createHash } from 'node:crypto';
import { and, gt, lte, sql } from 'drizzle-orm';
import { CART_QUANTITY_MAX } from '../../../shared/schemas/cart.js';
import type { Executor } from '../../db/client.js';
import { cartLines } from '../../db/schema.js';
import { sellableVariants } from '../catalog/index.js';
import * as repository from './cart.repository.js';

/**
 * A cart as the reminders see it (decision 057): its lines, when it was last changed, and a
 * fingerprint of what is in it, so one state of a cart is reminded of once.
 */
export type CartState = {
  userId: string;
  lines: { productId: string; variantId: string; colorId: string; quantity: number }[];
  /** The last change to any of its lines. */
  touchedAt: Date;
  /** The same lines and quantities give the same fingerprint, whatever their order. */
  fingerprint: string;
};

function fingerprintOf(lines: CartState['lines']): string {
  const key = lines
    .map((line) => `${line.variantId}:${line.colorId}:${line.quantity}`)
    .sort()
    .join('|');
  return createHash('sha256').update(key).digest('base64url');
}

/** The customer's cart now; undefined when it is empty. */
export async function cartStateOf(db: Executor, userId: string): Promise<CartState | undefined> {
  const rows = await repository.linesOf(db, userId);
  if (rows.length === 0) return undefined;
  const lines = rows.map(({ productId, variantId, colorId, quantity }) => ({
    productId,
    variantId,
    colorId,
    quantity,
  }));
  const touchedAt = new Date(Math.max(...rows.map((row) => Math.max(+row.createdAt, +row.updatedAt))));
  return { userId, lines, touchedAt, fingerprint: fingerprintOf(lines) };
}

/**
 * Customers whose carts were last changed between `from` and `to` (left alone since), oldest
 * first, at most `limit`.
 */
export async function idleCartOwners(
  db: Executor,
  window: { from: Date; to: Date; limit: number },
): Promise<string[]> {
  const touched = sql`max(greatest(${cartLines.createdAt}, ${cartLines.updatedAt}))`;
  const rows = await db
    .select({ userId: cartLines.userId, touched: sql<Date>`${touched}` })
    .from(cartLines)
    .groupBy(cartLines.userId)
    .having(and(gt(touched, window.from), lte(touched, window.to)))
    .orderBy(touched)
    .limit(window.limit);
  return rows.map((row) => row.userId);
}

/**
 * Puts back the lines of a reminded cart that are no longer in it, at the current price and
 * within the stock; a line sold out or no longer sold stays out. Answers how many came back.
 */
export async function restoreCartLines(
  db: Executor,
  userId: string,
  lines: readonly { productId: string; variantId: string; colorId: string; quantity: number }[],
): Promise<number> {
  const present = new Set(
    (await repository.linesOf(db, userId)).map((line) => `${line.variantId}:${line.colorId}`),
  );
  const missing = lines.filter((line) => !present.has(`${line.variantId}:${line.colorId}`));
  if (missing.length === 0) return 0;
  const variants = await sellableVariants(
    db,
    missing.map((line) => line.variantId),
  );
  let restored = 0;
  for (const line of missing) {
    const variant = variants.get(line.variantId);
    if (!variant || variant.archived || variant.quantity <= 0) continue;
    const max = Math.min(variant.quantity, CART_QUANTITY_MAX);
    const added = await repository.addToLine(
      db,
      {
        userId,
        productId: line.productId,
        variantId: line.variantId,
        colorId: line.colorId,
        quantity: Math.min(line.quantity, max),
        pricePaise: variant.pricePaise,
      },
      max,
    );
    if (added) restored += 1;
  }
  return restored;
}

/** Whether every line's item is sold out or no longer sold (nothing in the cart can be bought). */
export async function cartSoldOut(db: Executor, lines: readonly { variantId: string }[]): Promise<boolean> {
  const variants = await sellableVariants(
    db,
    lines.map((line) => line.variantId),
  );
  return lines.every((line) => {
    const variant = variants.get(line.variantId);
    return !variant || variant.archived || variant.quantity <= 0;
  });
}
