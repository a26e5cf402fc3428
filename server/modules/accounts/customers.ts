import type { ApiUser } from '../../../shared/api/accounts.schemas.js';
import type { Locale } from '../../../shared/locales.js';
import type { Executor } from '../../db/client.js';
import { verifyPassword } from '../../lib/secrets.js';
import { presentUser } from './accounts.presenter.js';
import {
  accountHistory,
  clearStaleInactivityWarnings,
  deleteAccountHistory,
  findUserByEmail,
  findUserById,
  type InactiveCustomer,
  inactiveCustomers,
  lockUser,
  pseudonymiseUser,
  setInactivityWarned,
} from './accounts.repository.js';
import { forgetWithdrawTokens } from './consents.repository.js';
import { forgetSignInFailures } from './sign-in-throttle.js';

/**
 * What other modules may know about a customer, read through the accounts module rather than its
 * repository. Each takes the database or an open transaction, so it also works inside one.
 */

export type CustomerContact = {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  /** The language the shop writes to them in (decision 052). */
  language: Locale;
};

/** Name, e-mail address and mobile, to write to the customer or deliver to them, or undefined. */
export async function customerContact(db: Executor, userId: string): Promise<CustomerContact | undefined> {
  const user = await findUserById(db, userId);
  return (
    user && {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      mobile: user.mobile,
      language: user.language,
    }
  );
}

/** The account as the API answers it (wishlist answers embed it), or undefined. */
export async function customerAccount(db: Executor, userId: string): Promise<ApiUser | undefined> {
  const user = await findUserById(db, userId);
  return user && presentUser(user);
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
  return {
    account: presentUser(user),
    // What was filed with the address belongs to the account only from its proof on (decision 029).
    emailVerifiedAt: user.emailVerifiedAt,
    ...(await accountHistory(db, userId)),
  };
}

/**
 * The account locked for erasure, with its contact details as they are before it (the e-mail that
 * confirms the erasure goes to this address), and whether the password given opens it. Undefined
 * when there is no such account or it is already erased.
 */
export async function lockCustomerForErasure(
  tx: Executor,
  userId: string,
  password: string | undefined,
): Promise<(CustomerContact & { emailVerifiedAt: Date | null; passwordMatches: boolean }) | undefined> {
  const user = await lockUser(tx, userId);
  if (!user || user.erasedAt) return undefined;
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    mobile: user.mobile,
    language: user.language,
    emailVerifiedAt: user.emailVerifiedAt,
    passwordMatches: password === undefined ? false : await verifyPassword(user.passwordHash, password),
  };
}

/**
 * Erases what the accounts module holds about a customer (decision 021): name, e-mail and mobile
 * become placeholders, the password stops working, sessions, reset, restore and confirmation links
 * go, and so do failed sign-ins counted against the address, and the marketing links stop working.
 * The consent records stay, without anything that identifies anyone, as the shop's proof of what
 * was agreed.
 */
export async function eraseCustomerAccount(tx: Executor, userId: string, now: Date): Promise<void> {
  const user = await findUserById(tx, userId);
  await deleteAccountHistory(tx, userId);
  await forgetWithdrawTokens(tx, userId);
  if (user) await forgetSignInFailures(tx, 'customer', user.email);
  await pseudonymiseUser(tx, userId, now);
}

export type { InactiveCustomer };

/** For the inactive-account job: accounts last used before `before`, oldest first. */
export function customersInactiveSince(db: Executor, before: Date, limit: number) {
  return inactiveCustomers(db, before, limit);
}

/** Records the warning that an inactive account will be erased; false if it was already recorded. */
export function markInactivityWarning(db: Executor, userId: string, at: Date) {
  return setInactivityWarned(db, userId, at);
}

/** Warnings of accounts used since: those accounts are active again. */
export function withdrawWarningsOfActiveCustomers(db: Executor) {
  return clearStaleInactivityWarnings(db);
}

/** Whether an account with this id exists (erased or not). */
export async function customerExists(db: Executor, userId: string): Promise<boolean> {
  return (await findUserById(db, userId)) !== undefined;
}
