import { inIndia, monthName } from '../../lib/dates';
import './short-day.css';

/** '23 Nov 2026' (India time): dates in narrow table columns; '' for a broken date. */
export function formatShortDay(value: string | number | Date): string {
  const time = inIndia(value);
  return time ? `${time.day} ${monthName(time.month).slice(0, 3)} ${time.year}` : '';
}

/** A table cell's date, on one line. */
export function ShortDay({ value }: { value: string }) {
  return (
    <time className="short-day" dateTime={value}>
      {formatShortDay(value)}
    </time>
  );
}
