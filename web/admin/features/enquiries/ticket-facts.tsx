import type { ApiTicketFacts } from '../../../../shared/api/enquiries-admin.schemas';
import {
  kindLabels,
  type SupportKind,
  type TicketKind,
  type TicketTopic,
  topicLabels,
} from '../../../../shared/schemas/grievance';
import { formatDay, formatDayAndTime } from '../../../lib/dates';

export type Ticket = NonNullable<ApiTicketFacts>;

const shortDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** '23 Nov 2026' in India time: a table column's deadline, on one line. */
export function formatShortDay(value: string): string {
  return shortDay.format(new Date(value));
}

/** The inbox's kinds in button order, with the console's words for them. */
export const inboxKinds: readonly { value: SupportKind; label: string }[] = [
  { value: 'enquiry', label: 'Enquiries' },
  { value: 'grievance', label: 'Complaints' },
  { value: 'rights-request', label: 'Data requests' },
];

export function kindAndTopic(ticket: Ticket | null): { kind: string; topic: string | null } {
  if (!ticket || ticket.kind === 'enquiry') return { kind: kindLabels.enquiry, topic: null };
  const kind = ticket.kind as TicketKind;
  return { kind: kindLabels[kind], topic: topicLabels[kind][ticket.topic as TicketTopic] ?? ticket.topic };
}

/**
 * Overdue in words, not colour alone: past the answer date, or never acknowledged within 48 hours.
 * Red, with the reason as its text and title.
 */
export function OverdueBadge({ ticket }: { ticket: Ticket | null }) {
  if (!ticket?.overdue) return null;
  return ticket.overdue === 'respond' ? (
    <span
      className="badge badge--danger"
      title={`The answer was due by ${formatDayAndTime(ticket.respondBy)}`}
    >
      Overdue
    </span>
  ) : (
    <span
      className="badge badge--danger"
      title={`Acknowledgement was due by ${formatDayAndTime(ticket.acknowledgeBy)}`}
    >
      Not acknowledged
    </span>
  );
}

/** The ticket panel of a complaint's or data request's page. */
export function TicketFactsPanel({ ticket }: { ticket: Ticket }) {
  const { kind, topic } = kindAndTopic(ticket);
  return (
    <section className="panel" aria-labelledby="ticket-facts-heading">
      <h2 id="ticket-facts-heading">Ticket</h2>
      <p className="status-now">
        <strong className="ticket-no">{ticket.ticketNumber}</strong> <OverdueBadge ticket={ticket} />
      </p>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{kind}</dd>
        <dt>About</dt>
        <dd>{topic}</dd>
        {ticket.orderNumber && (
          <>
            <dt>Order</dt>
            <dd>{ticket.orderNumber}</dd>
          </>
        )}
        <dt>Acknowledge by</dt>
        <dd>{formatDayAndTime(ticket.acknowledgeBy)}</dd>
        <dt>Acknowledged</dt>
        <dd>{ticket.acknowledgedAt ? formatDayAndTime(ticket.acknowledgedAt) : 'Not yet'}</dd>
        <dt>{ticket.kind === 'grievance' ? 'Resolve by' : 'Answer by'}</dt>
        <dd>{formatDay(ticket.respondBy)}</dd>
        {ticket.resolvedAt && (
          <>
            <dt>Resolved</dt>
            <dd>{formatDayAndTime(ticket.resolvedAt)}</dd>
          </>
        )}
      </dl>
      <p className="muted">
        {ticket.kind === 'grievance'
          ? 'A complaint: acknowledged within 48 hours and resolved within a month (E-Commerce Rules 2020).'
          : 'A data request: answered within the 30 days the privacy notice promises (DPDP Rules 2025 allow 90).'}{' '}
        Resolving it needs a reply or a note saying how.
      </p>
    </section>
  );
}
