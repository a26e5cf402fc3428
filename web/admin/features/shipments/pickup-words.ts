import type { PickupStatus } from '../../../../shared/api/pickups.schemas';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-12-01` as "Tue, 1 Dec", the way the shop writes a day everywhere. */
export function formatPickupDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${DAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** The day offered in the picker: "Today, Sat 29 Nov", "Tomorrow, Mon 1 Dec" or "Tue, 2 Dec". */
export function pickupDayOption(day: string, today: string, tomorrow: string): string {
  const plain = formatPickupDay(day);
  if (day === today) return `Today, ${plain.replace(',', '')}`;
  if (day === tomorrow) return `Tomorrow, ${plain.replace(',', '')}`;
  return plain;
}

/** A pickup's status in the console's words and badge colour. */
export const pickupStatusWords: Record<PickupStatus, { label: string; tone: string }> = {
  pending: { label: 'Waiting for the courier’s answer', tone: 'badge--warning' },
  scheduled: { label: 'Scheduled', tone: 'badge--success' },
  failed: { label: 'Refused by the courier', tone: 'badge--danger' },
};

/** Grams as the manifest writes them: "1.50 kg". */
export const kilograms = (grams: number) =>
  `${(grams / 1000).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`;

/** The date in India `days` days from now, YYYY-MM-DD. */
export function indiaDayFromNow(days: number, now: number = Date.now()): string {
  return new Date(now + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}
