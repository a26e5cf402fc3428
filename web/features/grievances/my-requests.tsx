import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import { useLocale, useT } from '../../i18n/i18n';
import { formatDay } from '../../lib/dates';
import { statusWords, ticketSubject } from './ticket-words';

/** A signed-in customer's complaints and data requests: where each stands and by when. */
export function MyRequests({ tickets }: { tickets: readonly ApiTicket[] }) {
  const t = useT();
  const locale = useLocale();
  if (tickets.length === 0) {
    return <p className="form-note">{t('grievances.requests.none')}</p>;
  }
  return (
    <ul className="my-requests">
      {tickets.map((ticket) => (
        <li key={ticket._id} className="my-request">
          <p className="my-request-head">
            <strong>{ticket.ticketNumber}</strong>
            <span
              className={`request-status request-status--${ticket.status === 'Resolved' ? 'done' : 'open'}`}
            >
              {statusWords(t, ticket.status)}
            </span>
          </p>
          <p>{ticketSubject(t, ticket)}</p>
          <p className="my-request-dates">
            {ticket.resolvedAt
              ? t('grievances.requests.resolved', {
                  filed: formatDay(ticket.createdAt, locale),
                  resolved: formatDay(ticket.resolvedAt, locale),
                })
              : t('grievances.requests.due', {
                  filed: formatDay(ticket.createdAt, locale),
                  due: formatDay(ticket.respondBy, locale),
                })}
          </p>
        </li>
      ))}
    </ul>
  );
}
