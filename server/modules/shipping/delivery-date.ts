/**
 * Delivery promises in India time: a parcel is handed to the courier the same day when ordered
 * before the cut-off, else the next working day; couriers neither collect nor deliver on Sundays.
 * Public holidays are not known to the shop and are not skipped.
 */

/** Orders placed before 14:00 India time leave the same day. */
export const DISPATCH_CUTOFF_HOUR = 14;

const INDIA_OFFSET_MS = 330 * 60_000;

const isSunday = (day: Date) => day.getUTCDay() === 0;

/**
 * The day a parcel ordered at `now` (ms) arrives when the courier takes `days` working days, as
 * `YYYY-MM-DD`: dispatched today before the cut-off (not on a Sunday), else the next day that is
 * not a Sunday; then `days` days that are not Sundays.
 */
export function deliveryBy(now: number, days: number): string {
  const india = new Date(now + INDIA_OFFSET_MS);
  const day = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()));
  if (india.getUTCHours() >= DISPATCH_CUTOFF_HOUR || isSunday(day)) {
    do day.setUTCDate(day.getUTCDate() + 1);
    while (isSunday(day));
  }
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isSunday(day)) left--;
  }
  return day.toISOString().slice(0, 10);
}

/** Seconds until every `deliveryBy` may move: India's next cut-off or midnight, whichever is first. */
export function secondsUntilDatesMove(now: number): number {
  const india = now + INDIA_OFFSET_MS;
  const dayStart = india - (india % 86_400_000);
  const cutoff = dayStart + DISPATCH_CUTOFF_HOUR * 3_600_000;
  const next = india < cutoff ? cutoff : dayStart + 86_400_000;
  return Math.max(1, Math.ceil((next - india) / 1000));
}
