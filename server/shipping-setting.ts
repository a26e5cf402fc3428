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
