import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type MessageChannel, type MessageStatus, messageOutbox } from '../../db/schema.js';

export type MessageRow = typeof messageOutbox.$inferSelect;

const queued = eq(messageOutbox.status, 'queued');

/**
 * Takes up to `limit` queued messages of the given channels for `leaseMs` (decision 019's claim):
 * due ones, or with `everyWaiting` all of them, unless another claim's lease still runs. SKIP LOCKED
 * lets app servers claim side by side without waiting for each other or taking the same row.
 */
export async function claimMessages(
  db: Executor,
  claim: {
    channels: MessageChannel[];
    at: Date;
    leaseMs: number;
    limit: number;
    everyWaiting?: boolean;
    skip?: readonly string[];
  },
): Promise<MessageRow[]> {
  if (claim.channels.length === 0) return [];
  const conditions = [
    queued,
    inArray(messageOutbox.channel, claim.channels),
    or(isNull(messageOutbox.lockedUntil), lt(messageOutbox.lockedUntil, claim.at)),
  ];
  if (!claim.everyWaiting) conditions.push(lte(messageOutbox.nextAttemptAt, claim.at));
  // Even a drain leaves a marketing message in its quiet hours alone (not_before holds it).
  else conditions.push(or(isNull(messageOutbox.notBefore), lte(messageOutbox.notBefore, claim.at)));
  if (claim.skip?.length) conditions.push(notInArray(messageOutbox.id, [...claim.skip]));
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(and(...conditions))
      .orderBy(asc(messageOutbox.nextAttemptAt))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    return tx
      .update(messageOutbox)
      .set({
        lockedUntil: new Date(claim.at.getTime() + claim.leaseMs),
        attempts: sql`${messageOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          messageOutbox.id,
          picked.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** The provider took it: sent, with the id its receipts will name. */
export async function markMessageSent(db: Executor, id: string, providerMessageId: string, at: Date) {
  await db
    .update(messageOutbox)
    .set({ status: 'sent', statusAt: at, sentAt: at, providerMessageId, lockedUntil: null, lastError: null })
    .where(and(eq(messageOutbox.id, id), queued));
}

/** Not to be sent, for good: failed (refused), skipped (no template) or given-up (too long failing). */
export async function closeMessage(
  db: Executor,
  id: string,
  status: Extract<MessageStatus, 'failed' | 'skipped' | 'given-up'>,
  at: Date,
  lastError: string,
) {
  await db
    .update(messageOutbox)
    .set({ status, statusAt: at, lockedUntil: null, lastError })
    .where(and(eq(messageOutbox.id, id), queued));
}

/** Another attempt at `nextAttemptAt`; `undoAttempt` when none was made (the quiet hours). */
export async function retryMessageAt(
  db: Executor,
  id: string,
  change: { nextAttemptAt: Date; lastError?: string; holdUntil?: Date },
) {
  await db
    .update(messageOutbox)
    .set({
      nextAttemptAt: change.nextAttemptAt,
      lockedUntil: null,
      ...(change.lastError === undefined ? {} : { lastError: change.lastError }),
      ...(change.holdUntil
        ? { notBefore: change.holdUntil, attempts: sql`greatest(${messageOutbox.attempts} - 1, 0)` }
        : {}),
    })
    .where(eq(messageOutbox.id, id));
}

/** The channel's provider is back: every queued message of it pausing after a failure is due now. */
export async function bringMessagesForward(db: Executor, channel: MessageChannel, at: Date): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ nextAttemptAt: at })
    .where(
      and(
        queued,
        eq(messageOutbox.channel, channel),
        gt(messageOutbox.nextAttemptAt, at),
        isNotNull(messageOutbox.lastError),
        or(isNull(messageOutbox.notBefore), lte(messageOutbox.notBefore, at)),
      ),
    )
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Messages handed over (or closed) before `before` go: they hold numbers and order details. */
export async function deleteMessagesBefore(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(messageOutbox)
    .where(and(sql`${messageOutbox.status} <> 'queued'`, lt(messageOutbox.statusAt, before)))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Every message of a customer, sent or waiting (their account is being erased). */
export async function deleteMessagesOf(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(messageOutbox)
    .where(eq(messageOutbox.userId, userId))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

export async function messageStats(db: Executor): Promise<{ waiting: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${messageOutbox.createdAt})`,
    })
    .from(messageOutbox)
    .where(queued);
  return { waiting: Number(row?.waiting ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
