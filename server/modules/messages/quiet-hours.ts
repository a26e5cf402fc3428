/**
 * India's rules for promotional messages (TRAI): none between 21:00 and 09:00 India time. A message
 * due in those hours waits for 09:00. India has one time zone and no daylight saving, so the
 * offset is fixed.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 9;

/** The hour of the day (0-23) in India at `at`. */
export function indiaHour(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCHours();
}

export function inQuietHours(at: Date): boolean {
  const hour = indiaHour(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** `at` itself outside the quiet hours, else the next 09:00 India time. */
export function nextSendableAt(at: Date): Date {
  if (!inQuietHours(at)) return at;
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const nine = Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), QUIET_UNTIL_HOUR);
  const day = india.getUTCHours() >= QUIET_FROM_HOUR ? 24 * 60 * 60_000 : 0;
  return new Date(nine + day - IST_OFFSET_MS);
}
