import { sql } from 'drizzle-orm';
import { type CustomerChannel, customerChannels } from '../../../shared/channels.js';
import type { Executor } from '../../db/client.js';
import type { MessageReach } from '../accounts/index.js';
import { marketingMessagesBetween } from '../messages/index.js';
import { emailOffersBetween } from './reminders.repository.js';

/**
 * The rules every offer message of this module keeps, in one place (decision 057):
 * - only on a channel the customer said yes to (`messageReach(...).offers`: e-mail by the
 *   marketing-emails consent, SMS and WhatsApp by theirs, and only to a verified number);
 * - never in the quiet hours, 21:00-09:00 India time: the sweeps decide nothing then (a message
 *   decided at 09:00 says what is true at 09:00), and queueMessage holds SMS and WhatsApp anyway;
 * - at most MARKETING_MAX_PER_DAY offer messages per customer, channel and India day, counting
 *   every marketing message the message outbox holds (back in stock too) and this module's e-mails;
 * - one tap out: the e-mail's withdrawal link and List-Unsubscribe, "Reply STOP" on WhatsApp.
 */

/** India is UTC+05:30 all year. */
const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the India day of `at`. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** 00:00 of the India day of `at`, and of the next. */
export function indiaDayBounds(at: Date): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${indiaDay(at)}T00:00:00Z`) - INDIA_OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/**
 * Serialises the offer decisions about one customer until the transaction ends: two servers (or a
 * price drop and a cart reminder) deciding at once count the same messages and cannot both take
 * the day's last one.
 */
export async function lockCustomerOffers(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offers:${userId}`}))`);
}

/** The channels the customer said yes to offers on. */
export function consentedChannels(reach: MessageReach): CustomerChannel[] {
  return customerChannels.filter((channel) => reach.offers[channel]);
}

/**
 * Of the channels given, those still under the day's cap for this customer. Call under
 * lockCustomerOffers, in the transaction that queues the messages.
 */
export async function channelsUnderCap(
  tx: Executor,
  userId: string,
  channels: readonly CustomerChannel[],
  now: Date,
  maxPerDay: number,
): Promise<CustomerChannel[]> {
  if (channels.length === 0) return [];
  const { from, to } = indiaDayBounds(now);
  const [messages, emails] = await Promise.all([
    marketingMessagesBetween(tx, userId, from, to),
    emailOffersBetween(tx, userId, from, to),
  ]);
  const sent: Record<CustomerChannel, number> = { email: emails, ...messages };
  return channels.filter((channel) => sent[channel] < maxPerDay);
}
