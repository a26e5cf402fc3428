import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { useLocale, useT } from '../../i18n/i18n';
import { formatDayAndTime } from '../../lib/dates';
import { useApiText } from '../checkout/api-messages';
import { actorWords } from './order-words';
import { useLaterMessages } from './with-messages';
import './order-details.css';

/**
 * Everything that happened to the order, oldest first (an ordered list reads as a story, and the
 * newest step is the one nearest the actions below it), each with its time, who did it and a note.
 */
export function OrderTimeline({ events }: { events: ApiMyOrder['events'] }) {
  const t = useT();
  const locale = useLocale();
  const actors = actorWords(t);
  // The server writes each line in English: in the page's language where the catalogue has it.
  useLaterMessages('order-timeline');
  const apiText = useApiText();
  return (
    <section className="order-panel" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className="order-panel-title">
        {t('order.timeline.title')}
      </h2>
      {events.length === 0 ? (
        <p className="order-muted">{t('order.timeline.empty')}</p>
      ) : (
        <ol className="order-timeline" aria-label={t('order.timeline.label')} data-testid="order-timeline">
          {events.map((event, index) => {
            const title = apiText(event.title);
            return (
              <li
                // Events have no id; their order never changes, so the position is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className={`order-event order-event--${event.type.replace(/[^a-z_]/g, '')}`}
              >
                <span className="order-event-dot" aria-hidden="true" />
                <p className="order-event-title" lang={title.lang}>
                  {title.text}
                </p>
                <p className="order-event-meta">
                  <time dateTime={event.at}>{formatDayAndTime(event.at, locale)}</time>
                  <span aria-hidden="true"> · </span>
                  <span className="visually-hidden">, </span>
                  {actors[event.by]}
                </p>
                {event.note && <p className="order-event-note">{event.note}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
