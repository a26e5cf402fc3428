import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import {
  kindLabels,
  type TicketKind,
  type TicketTopic,
  topicLabels,
} from '../../../shared/schemas/grievance-topics';

/** "Complaint: A delivery" / "Data request: Erase my data". */
export function ticketSubject(ticket: Pick<ApiTicket, 'kind' | 'topic'>): string {
  const topic = topicLabels[ticket.kind as TicketKind][ticket.topic as TicketTopic] ?? ticket.topic;
  return `${kindLabels[ticket.kind]}: ${topic}`;
}
