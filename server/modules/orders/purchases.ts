import type { Executor } from '../../db/client.js';
import * as repository from './purchases.repository.js';

/**
 * What other modules may know about a customer's purchases, through the orders module rather than
 * its repository. Takes the database or an open transaction.
 */

/** True when the customer has an order (not cancelled) with the product: a verified purchase. */
export async function hasBought(db: Executor, userId: string, productId: string): Promise<boolean> {
  return repository.hasBought(db, userId, productId);
}

/**
 * Which of these products some order refers to: the catalogue archives rather than deletes those,
 * so that every order keeps showing what was bought.
 */
export async function productsWithOrders(db: Executor, productIds: string[]): Promise<Set<string>> {
  return repository.productsWithOrders(db, productIds);
}
