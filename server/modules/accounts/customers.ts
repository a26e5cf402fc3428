import type { ApiUser } from '../../../shared/api/accounts.schemas.js';
import type { Executor } from '../../db/client.js';
import { presentUser } from './accounts.presenter.js';
import { findUserById } from './accounts.repository.js';

/**
 * What other modules may know about a customer, read through the accounts module rather than its
 * repository. Each takes the database or an open transaction, so it also works inside one.
 */

export type CustomerContact = { firstname: string; lastname: string; email: string; mobile: string };

/** Name, e-mail address and mobile, to write to the customer or deliver to them, or undefined. */
export async function customerContact(db: Executor, userId: string): Promise<CustomerContact | undefined> {
  const user = await findUserById(db, userId);
  return (
    user && { firstname: user.firstname, lastname: user.lastname, email: user.email, mobile: user.mobile }
  );
}

/** The account as the API answers it (wishlist answers embed it), or undefined. */
export async function customerAccount(db: Executor, userId: string): Promise<ApiUser | undefined> {
  const user = await findUserById(db, userId);
  return user && presentUser(user);
}
