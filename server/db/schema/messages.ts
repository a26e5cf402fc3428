import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, languageCheck, languageColumn } from './columns.js';

/** SMS and WhatsApp messages: their outbox and the providers' delivery receipts. */

export const messageChannels = ['sms', 'whatsapp'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * What a message is about. Each kind has its own registered template on each channel (India's DLT
 * template id for SMS, a pre-approved template for WhatsApp); a kind with no template configured is
 * not sent, never sent as free text.
 */
export const messageKinds = [
  'order-placed',
  'cod-code',
  'order-shipped',
  'out-for-delivery',
  'order-delivered',
  'refund-issued',
  'delivery-failed',
  'mobile-code',
  'back-in-stock',
  'price-drop',
  'cart-reminder',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** WhatsApp's template categories; SMS DLT has the same three (service, OTP, promotional). */
export const messageCategories = ['utility', 'authentication', 'marketing'] as const;
export type MessageCategory = (typeof messageCategories)[number];

/** Where a message stands: waiting, handed to the provider, then what its receipts said. */
export const messageStatuses = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  'given-up',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * The SMS and WhatsApp outbox (decision 019's, for two more channels): a message is written in the
 * transaction of the change that causes it and sent by a worker with retries. `event_key` names the
 * event (an order's shipment, a restock...): one message per event per channel, whatever sends it
 * twice. `not_before` holds a marketing message until the end of the quiet hours.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    // Ten digits (the Indian mobile rule, as users.mobile); the providers add +91.
    recipient: text('recipient').notNull(),
    // The customer it is for, so an erasure can delete their messages; null for a number alone.
    userId: uuid('user_id'),
    kind: text('kind', { enum: messageKinds }).notNull(),
    category: text('category', { enum: messageCategories }).notNull(),
    language: languageColumn(),
    // The template's variables by name, as queued (rendered into the template when sent).
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    eventKey: text('event_key').notNull(),
    status: text('status', { enum: messageStatuses }).notNull().default('queued'),
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    // The provider's id for the message, which its delivery receipts name.
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    uniqueIndex('message_outbox_event_key').on(t.channel, t.eventKey),
    uniqueIndex('message_outbox_provider_id_key').on(t.channel, t.providerMessageId),
    index('message_outbox_waiting_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('message_outbox_user_idx').on(t.userId, t.createdAt),
    index('message_outbox_recipient_idx').on(t.recipient),
    languageCheck('message_outbox_language_check', t.language),
    check('message_outbox_channel_check', sql`${t.channel} in ('sms', 'whatsapp')`),
    check(
      'message_outbox_status_check',
      sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed', 'skipped', 'given-up')`,
    ),
    check('message_outbox_recipient_check', sql`${t.recipient} ~ '^[6-9][0-9]{9}$'`),
  ],
);

/**
 * Every delivery receipt a provider's webhook brought, once: a receipt sent again (providers retry)
 * matches the unique key and changes nothing. The message's status is the furthest one received.
 */
export const messageReceipts = pgTable(
  'message_receipts',
  {
    id: id(),
    channel: text('channel', { enum: messageChannels }).notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status', { enum: messageStatuses }).notNull(),
    // When the provider says it happened.
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_receipts_once').on(t.channel, t.providerMessageId, t.status)],
);
