import type { Executor } from '../../db/client.js';
import * as repository from './cart.repository.js';

/**
 * What other modules may do with a cart. The cart module owns `cart_lines`: checkout reads a
 * customer's lines through here, and order placement removes the bought ones inside its own
 * transaction (pass the transaction as `db`).
 */

export type CartLineForCheckout = { productId: string; variantId: string; colorId: string; quantity: number };

/** The customer's lines in the order they were added. */
export async function cartLinesOf(db: Executor, userId: string): Promise<CartLineForCheckout[]> {
  return (await repository.linesOf(db, userId)).map(({ productId, variantId, colorId, quantity }) => ({
    productId,
    variantId,
    colorId,
    quantity,
  }));
}

/** Removes the purchased lines from the customer's cart (items added since stay). */
export async function removePurchasedCartLines(
  db: Executor,
  userId: string,
  lines: readonly { variantId: string; colorId: string }[],
): Promise<number> {
  // How many were still there: a second placement of the same cart finds none (its delete waits
  // for the first one's commit, then deletes nothing).
  return repository.deleteLinesOf(db, userId, lines);
}

/** Empties the customer's cart (their account is being erased). */
export async function removeAllCartLines(db: Executor, userId: string): Promise<number> {
  return repository.deleteAllLines(db, userId);
}
