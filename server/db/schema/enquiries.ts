import { sql } from 'drizzle-orm';
import { check, index, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enquiryStatuses } from '../../../shared/schemas/enquiry.js';
import { supportKinds, type TicketTopic } from '../../../shared/schemas/grievance.js';
import { users } from './accounts.js';
import { createdAt, id, languageCheck, languageColumn, updatedAt } from './columns.js';
import { staff } from './staff.js';

/** The support inbox: contact enquiries, complaints and data requests, and staff notes on them. */

export const enquiries = pgTable(
  'enquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    comment: text('comment').notNull(),
    status: text('status', { enum: enquiryStatuses }).notNull().default('Submitted'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Complaints and data-rights requests live in the same inbox (decision 020). A
    // contact-form message is an `enquiry` and has no ticket, deadlines or topic.
    kind: text('kind', { enum: supportKinds }).notNull().default('enquiry'),
    topic: text('topic').$type<TicketTopic>(),
    orderNumber: text('order_number'),
    // GRV-2026-000123 / DPR-2026-000124, from support_ticket_seq: unique under concurrency.
    ticketNumber: text('ticket_number'),
    // The signed-in customer who filed it (their "My requests"); kept null when the account goes.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true, mode: 'date' }),
    respondBy: timestamp('respond_by', { withTimezone: true, mode: 'date' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    // The language it was written in (the page's): the acknowledgement and the console's replies use
    // it when no account's language applies (decision 052).
    language: languageColumn(),
  },
  (t) => [
    index('enquiries_created_at_idx').on(t.createdAt),
    index('enquiries_status_created_at_idx').on(t.status, t.createdAt),
    uniqueIndex('enquiries_ticket_number_key').on(t.ticketNumber),
    index('enquiries_user_idx').on(t.userId, t.createdAt),
    index('enquiries_kind_created_at_idx').on(t.kind, t.createdAt),
    languageCheck('enquiries_language_check', t.language),
    check(
      'enquiries_ticket_check',
      sql`${t.kind} = 'enquiry' or (${t.ticketNumber} is not null and ${t.topic} is not null and ${t.acknowledgeBy} is not null and ${t.respondBy} is not null)`,
    ),
  ],
);

/** Ticket numbers of complaints and data requests: one sequence, so concurrent filings never clash. */
export const supportTicketSeq = pgSequence('support_ticket_seq', { startWith: 1 });

/** Notes staff keep on an enquiry, and the replies they e-mailed from the console. */
export const enquiryNotes = pgTable(
  'enquiry_notes',
  {
    id: id(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['note', 'reply'] }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_notes_enquiry_idx').on(t.enquiryId, t.createdAt)],
);
