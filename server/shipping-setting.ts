import { z } from 'zod';

/**
 * How the shop picks a courier among the provider's quotes when staff name none (SHIPPING_COURIER_RULE):
 * the cheapest (the default), the fastest, or the first of a preferred list that is quoted.
 */
export type CourierRule =
  | { kind: 'cheapest' }
  | { kind: 'fastest' }
  | { kind: 'preferred'; couriers: string[] };

/** The rule a setting names; undefined for one that names none. Unset is the cheapest. */
export function courierRuleFrom(value: string | undefined): CourierRule | undefined {
  if (value === undefined || value === 'cheapest') return { kind: 'cheapest' };
  if (value === 'fastest') return { kind: 'fastest' };
  const preferred = /^preferred:(.+)$/.exec(value);
  if (!preferred) return undefined;
  const couriers = preferred[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return couriers.length > 0 ? { kind: 'preferred', couriers } : undefined;
}

/**
 * SHIPPING_LIVE_RATE_TIMEOUT_MS: how long a delivery quote waits for the courier provider's live rate
 * (shipping mode `live`) before the rate card answers instead.
 */
export const liveRateTimeoutSetting = z.coerce
  .number({ message: 'SHIPPING_LIVE_RATE_TIMEOUT_MS must be a number of milliseconds' })
  .int({ message: 'SHIPPING_LIVE_RATE_TIMEOUT_MS must be a whole number of milliseconds' })
  .min(50, { message: 'SHIPPING_LIVE_RATE_TIMEOUT_MS must be at least 50' })
  .max(10_000, { message: 'SHIPPING_LIVE_RATE_TIMEOUT_MS must be at most 10000' })
  .default(1500);
