import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type MessageChannel, type MessageStatus, messageOutbox, messageReceipts } from '../../db/schema.js';

/** What a provider's webhook says happened to a message it took. */
export type Receipt = {
  channel: MessageChannel;
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  at: Date;
  detail?: string | undefined;
};

/** Receipts older than this are acknowledged and ignored: a replay of an old webhook changes nothing. */
export const RECEIPT_MAX_AGE_MS = 24 * 60 * 60_000;

/** A status a receipt may move a message to, from each status it may be in (forward only). */
const movesFrom: Record<Receipt['status'], MessageStatus[]> = {
  sent: [],
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent'],
};

export type ReceiptOutcome = 'recorded' | 'duplicate' | 'unknown-message' | 'too-old';

/**
 * Records a delivery receipt once (the unique key on channel, provider id and status makes a
 * provider's retry, or a replay, a no-op) and moves the message's status forward only: sent →
 * delivered → read, or sent → failed. Receipts for messages the shop did not send, or older than a
 * day, are ignored.
 */
export async function recordReceipt(
  db: Database,
  receipt: Receipt,
  now: Date = new Date(),
): Promise<ReceiptOutcome> {
  if (now.getTime() - receipt.at.getTime() > RECEIPT_MAX_AGE_MS) return 'too-old';
  return db.transaction(async (tx) => {
    const [message] = await tx
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(
        and(
          eq(messageOutbox.channel, receipt.channel),
          eq(messageOutbox.providerMessageId, receipt.providerMessageId),
        ),
      );
    if (!message) return 'unknown-message';
    const inserted = await tx
      .insert(messageReceipts)
      .values({
        channel: receipt.channel,
        providerMessageId: receipt.providerMessageId,
        status: receipt.status,
        at: receipt.at,
        detail: receipt.detail?.slice(0, 500) ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: messageReceipts.id });
    if (inserted.length === 0) return 'duplicate';
    const from = movesFrom[receipt.status];
    if (from.length > 0)
      await tx
        .update(messageOutbox)
        .set({
          status: receipt.status,
          statusAt: receipt.at,
          ...(receipt.status === 'failed'
            ? { lastError: receipt.detail ?? 'the provider reported it failed' }
            : {}),
        })
        .where(and(eq(messageOutbox.id, message.id), inArray(messageOutbox.status, from)));
    return 'recorded';
  });
}
