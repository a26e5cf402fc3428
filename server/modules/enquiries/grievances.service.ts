import type { ApiTicket } from '../../../shared/api/grievances.schemas.js';
import { defaultLocale, type Locale } from '../../../shared/locales.js';
import { enquiryStatuses } from '../../../shared/schemas/enquiry.js';
import {
  ACKNOWLEDGE_HOURS,
  RIGHTS_REQUEST_DAYS,
  type Ticket,
  type TicketKind,
  type TicketTopic,
} from '../../../shared/schemas/grievance.js';
import type { Database } from '../../db/client.js';
import { customerContact } from '../accounts/index.js';
import { queueEmail } from '../email-outbox/index.js';
import * as repository from './enquiries.repository.js';
import { ticketAcknowledgementEmail } from './grievances.emails.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MY_TICKETS_MAX = 100;

/** GRV for complaints (grievances), DPR for data-protection rights requests. */
const PREFIX: Record<TicketKind, string> = { grievance: 'GRV', 'rights-request': 'DPR' };

const indiaYear = (at: Date) =>
  Number(new Intl.DateTimeFormat('en-IN', { year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at));

type EnquiryStatus = (typeof enquiryStatuses)[number];
const knownStatus = (status: string): EnquiryStatus =>
  (enquiryStatuses as readonly string[]).includes(status) ? (status as EnquiryStatus) : 'Submitted';

const IST_OFFSET_MS = 330 * 60_000;

/**
 * The same moment one calendar month later, by the India calendar; a day the next month lacks
 * becomes its last day (31 January → 28 or 29 February), so the month is never longer than the
 * rules' "one month".
 */
export function oneMonthAfter(at: Date): Date {
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const day = india.getUTCDate();
  const next = new Date(india);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return new Date(next.getTime() - IST_OFFSET_MS);
}

/** The deadlines of a ticket filed at `createdAt` (decision 020). */
export function ticketDeadlines(kind: TicketKind, createdAt: Date) {
  return {
    acknowledgeBy: new Date(createdAt.getTime() + ACKNOWLEDGE_HOURS * HOUR_MS),
    respondBy:
      kind === 'grievance'
        ? oneMonthAfter(createdAt)
        : new Date(createdAt.getTime() + RIGHTS_REQUEST_DAYS * DAY_MS),
  };
}

export function presentTicket(row: repository.EnquiryRow): ApiTicket {
  return {
    _id: row.id,
    ticketNumber: row.ticketNumber ?? '',
    kind: row.kind === 'rights-request' ? 'rights-request' : 'grievance',
    topic: row.topic ?? 'other',
    orderNumber: row.orderNumber,
    status: knownStatus(row.status),
    createdAt: row.createdAt.toISOString(),
    acknowledgeBy: (row.acknowledgeBy ?? row.createdAt).toISOString(),
    respondBy: (row.respondBy ?? row.createdAt).toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/**
 * Complaints and data-rights requests, filed into the enquiries inbox with a ticket
 * number and deadlines. The acknowledgement is written to the e-mail outbox in the ticket's own
 * transaction, and that is recorded as the acknowledgement (`acknowledged_at`).
 */
export function createGrievancesService(deps: { db: Database; publicUrl: string }) {
  const { db } = deps;
  return {
    /**
     * `language`: the request's (the form's page). A signed-in customer is written to in their
     * account's language instead, as every e-mail to them is.
     */
    async submit(input: Ticket, userId: string | null, language: Locale = defaultLocale): Promise<ApiTicket> {
      const createdAt = new Date();
      // The ticket and its acknowledgement, together: the outbox sends what this transaction commits.
      const { row, acknowledged } = await db.transaction(async (tx) => {
        const locale = (userId && (await customerContact(tx, userId))?.language) || language;
        const row = await repository.insertTicket(
          tx,
          {
            kind: input.kind,
            topic: input.topic as TicketTopic,
            orderNumber: input.orderNumber || null,
            name: input.name,
            email: input.email,
            mobile: input.mobile,
            comment: input.description,
            userId,
            createdAt,
            language: locale,
            ...ticketDeadlines(input.kind, createdAt),
          },
          { prefix: PREFIX[input.kind], year: indiaYear(createdAt) },
        );
        await queueEmail(
          tx,
          ticketAcknowledgementEmail({
            to: row.email,
            name: row.name,
            ticketNumber: row.ticketNumber!,
            kind: input.kind,
            topic: input.topic as TicketTopic,
            createdAt: row.createdAt,
            respondBy: row.respondBy!,
            requestsUrl: `${deps.publicUrl}/grievances`,
            locale,
          }),
          'ticket acknowledgement',
        );
        const acknowledged = await repository.setAcknowledged(tx, row.id, new Date());
        return { row, acknowledged };
      });
      return presentTicket(acknowledged ?? row);
    },

    async listMine(userId: string): Promise<ApiTicket[]> {
      return (await repository.ticketsOfUser(db, userId, MY_TICKETS_MAX)).map(presentTicket);
    },
  };
}

export type GrievancesService = ReturnType<typeof createGrievancesService>;
