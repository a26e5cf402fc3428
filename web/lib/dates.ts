import { MONTHS_HI } from '../../shared/delivery-day';

/**
 * Dates as shoppers read them: always in Indian Standard Time, whatever the zone of the device or
 * of the server that renders the page (UTC), so the server's HTML and the browser's agree and an
 * order placed at 00:30 in Pune is not shown as the day before.
 *
 * Intl does the time-zone work (it is built into the browser: date-fns' format cost about 5 KB
 * gzipped on the pages that used it); the words are assembled here from its numeric fields, because
 * browsers' locale data differ in small ways (en-IN's short September is 'Sep' in some and 'Sept'
 * in others) and the server's HTML must match what the browser renders when it hydrates.
 */
const india = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The calendar fields of an instant in India (month 1-12, hour 0-23), or null for a broken date. */
export type IndiaTime = { year: number; month: number; day: number; hour: number; minute: number };

export function inIndia(value: string | number | Date): IndiaTime | null {
  const ms = typeof value === 'string' ? Date.parse(value) : new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const fields: Record<string, number> = {};
  for (const part of india.formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = fields;
  if (year === undefined || month === undefined || day === undefined || hour === undefined) return null;
  return { year, month, day, hour: hour % 24, minute: minute ?? 0 };
}

/** A page's language as the date words need it ('en' or 'hi'). */
type DateLocale = 'en' | 'hi' | (string & {});

/** 'September' for month 9 ('सितंबर' in Hindi). */
export function monthName(month: number, locale: DateLocale = 'en'): string {
  return (locale === 'hi' ? MONTHS_HI : MONTHS)[month - 1] ?? '';
}

/** 'Sep' ('सितंबर': Hindi month names are written in full). */
function shortMonth(month: number, locale: DateLocale): string {
  return locale === 'hi' ? monthName(month, locale) : monthName(month).slice(0, 3);
}

/** '1:05' with 'am' or 'pm': the 12-hour clock (12 for noon and midnight). */
function clock(time: IndiaTime): { hours: string; period: 'am' | 'pm' } {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return { hours: `${hour12}:${String(time.minute).padStart(2, '0')}`, period: time.hour < 12 ? 'am' : 'pm' };
}

/** '23 September 2024' (reviews, policies), '23 सितंबर 2024' in Hindi; '' for a broken date. */
export function formatDay(value: string | number | Date, locale: DateLocale = 'en'): string {
  const time = inIndia(value);
  return time ? `${time.day} ${monthName(time.month, locale)} ${time.year}` : '';
}

/** '23 Sep 2024, 12:15 AM' (orders), '23 सितंबर 2024, 12:15 AM' in Hindi; '' for a broken date. */
export function formatDayAndTime(value: string | number | Date, locale: DateLocale = 'en'): string {
  const time = inIndia(value);
  if (!time) return '';
  const { hours, period } = clock(time);
  return `${time.day} ${shortMonth(time.month, locale)} ${time.year}, ${hours} ${period.toUpperCase()}`;
}

/** '1st', '2nd', '3rd', '4th', '11th', '22nd'... */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

/** 'January 1st 2024, 1:00 pm' (blog posts), '1 जनवरी 2024, 1:00 pm' in Hindi; '' for a broken date. */
export function formatPostedAt(value: string | number | Date, locale: DateLocale = 'en'): string {
  const time = inIndia(value);
  if (!time) return '';
  const { hours, period } = clock(time);
  if (locale === 'hi') return `${time.day} ${monthName(time.month, locale)} ${time.year}, ${hours} ${period}`;
  return `${monthName(time.month)} ${ordinal(time.day)} ${time.year}, ${hours} ${period}`;
}

/** This year in India (the footer's copyright line). */
export function currentYear(now: number = Date.now()): number {
  return inIndia(now)?.year ?? new Date(now).getUTCFullYear();
}
