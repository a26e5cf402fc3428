import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { emailOutbox, type StoredAttachment } from '../../db/schema.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertEmail(
  db: Executor,
  row: {
    recipient: string;
    subject: string;
    text: string;
    html: string;
    attachments: StoredAttachment[];
    headers: Record<string, string>;
    label: string;
    forgetWhenSent?: boolean;
    nextAttemptAt?: Date;
  },
): Promise<string> {
  const [inserted] = await db.insert(emailOutbox).values(row).returning({ id: emailOutbox.id });
  return inserted!.id;
}

const waiting = and(isNull(emailOutbox.sentAt), isNull(emailOutbox.gaveUpAt));

/**
 * Claims up to `limit` waiting rows for `leaseMs`: due ones (or every waiting one with
 * `ignoreBackoff`), not leased by a live claim. SKIP LOCKED lets two servers claim at once without
 * waiting on each other or taking the same row; the lease keeps the row theirs after this short
 * transaction commits, while the message is being sent.
 */
export async function claimDue(
  db: Executor,
  options: { at: Date; leaseMs: number; limit: number; ignoreBackoff?: boolean; excluding?: string[] },
): Promise<OutboxRow[]> {
  const { at, leaseMs, limit } = options;
  const due = options.ignoreBackoff ? sql`true` : lte(emailOutbox.nextAttemptAt, at);
  const excluding = options.excluding?.length
    ? sql`${emailOutbox.id} not in (${sql.join(
        options.excluding.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`true`;
  return db.transaction(async (tx) => {
    const ids = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(waiting, due, excluding, or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, at))),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ lockedUntil: new Date(at.getTime() + leaseMs), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(
        inArray(
          emailOutbox.id,
          ids.map((r) => r.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: Executor, id: string, at: Date) {
  // A message to forget once sent goes now; the rest stay for the retention period.
  await db.delete(emailOutbox).where(and(eq(emailOutbox.id, id), eq(emailOutbox.forgetWhenSent, true)));
  await db
    .update(emailOutbox)
    .set({ sentAt: at, lockedUntil: null, lastError: null })
    .where(eq(emailOutbox.id, id));
}

/** Every message to this address, sent or waiting (its owner's account is being erased). */
export async function deleteEmailsTo(db: Executor, recipient: string): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(sql`lower(${emailOutbox.recipient}) = ${recipient.toLowerCase()}`)
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export async function markFailed(
  db: Executor,
  id: string,
  change: { nextAttemptAt: Date; lastError: string } | { gaveUpAt: Date; lastError: string },
) {
  await db
    .update(emailOutbox)
    .set({ ...change, lockedUntil: null })
    .where(eq(emailOutbox.id, id));
}

/** Sent messages older than `before` go: they hold names, addresses and order details. */
export async function deleteSentBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.sentAt, before))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** How many messages wait to be sent, and since when the oldest has waited. */
export async function waitingStats(db: Executor): Promise<{ waiting: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${emailOutbox.createdAt})`,
    })
    .from(emailOutbox)
    .where(waiting);
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

export async function findEmail(db: Executor, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/**
 * Every waiting message that failed and is pausing becomes due now: the mail server that refused
 * them has just accepted one. Answers how many.
 */
export async function bringForward(db: Executor, at: Date): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: at })
    .where(and(waiting, gt(emailOutbox.nextAttemptAt, at), isNotNull(emailOutbox.lastError)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
