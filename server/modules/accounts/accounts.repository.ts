import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import {
  contactVerifications,
  emailChangeReverts,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The user row, locked until the transaction ends, so two profile edits cannot interleave. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** Another account already using this e-mail or mobile (excluding `exceptUserId`). */
export async function findConflictingUser(
  db: Executor,
  email: string,
  mobile: string,
  exceptUserId?: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        or(eq(users.email, email), eq(users.mobile, mobile)),
        exceptUserId ? ne(users.id, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertUser(
  db: Executor,
  values: {
    firstname: string;
    lastname: string;
    email: string;
    mobile: string;
    passwordHash: string;
    language?: UserRow['language'] | undefined;
  },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      | 'firstname'
      | 'lastname'
      | 'email'
      | 'mobile'
      | 'passwordHash'
      | 'emailVerifiedAt'
      | 'mobileVerifiedAt'
      | 'language'
      | 'smsOrders'
      | 'whatsappOrders'
    >
  >,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function insertSession(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

export type ActiveSession = { sessionId: string; lastSeenAt: Date; user: UserRow };

/** The live session behind a token hash: not revoked, not expired. */
export async function findActiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function touchSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** A new reset request makes every older, unused link for the account useless. */
export async function replaceResetToken(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
  now: Date,
) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

/**
 * Marks a reset token used and returns its user, in one statement, so two concurrent uses of the
 * same link cannot both succeed.
 */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

export async function insertEmailRevert(
  db: Executor,
  values: {
    userId: string;
    tokenHash: string;
    oldEmail: string;
    newEmail: string;
    // Set by the service's clock (not the database's) so later links compare with it exactly.
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(emailChangeReverts).values(values);
}

/**
 * An address that still has a live "restore my e-mail address" link for another account: it stays
 * its owner's until the link expires, so nobody can take it to make the restore fail.
 */
export async function isEmailReserved(
  db: Executor,
  email: string,
  now: Date,
  exceptUserId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailChangeReverts.id })
    .from(emailChangeReverts)
    .where(
      and(
        eq(emailChangeReverts.oldEmail, email),
        isNull(emailChangeReverts.usedAt),
        gt(emailChangeReverts.expiresAt, now),
        exceptUserId ? ne(emailChangeReverts.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Marks a restore link used and returns what it restores, in one statement (single use under races). */
export async function consumeEmailRevert(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; oldEmail: string; createdAt: Date } | undefined> {
  const [row] = await db
    .update(emailChangeReverts)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeReverts.tokenHash, tokenHash),
        isNull(emailChangeReverts.usedAt),
        gt(emailChangeReverts.expiresAt, now),
      ),
    )
    .returning({
      userId: emailChangeReverts.userId,
      oldEmail: emailChangeReverts.oldEmail,
      createdAt: emailChangeReverts.createdAt,
    });
  return row;
}

/**
 * Restoring an address undoes every change made after it, so their links (mailed to addresses the
 * intruder chose) die with it; links to earlier addresses stay, so the first owner keeps the last word.
 */
export async function cancelLaterEmailReverts(
  db: Executor,
  userId: string,
  after: Date,
  now: Date,
): Promise<void> {
  await db
    .update(emailChangeReverts)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeReverts.userId, userId),
        isNull(emailChangeReverts.usedAt),
        gt(emailChangeReverts.createdAt, after),
      ),
    );
}

/** A customer's sign-ins, e-mail changes and reset links (what, when; never the token hashes). */
export async function accountHistory(db: Executor, userId: string) {
  const [sessionRows, changeRows, resetRows] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        oldEmail: emailChangeReverts.oldEmail,
        newEmail: emailChangeReverts.newEmail,
        createdAt: emailChangeReverts.createdAt,
        usedAt: emailChangeReverts.usedAt,
      })
      .from(emailChangeReverts)
      .where(eq(emailChangeReverts.userId, userId))
      .orderBy(desc(emailChangeReverts.createdAt)),
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(desc(passwordResetTokens.createdAt)),
  ]);
  return { sessions: sessionRows, emailChanges: changeRows, passwordResets: resetRows };
}

/**
 * Erasure (decision 021): the row stays, because orders and invoices the law keeps
 * refer to it, but nothing in it identifies the person any more. The placeholders are unique (the
 * e-mail and mobile indexes are), so the same e-mail and mobile can open a new account at once.
 */
export async function pseudonymiseUser(db: Executor, id: string, now: Date): Promise<void> {
  const tag = id.replace(/-/g, '');
  await db
    .update(users)
    .set({
      firstname: 'Former customer',
      lastname: '',
      email: `erased-${tag}@erased.invalid`,
      mobile: `erased-${tag}`,
      passwordHash: 'erased',
      erasedAt: now,
      inactivityWarnedAt: null,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

/** Sessions, reset links and e-mail restore links of an erased account: nothing to keep. */
export async function deleteAccountHistory(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(emailChangeReverts).where(eq(emailChangeReverts.userId, userId));
  // The links and codes sent to prove the address and number hold them as their target.
  await db.delete(contactVerifications).where(eq(contactVerifications.userId, userId));
}

export type InactiveCustomer = Pick<
  UserRow,
  'id' | 'firstname' | 'email' | 'inactivityWarnedAt' | 'language'
> & {
  lastActiveAt: Date;
};

/**
 * Accounts (not erased, not blocked: a blocked account is kept for the shop's own protection) whose
 * last sign-in or use of a session, or their sign-up when there is none, is before `before`.
 */
export async function inactiveCustomers(
  db: Executor,
  before: Date,
  limit: number,
): Promise<InactiveCustomer[]> {
  const lastActive = sql<Date>`greatest(${users.createdAt}, coalesce(max(${sessions.lastSeenAt}), ${users.createdAt}))`;
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      email: users.email,
      inactivityWarnedAt: users.inactivityWarnedAt,
      language: users.language,
      lastActiveAt: lastActive,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(and(isNull(users.erasedAt), eq(users.isBlocked, false), eq(users.role, 'user')))
    .groupBy(users.id)
    .having(sql`${lastActive} < ${before.toISOString()}`)
    .orderBy(lastActive)
    .limit(limit);
  return rows.map((row) => ({ ...row, lastActiveAt: new Date(row.lastActiveAt) }));
}

/**
 * Records the warning if none is recorded yet; false when another server warned first (so only
 * one e-mail goes out when two run the job at once).
 */
export async function setInactivityWarned(db: Executor, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ inactivityWarnedAt: at })
    .where(and(eq(users.id, userId), isNull(users.inactivityWarnedAt), isNull(users.erasedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Warned accounts that have been used since their warning: the warning no longer stands. */
export async function clearStaleInactivityWarnings(db: Executor): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update users set inactivity_warned_at = null
        where inactivity_warned_at is not null
          and exists (select 1 from sessions s
                      where s.user_id = users.id and s.last_seen_at > users.inactivity_warned_at)
        returning id`,
  );
  return rows.length;
}
