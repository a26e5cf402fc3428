import type { ApiTicket } from '../../../shared/api/grievances.schemas';
import { formatDay } from '../../lib/dates';
import { ticketSubject } from './ticket-words';

/** A signed-in customer's complaints and data requests: where each stands and by when. */
export function MyRequests({ tickets }: { tickets: readonly ApiTicket[] }) {
  if (tickets.length === 0) {
    return <p className="form-note">You have not filed any complaints or data requests while signed in.</p>;
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
              {ticket.status}
            </span>
          </p>
          <p>{ticketSubject(ticket)}</p>
          <p className="my-request-dates">
            Filed {formatDay(ticket.createdAt)}
            {ticket.resolvedAt
              ? ` · resolved ${formatDay(ticket.resolvedAt)}`
              : ` · answer due by ${formatDay(ticket.respondBy)}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
