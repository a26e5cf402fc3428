import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type MessageChannel, messageOutbox } from '../../db/schema.js';

/**
 * How many offer messages (marketing templates: back in stock, price drops, cart reminders) reach
 * a customer on each channel in a window, counted by when they may be sent (`not_before`, else
 * when queued): a message held overnight counts for the morning it goes out. The frequency cap
 * of decision 057 reads it.
 */
export async function marketingMessagesBetween(
  db: Executor,
  userId: string,
  from: Date,
  to: Date,
): Promise<Record<MessageChannel, number>> {
  const due = sql`coalesce(${messageOutbox.notBefore}, ${messageOutbox.createdAt})`;
  const rows = await db
    .select({ channel: messageOutbox.channel, n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.userId, userId),
        eq(messageOutbox.category, 'marketing'),
        gte(due, from),
        lt(due, to),
      ),
    )
    .groupBy(messageOutbox.channel);
  const counts: Record<MessageChannel, number> = { sms: 0, whatsapp: 0 };
  for (const row of rows) counts[row.channel] = Number(row.n);
  return counts;
}
