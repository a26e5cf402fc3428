import type { Transaction } from '../../db/client.js';
import * as repository from './catalog.repository.js';

/**
 * A product's mean rating and review count live on the product (lists sort and show them without
 * reading every review), so the catalogue keeps them. The reviews module calls these inside the
 * transaction that writes a review.
 */

/**
 * Locks the product for the rest of the caller's transaction, so concurrent reviews of one
 * product recompute its mean one after another. Call it before writing the review.
 */
export async function lockForRating(tx: Transaction, productId: string): Promise<void> {
  await repository.lockProduct(tx, productId);
}

/** Sets the product's mean rating and review count from its reviews, as the transaction sees them. */
export async function recomputeRating(tx: Transaction, productId: string): Promise<void> {
  await repository.recomputeRating(tx, productId);
}
