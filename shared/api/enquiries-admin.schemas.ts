import * as z from 'zod/mini';
import { enquiryStatuses } from '../schemas/enquiry.js';
import { requiredText } from '../schemas/fields.js';
import { supportKinds } from '../schemas/grievance.js';
import { enquiryAnswer } from './enquiries.schemas.js';
import { idParams, queryInt, queryText } from './orders-admin.schemas.js';

/**
 * Enquiries for staff: the original admin client's four calls (list, read, status, delete) and the
 * console's inbox, thread, internal notes and e-mailed replies.
 */

export const ENQUIRY_NOTE_MAX = 5000;

const statusField = z.enum(enquiryStatuses, {
  error: `Status must be one of ${enquiryStatuses.join(', ')}`,
});

export const legacyListEnquiries = { response: z.array(enquiryAnswer) };
export const legacyGetEnquiry = { params: idParams('enquiry'), response: enquiryAnswer };
export const legacyUpdateEnquiry = {
  params: idParams('enquiry'),
  body: z.object({ status: statusField }),
  response: enquiryAnswer,
};
export const legacyDeleteEnquiry = { params: idParams('enquiry'), response: enquiryAnswer };

export const enquiryNoteAnswer = z.object({
  _id: z.string(),
  /** `note`: internal, never sent; `reply`: e-mailed to the customer. */
  kind: z.enum(['note', 'reply']),
  body: z.string(),
  /** Who wrote it; null once that staff member's account is gone. */
  author: z.nullable(z.object({ _id: z.string(), name: z.string(), email: z.string() })),
  createdAt: z.string(),
});
export type ApiEnquiryNote = z.output<typeof enquiryNoteAnswer>;

/**
 * What makes a complaint or data request a ticket; null for a contact-form enquiry.
 * Kept beside `enquiry` so the original admin client's enquiry shape stays as it was.
 */
export const ticketFacts = z.nullable(
  z.object({
    kind: z.enum(supportKinds),
    topic: z.string(),
    ticketNumber: z.string(),
    orderNumber: z.nullable(z.string()),
    acknowledgeBy: z.string(),
    respondBy: z.string(),
    acknowledgedAt: z.nullable(z.string()),
    resolvedAt: z.nullable(z.string()),
    /** `respond`: past respond-by and not resolved; `acknowledge`: not acknowledged in 48 hours. */
    overdue: z.nullable(z.enum(['respond', 'acknowledge'])),
  }),
);
export type ApiTicketFacts = z.output<typeof ticketFacts>;

export const enquiryThreadAnswer = z.object({
  enquiry: enquiryAnswer,
  ticket: ticketFacts,
  /** Oldest first (a conversation reads downwards). */
  notes: z.array(enquiryNoteAnswer),
  /** The shop account with the enquiry's e-mail address, if there is one. */
  customerId: z.nullable(z.string()),
});
export type ApiEnquiryThread = z.output<typeof enquiryThreadAnswer>;

export const enquiryCounts = z.object({
  all: z.number(),
  Submitted: z.number(),
  Contacted: z.number(),
  'In Progress': z.number(),
  Resolved: z.number(),
});

export const listAdminEnquiries = {
  query: z.object({
    status: z.optional(statusField),
    /** Contact-form enquiries, complaints or data requests. */
    kind: z.optional(z.enum(supportKinds, { error: `Kind must be one of ${supportKinds.join(', ')}` })),
    /** `true`: only those past a time limit. */
    overdue: z.optional(z.enum(['true', 'false'], { error: 'Overdue must be true or false' })),
    /** Name, e-mail, mobile or words of the message. */
    q: queryText(),
    page: queryInt('page', 1, 100_000),
    limit: queryInt('limit', 1, 100),
  }),
  response: z.object({
    /** Most urgent first: overdue, then open tickets by their nearest deadline, then newest first. */
    enquiries: z.array(z.object({ ...enquiryAnswer.shape, noteCount: z.number(), ticket: ticketFacts })),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** For the status tabs: how many match the search, kind and overdue filters in each status. */
    counts: enquiryCounts,
    /** For the kind and Overdue buttons: how many match the search in each kind, and overdue. */
    kindCounts: z.object({
      all: z.number(),
      enquiry: z.number(),
      grievance: z.number(),
      'rights-request': z.number(),
      overdue: z.number(),
    }),
  }),
};

export const getAdminEnquiry = { params: idParams('enquiry'), response: enquiryThreadAnswer };

export const enquiryNoteBody = z.object({
  body: requiredText('Write the note first', ENQUIRY_NOTE_MAX),
});
export const addEnquiryNote = {
  params: idParams('enquiry'),
  body: enquiryNoteBody,
  response: enquiryThreadAnswer,
};

export const enquiryReplyBody = z.object({
  message: requiredText('Write the reply first', ENQUIRY_NOTE_MAX),
});
export const replyToEnquiry = {
  params: idParams('enquiry'),
  body: enquiryReplyBody,
  response: enquiryThreadAnswer,
};
