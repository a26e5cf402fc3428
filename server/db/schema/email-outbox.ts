import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';

/** The transactional e-mail outbox. */

/** A file kept with a queued e-mail (the tax invoice PDF), its bytes in base64. */
export type StoredAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * The transactional outbox (decision 019): every e-mail, written in the same transaction
 * as the change that causes it, rendered as it was true then, and sent by the outbox worker
 * (modules/email-outbox) with retries. `locked_until` is a claimed row's lease: a server that dies
 * mid-send loses its claim when it runs out. Sent rows hold personal data and are deleted after
 * EMAIL_KEEP_SENT_DAYS.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    // Extra headers the message carries (List-Unsubscribe on offers), sent as they were queued.
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    // What kind of message (password reset, order lifecycle...), for logs and the console.
    label: text('label').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // Deleted once sent instead of kept for the retention period: the confirmation of an erasure
    // must not leave the erased address behind (decision 021).
    forgetWhenSent: boolean('forget_when_sent').notNull().default(false),
  },
  (t) => [
    // The worker's question: what is waiting and due, oldest first.
    index('email_outbox_waiting_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    // Retention: sent rows past their keep-by date.
    index('email_outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
  ],
);
