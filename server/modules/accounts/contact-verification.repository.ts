import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contactVerifications, users, type VerificationChannel } from '../../db/schema.js';

export type VerificationRow = typeof contactVerifications.$inferSelect;

export async function insertVerification(
  db: Executor,
  values: {
    id?: string;
    userId: string;
    channel: VerificationChannel;
    target: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<VerificationRow> {
  const [row] = await db.insert(contactVerifications).values(values).returning();
  return row!;
}

/** Earlier links or codes of a channel stop working when a new one is sent or one is used. */
export async function retireVerifications(
  db: Executor,
  userId: string,
  channel: VerificationChannel,
  at: Date,
): Promise<void> {
  await db
    .update(contactVerifications)
    .set({ usedAt: at })
    .where(
      and(
        eq(contactVerifications.userId, userId),
        eq(contactVerifications.channel, channel),
        isNull(contactVerifications.usedAt),
      ),
    );
}

/** The link's row, locked, whatever its state (the page says expired, used or unknown apart). */
export async function lockVerificationByHash(
  db: Executor,
  tokenHash: string,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(contactVerifications)
    .where(eq(contactVerifications.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

/** The newest code of a channel not used yet, locked (its attempts are counted). */
export async function lockLatestOpenVerification(
  db: Executor,
  userId: string,
  channel: VerificationChannel,
): Promise<VerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(contactVerifications)
    .where(
      and(
        eq(contactVerifications.userId, userId),
        eq(contactVerifications.channel, channel),
        isNull(contactVerifications.usedAt),
      ),
    )
    .orderBy(desc(contactVerifications.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function countWrongAttempt(db: Executor, id: string): Promise<void> {
  await db
    .update(contactVerifications)
    .set({ attempts: sql`${contactVerifications.attempts} + 1` })
    .where(eq(contactVerifications.id, id));
}

export async function markVerified(
  db: Executor,
  userId: string,
  channel: VerificationChannel,
  target: string,
  at: Date,
): Promise<boolean> {
  const column = channel === 'email' ? users.email : users.mobile;
  const rows = await db
    .update(users)
    .set(channel === 'email' ? { emailVerifiedAt: at } : { mobileVerifiedAt: at })
    .where(and(eq(users.id, userId), eq(column, target)))
    .returning({ id: users.id });
  return rows.length > 0;
}
