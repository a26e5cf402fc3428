import type { Database, Executor, Transaction } from '../../db/client.js';
import type { SignInRealm } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import * as repository from './sign-in-throttle.repository.js';

/**
 * Sign-in throttling by (account, address). An address that keeps failing on one account waits
 * longer after each failure; the right password from an address that has not failed always gets
 * in, so nobody can lock an owner out by failing on purpose. When many addresses fail on one
 * account (a spread-out guessing attack), each of them waits the whole window after one failure.
 * The per-address limit on the route (across all accounts) stays, against password spraying.
 */

export const SIGN_IN_WINDOW_MINUTES = 15;
/** Failures from one address before it has to wait. */
const FREE_FAILURES = 2;
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = SIGN_IN_WINDOW_MINUTES * 60;
/** Failures on one account, from all addresses together, that mean it is under attack. */
const ACCOUNT_UNDER_ATTACK = 20;
const STALE_AFTER_MS = 86_400_000;

/** Seconds an address waits after its `failures`-th failure on an account: 0, 0, 30, 60… 900. */
export function waitAfterFailure(failures: number, accountFailures: number): number {
  const own =
    failures <= FREE_FAILURES
      ? 0
      : Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES - 1));
  return accountFailures >= ACCOUNT_UNDER_ATTACK ? MAX_WAIT_SECONDS : own;
}

export type Lockout = {
  realm: SignInRealm;
  /** The e-mail typed (normalised): the account's, when there is one. */
  account: string;
  ip: string;
  /** Failures on the account in the window, from every address. */
  accountFailures: number;
  waitSeconds: number;
  at: Date;
};

/**
 * Tells the account's owner (and staff, through the audit trail) that sign-ins are failing, in the
 * transaction that records the lock-out; called at most once per window per account.
 */
export type LockoutAlert = (tx: Transaction, lockout: Lockout) => Promise<void>;

export function tooManyFailures(waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  const when = waitSeconds < 90 ? `${waitSeconds} seconds` : `${minutes} minutes`;
  return new AppError(
    429,
    `Too many failed sign-ins from here. Please try again in ${when}, or reset your password.`,
    undefined,
    { 'retry-after': String(waitSeconds) },
  );
}

const normalised = (email: string) => email.trim().toLowerCase().slice(0, 254);

/**
 * What the tables keep of a typed e-mail: its SHA-256, enough to count failures per account without
 * keeping addresses people typed (an erased customer's, someone else's) in the database.
 */
const accountKey = (email: string) => hashToken(`sign-in:${normalised(email)}`);

/** Forgets the failures and alerts of an address (its account is being erased). */
export function forgetSignInFailures(db: Executor, realm: SignInRealm, email: string): Promise<void> {
  return repository.forgetAccount(db, realm, accountKey(email));
}

export function createSignInThrottle(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const windowStart = (at: Date) => new Date(at.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  const keyOf = (realm: SignInRealm, account: string, ip: string): repository.FailureKey => ({
    realm,
    account: accountKey(account),
    ip: ip.slice(0, 64),
  });

  return {
    /** Throws 429 (with Retry-After) while this address must wait before trying this account again. */
    async check(realm: SignInRealm, account: string, ip: string): Promise<void> {
      const row = await repository.findFailure(db, keyOf(realm, account, ip));
      const current = now();
      if (row?.blockedUntil && row.blockedUntil > current) {
        throw tooManyFailures(Math.ceil((row.blockedUntil.getTime() - current.getTime()) / 1000));
      }
    },

    /**
     * Counts a failed sign-in. When it makes the address wait (a lock-out), `alert` runs once per
     * window per account, in the same transaction.
     */
    async recordFailure(realm: SignInRealm, account: string, ip: string, alert: LockoutAlert): Promise<void> {
      const key = keyOf(realm, account, ip);
      await db.transaction(async (tx) => {
        const at = now();
        const since = windowStart(at);
        const failures = await repository.addFailure(tx, key, at, since);
        const accountFailures = await repository.accountFailuresSince(tx, realm, key.account, since);
        const waitSeconds = waitAfterFailure(failures, accountFailures);
        if (waitSeconds === 0) return;
        await repository.setBlockedUntil(tx, key, new Date(at.getTime() + waitSeconds * 1000));
        if (await repository.claimAlert(tx, realm, key.account, at, since)) {
          await alert(tx, {
            realm,
            account: normalised(account),
            ip: key.ip,
            accountFailures,
            waitSeconds,
            at,
          });
        }
        await repository.deleteStaleFailures(tx, new Date(at.getTime() - STALE_AFTER_MS));
      });
    },

    /** A right password: this address starts again from nothing on this account. */
    async recordSuccess(realm: SignInRealm, account: string, ip: string): Promise<void> {
      await repository.clearFailure(db, keyOf(realm, account, ip));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
