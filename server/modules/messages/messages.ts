import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locales.js';
import type { Executor } from '../../db/client.js';
import {
  type MessageCategory,
  type MessageChannel,
  type MessageKind,
  messageOutbox,
} from '../../db/schema.js';
import type { MessageParams } from './message-params.js';
import { nextSendableAt } from './quiet-hours.js';

/**
 * What the SMS and WhatsApp outbox offers every other module: `queueMessage(tx, message)` writes
 * the message inside the caller's transaction, so it exists exactly when the change that causes it
 * commits (decision 019, for two more channels). The worker renders it into the channel's
 * registered template and sends it with retries.
 */
export const MESSAGE_OUTBOX_CHANNEL = 'message_outbox';

/** The template category of each kind: WhatsApp's (and DLT's) rules differ for each. */
export const messageCategory: Record<MessageKind, MessageCategory> = {
  'order-placed': 'utility',
  'cod-code': 'authentication',
  'order-shipped': 'utility',
  'out-for-delivery': 'utility',
  'order-delivered': 'utility',
  'refund-issued': 'utility',
  'delivery-failed': 'utility',
  'mobile-code': 'authentication',
  'back-in-stock': 'marketing',
  'price-drop': 'marketing',
  'cart-reminder': 'marketing',
};

export type QueuedMessage<K extends MessageKind = MessageKind> = {
  channel: MessageChannel;
  /** Ten digits, the customer's verified mobile number. */
  to: string;
  userId: string | null;
  kind: K;
  language: Locale;
  /** The template's variables by name (message-params.ts). */
  params: MessageParams[K];
  /**
   * Names the event, unique per channel: "order:<id>:shipped", "restock:<request id>". Queueing the
   * same event twice queues one message.
   */
  eventKey: string;
  /** Not to be sent before this. A marketing message is also held past the quiet hours. */
  notBefore?: Date | undefined;
};

/** Queues the message; answers its id, or null when this event already has one on this channel. */
export async function queueMessage<K extends MessageKind>(
  tx: Executor,
  message: QueuedMessage<K>,
  now: Date = new Date(),
): Promise<string | null> {
  const due = message.notBefore && message.notBefore > now ? message.notBefore : now;
  const notBefore = messageCategory[message.kind] === 'marketing' ? nextSendableAt(due) : due;
  const rows = await tx
    .insert(messageOutbox)
    .values({
      channel: message.channel,
      recipient: message.to,
      userId: message.userId,
      kind: message.kind,
      category: messageCategory[message.kind],
      language: message.language,
      params: message.params,
      eventKey: message.eventKey,
      notBefore,
      nextAttemptAt: notBefore,
    })
    .onConflictDoNothing({ target: [messageOutbox.channel, messageOutbox.eventKey] })
    .returning({ id: messageOutbox.id });
  const id = rows[0]?.id ?? null;
  // Delivered on commit only, never on rollback: the worker wakes for committed messages alone.
  if (id) await tx.execute(sql`select pg_notify(${MESSAGE_OUTBOX_CHANNEL}, ${id})`);
  return id;
}

/**
 * Erasure (decision 021): every message of the customer goes, sent or waiting, with those to their
 * numbers that no account was named on (one-time codes). Call inside the erasure's transaction.
 */
export async function forgetMessagesOf(
  tx: Executor,
  userId: string,
  mobiles: string[] = [],
): Promise<number> {
  const numbers = mobiles.filter((mobile) => /^[6-9]\d{9}$/.test(mobile));
  const rows = await tx
    .delete(messageOutbox)
    .where(
      numbers.length
        ? or(eq(messageOutbox.userId, userId), inArray(messageOutbox.recipient, numbers))
        : eq(messageOutbox.userId, userId),
    )
    .returning({ id: messageOutbox.id });
  return rows.length;
}
