import type { ApiUser } from '../../../shared/api/accounts.schemas.js';
import type { Executor } from '../../db/client.js';
import { verifyPassword } from '../../lib/secrets.js';
import { presentUser } from './accounts.presenter.js';
import { accountHistory, findUserByEmail, findUserById } from './accounts.repository.js';

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

/**
 * Whether this e-mail and password open a shopper's account. The staff sign-in of the original
 * admin client answers a shopper's right password with "Not Authorized" and a wrong one with
 * "Invalid Credentials", as that client's backend did (password first: the answer reveals no role).
 */
export async function customerPasswordMatches(
  db: Executor,
  email: string,
  password: string,
): Promise<boolean> {
  const user = await findUserByEmail(db, email);
  return verifyPassword(user?.passwordHash, password);
}

/** The id of the shop account with this e-mail address (stored lower case), or undefined. */
export async function customerIdByEmail(db: Executor, email: string): Promise<string | undefined> {
  return (await findUserByEmail(db, email.trim().toLowerCase()))?.id;
}

/**
 * The customer's account and its history (sign-ins, e-mail changes, reset links asked for), for
 * their data export; undefined when there is no such account.
 */
export async function customerRecords(db: Executor, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  return { account: presentUser(user), ...(await accountHistory(db, userId)) };
}
