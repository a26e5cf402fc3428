import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type SignInRealm, signInAlerts, signInFailures } from '../../db/schema.js';

export type FailureKey = { realm: SignInRealm; account: string; ip: string };

export async function findFailure(db: Executor, key: FailureKey) {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.realm, key.realm),
        eq(signInFailures.account, key.account),
        eq(signInFailures.ip, key.ip),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Counts one more failure of this address on this account (starting again from one when the last
 * was before `windowStart`); answers the count.
 */
export async function addFailure(
  db: Executor,
  key: FailureKey,
  at: Date,
  windowStart: Date,
): Promise<number> {
  const [row] = await db
    .insert(signInFailures)
    .values({ ...key, failures: 1, lastFailedAt: at })
    .onConflictDoUpdate({
      target: [signInFailures.realm, signInFailures.account, signInFailures.ip],
      set: {
        failures: sql`case when ${signInFailures.lastFailedAt} < ${windowStart} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailedAt: at,
      },
    })
    .returning({ failures: signInFailures.failures });
  return row!.failures;
}

export async function setBlockedUntil(db: Executor, key: FailureKey, until: Date | null): Promise<void> {
  await db
    .update(signInFailures)
    .set({ blockedUntil: until })
    .where(
      and(
        eq(signInFailures.realm, key.realm),
        eq(signInFailures.account, key.account),
        eq(signInFailures.ip, key.ip),
      ),
    );
}

/** Failures on the account from every address since `windowStart`. */
export async function accountFailuresSince(
  db: Executor,
  realm: SignInRealm,
  account: string,
  windowStart: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${signInFailures.failures}), 0)::int` })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.realm, realm),
        eq(signInFailures.account, account),
        gte(signInFailures.lastFailedAt, windowStart),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function clearFailure(db: Executor, key: FailureKey): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        eq(signInFailures.realm, key.realm),
        eq(signInFailures.account, key.account),
        eq(signInFailures.ip, key.ip),
      ),
    );
}

/** Rows whose last failure and wait are both over a day old say nothing any more. */
export async function deleteStaleFailures(db: Executor, before: Date): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.lastFailedAt, before),
        sql`(${signInFailures.blockedUntil} is null or ${signInFailures.blockedUntil} < ${before})`,
      ),
    );
}

/**
 * Takes the account's alert for this window: true (and the time recorded) when its owner was not
 * told since `windowStart`, false when they already were. Two servers racing: one wins.
 */
export async function claimAlert(
  db: Executor,
  realm: SignInRealm,
  account: string,
  at: Date,
  windowStart: Date,
): Promise<boolean> {
  const rows = await db
    .insert(signInAlerts)
    .values({ realm, account, notifiedAt: at })
    .onConflictDoUpdate({
      target: [signInAlerts.realm, signInAlerts.account],
      set: { notifiedAt: at },
      setWhere: lt(signInAlerts.notifiedAt, windowStart),
    })
    .returning({ account: signInAlerts.account });
  return rows.length > 0;
}

/** Forgets an account key's failed sign-ins and alerts. */
export async function forgetAccount(db: Executor, realm: SignInRealm, account: string): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.realm, realm), eq(signInFailures.account, account)));
  await db.delete(signInAlerts).where(and(eq(signInAlerts.realm, realm), eq(signInAlerts.account, account)));
}
