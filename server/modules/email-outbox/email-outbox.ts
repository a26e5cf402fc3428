import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { Mail } from '../../lib/mailer.js';
import { deleteEmailsTo, insertEmail } from './email-outbox.repository.js';

/**
 * What the outbox offers every other module: `queueEmail(tx, mail, label)` writes the message into
 * the outbox inside the caller's transaction, so it exists exactly when the change that causes it
 * commits (a rolled-back order sends no confirmation; a committed one is never lost). Render the
 * message before calling: it says what was true when it was queued. Decision 019.
 */
export const EMAIL_OUTBOX_CHANNEL = 'email_outbox';

export async function queueEmail(
  tx: Executor,
  mail: Mail,
  label: string,
  options: {
    /** Delete the message once sent instead of keeping it for the retention period (erasure). */
    forgetWhenSent?: boolean;
    /** Not to be sent before this (a shopper's alert found in the quiet hours waits for 09:00). */
    notBefore?: Date;
  } = {},
): Promise<string> {
  const id = await insertEmail(tx, {
    recipient: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      contentBase64: a.content.toString('base64'),
    })),
    headers: mail.headers ?? {},
    label,
    forgetWhenSent: options.forgetWhenSent ?? false,
    ...(options.notBefore ? { nextAttemptAt: options.notBefore } : {}),
  });
  // PostgreSQL delivers a NOTIFY only when the transaction commits (and never on rollback): the
  // worker of every app server wakes at once for a committed message and not at all for the rest.
  await tx.execute(sql`select pg_notify(${EMAIL_OUTBOX_CHANNEL}, ${id})`);
  return id;
}

/**
 * Erasure (decision 021): the messages to an address whose owner is being erased go, sent or not
 * (sent ones would otherwise stay for the retention period). Call inside the erasure's
 * transaction, before queueing its confirmation.
 */
export async function forgetEmailsTo(tx: Executor, recipient: string): Promise<number> {
  return deleteEmailsTo(tx, recipient);
}

/** The stable Message-ID of an outbox row: the same on every attempt, so repeats can be recognised. */
export function outboxMessageId(id: string): string {
  return `<${id}@outbox.bharatbazaar.in>`;
}
