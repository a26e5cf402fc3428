import type { Executor } from '../../db/client.js';
import { deleteAllOf } from './wishlist.repository.js';

/** What other modules may do with a customer's wishlist: empty it when the account is erased. */
export async function removeWishlistOf(db: Executor, userId: string): Promise<number> {
  return deleteAllOf(db, userId);
}
