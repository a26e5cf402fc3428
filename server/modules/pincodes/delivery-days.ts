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

/** Orders placed before 14:00 India time leave the same day. */
export const DISPATCH_CUTOFF_HOUR = 14;

const INDIA_OFFSET_MS = 330 * 60_000;

const isSunday = (day: Date) => day.getUTCDay() === 0;

/**
 * The day a parcel ordered at `now` (ms) arrives when the courier takes `days` working days, as
 * `YYYY-MM-DD` in India: handed over today before the cut-off (not on a Sunday), else on the next
 * day that is not a Sunday; then `days` days that are not Sundays (couriers neither collect nor
 * deliver then). Public holidays are not known to the shop and are not skipped. The one rule for
 * every promise: the product page's, the address form's and the checkout's.
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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-12-01` as "Mon, 1 Dec", as the storefront writes a promised day. */
export function formatIndiaDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/**
 * The days a courier may be asked to collect parcels on, `count` of them, YYYY-MM-DD in India: the
 * first is the day a parcel handed over now leaves (today before the cut-off and not a Sunday, else
 * the next day that is not a Sunday, as `deliveryBy` counts), then the days after it but Sundays.
 */
export function pickupDays(now: number, count: number): string[] {
  const first = deliveryBy(now, 0);
  const days = [first];
  const day = new Date(`${first}T00:00:00Z`);
  while (days.length < count) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (!isSunday(day)) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}
