import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import { type TicketKind, type TicketTopic, topicsOf } from '../../../shared/schemas/grievance-topics';
import type { Translate } from '../../i18n/i18n';

/**
 * A topic's words: the catalogue's `grievances.topic.<kind>.<topic>` ("other" reads differently in
 * each kind); a topic the form no longer offers shows as the API gives it.
 */
export function topicWords(t: Translate, kind: TicketKind, topic: string): string {
  return (topicsOf[kind] as readonly string[] | undefined)?.includes(topic)
    ? t(`grievances.topic.${kind}.${topic as TicketTopic}`)
    : topic;
}

/** "Complaint: A delivery" / "Data request: Erase my data". */
export function ticketSubject(t: Translate, ticket: Pick<ApiTicket, 'kind' | 'topic'>): string {
  return t('grievances.subject', {
    kind: t(`grievances.kind.${ticket.kind}`),
    topic: topicWords(t, ticket.kind, ticket.topic),
  });
}

type TicketStatus = ApiTicket['status'];

const statusKeys: Record<TicketStatus, string> = {
  Submitted: 'grievances.status.submitted',
  Contacted: 'grievances.status.contacted',
  'In Progress': 'grievances.status.inProgress',
  Resolved: 'grievances.status.resolved',
};

/** Where a ticket stands, in the page's language. */
export function statusWords(t: Translate, status: TicketStatus): string {
  return t(statusKeys[status]);
}
