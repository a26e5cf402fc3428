import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { formatDayAndTime } from '../../lib/dates';
import { actorWords } from './order-words';
import './order-details.css';

/**
 * Everything that happened to the order, oldest first (an ordered list reads as a story, and the
 * newest step is the one nearest the actions below it), each with its time, who did it and a note.
 */
export function OrderTimeline({ events }: { events: ApiMyOrder['events'] }) {
  return (
    <section className="order-panel" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className="order-panel-title">
        Timeline
      </h2>
      {events.length === 0 ? (
        <p className="order-muted">Nothing has happened to this order yet.</p>
      ) : (
        <ol className="order-timeline" aria-label="Order history, oldest first" data-testid="order-timeline">
          {events.map((event, index) => (
            <li
              // Events have no id; their order never changes, so the position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className={`order-event order-event--${event.type.replace(/[^a-z_]/g, '')}`}
            >
              <span className="order-event-dot" aria-hidden="true" />
              <p className="order-event-title">{event.title}</p>
              <p className="order-event-meta">
                <time dateTime={event.at}>{formatDayAndTime(event.at)}</time>
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">, </span>
                {actorWords[event.by]}
              </p>
              {event.note && <p className="order-event-note">{event.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
