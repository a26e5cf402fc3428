/**
 * Delivery days and dates. The shop ships from its warehouse in Bengaluru (the demo seller's
 * address): a pincode's own `deliveryDays` says how long the courier takes; these estimates only
 * fill in a pincode imported without one (the All India Pincode Directory has no such column).
 */

const DAYS_BY_STATE: Record<string, number> = {};
for (const [days, states] of [
  [2, ['Karnataka']],
  [3, ['Andhra Pradesh', 'Telangana', 'Tamil Nadu', 'Kerala', 'Puducherry', 'Goa']],
  [
    4,
    [
      'Maharashtra',
      'Gujarat',
      'Dadra and Nagar Haveli and Daman and Diu',
      'Madhya Pradesh',
      'Chhattisgarh',
      'Odisha',
    ],
  ],
  [
    5,
    [
      'Delhi',
      'Haryana',
      'Punjab',
      'Chandigarh',
      'Rajasthan',
      'Uttar Pradesh',
      'West Bengal',
      'Bihar',
      'Jharkhand',
    ],
  ],
  [6, ['Himachal Pradesh', 'Uttarakhand', 'Jammu and Kashmir', 'Assam', 'Sikkim', 'Meghalaya']],
  [
    7,
    [
      'Arunachal Pradesh',
      'Nagaland',
      'Manipur',
      'Mizoram',
      'Tripura',
      'Ladakh',
      'Andaman and Nicobar Islands',
    ],
  ],
  [8, ['Lakshadweep']],
] as const) {
  for (const state of states) DAYS_BY_STATE[state] = days;
}

/** While the list is empty the shop delivers everywhere, in this many days (the column's default). */
export const DEFAULT_DELIVERY_DAYS = 5;

/** Days from the Bengaluru warehouse to a state or union territory, by road, rail and air. */
export function estimatedDeliveryDays(state: string): number {
  return DAYS_BY_STATE[state] ?? DEFAULT_DELIVERY_DAYS;
}

const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Today's date in India, as 00:00 UTC of that day. */
function indiaDay(now: number): Date {
  const india = new Date(now + INDIA_OFFSET_MS);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate()));
}

/**
 * The day a parcel ordered now arrives (`YYYY-MM-DD`): today in India plus `days`, counting no
 * Sundays (couriers do not deliver then), and never a Sunday itself. Public holidays are not known
 * to the shop and are not skipped.
 */
export function deliveryBy(now: number, days: number): string {
  const day = indiaDay(now);
  let left = days;
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0) left--;
  }
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Seconds until midnight in India, when every `deliveryBy` moves on a day. */
export function secondsToIndiaMidnight(now: number): number {
  const nextMidnight = indiaDay(now).getTime() + DAY_MS - INDIA_OFFSET_MS;
  return Math.max(1, Math.ceil((nextMidnight - now) / 1000));
}
