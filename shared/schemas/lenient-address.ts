import * as z from 'zod/mini';
import { INDIAN_REGION_NAMES } from '../india.js';
import { regionsForPincode } from '../pincode-regions.js';
import { addressFields, canonicalRegion, olderAddressShape, type ShippingAddress } from './address.js';

/**
 * Reading an address that arrives after the money has moved. The checkout form validates
 * strictly before payment; an older client sends its address only after paying, so refusing it
 * then would leave a paid order without one. Here a landmark is optional, a state is matched
 * leniently, and an address that still does not validate is kept exactly as typed, marked to be
 * confirmed with the customer.
 */

const compact = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

/** Edits (insert, delete, substitute) between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

function closest(typed: string, names: readonly string[], tolerance: number): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(typed, compact(name));
    if (distance <= tolerance && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * The state or union territory meant by `typed`: the official name in any case or spacing, a
 * known alias, a near spelling ("Karnatka"), a looser one the PIN code agrees with
 * ("Tamzhnad" with 600001), or, when nothing was typed that means anything, the PIN code's only
 * region. Undefined when it cannot be told.
 */
export function matchIndianState(typed: string, pincode: string): string | undefined {
  const exact = canonicalRegion(typed);
  if (exact) return exact;
  const key = compact(typed);
  const byPincode = regionsForPincode(pincode.trim());
  if (key.length >= 4) {
    // A near spelling, unless the PIN code says the address is somewhere else.
    const near = closest(key, INDIAN_REGION_NAMES, Math.max(1, Math.floor(key.length / 5)));
    if (near && (byPincode.length === 0 || byPincode.includes(near))) return near;
    // A looser spelling that the PIN code agrees with.
    const corroborated = closest(key, byPincode, Math.floor(key.length / 2));
    if (corroborated) return corroborated;
  }
  // Nothing typed: the PIN code's region when it has only one.
  return key.length === 0 && byPincode.length === 1 ? byPincode[0] : undefined;
}

const deliveryAddressSchema = z.pipe(
  olderAddressShape,
  z.object({
    ...addressFields,
    landmark: z.pipe(
      z.optional(z.string().check(z.trim(), z.maxLength(120))),
      z.transform((value: string | undefined) => value ?? ''),
    ),
  }),
);

const FIELDS = [
  'firstName',
  'lastName',
  'address',
  'landmark',
  'city',
  'state',
  'country',
  'pincode',
  'mobile',
];

/** Numbers become their digits (old clients send the PIN code and mobile as numbers). */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export type DeliveryAddress = { address: ShippingAddress; confirmed: boolean };

/**
 * An address sent with a paid order: validated when it can be (confirmed), otherwise kept as
 * typed (each text field, bounded in length) for the shop to confirm with the customer.
 * Undefined when nothing resembling an address was sent.
 */
export function readDeliveryAddress(raw: unknown): DeliveryAddress | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const input = raw as Record<string, unknown>;
  const typed: Record<string, string> = {};
  for (const field of [...FIELDS, 'other']) {
    const text = asText(input[field]);
    if (text !== undefined) typed[field] = text.slice(0, 300);
  }
  if (Object.keys(typed).length === 0) return undefined;
  const state = matchIndianState(typed.state ?? '', typed.pincode ?? '');
  const parsed = deliveryAddressSchema.safeParse({ ...typed, ...(state ? { state } : {}) });
  if (parsed.success) return { address: parsed.data, confirmed: true };
  return {
    confirmed: false,
    address: {
      firstName: typed.firstName ?? '',
      lastName: typed.lastName ?? '',
      address: typed.address ?? '',
      landmark: typed.landmark ?? typed.other ?? '',
      city: typed.city ?? '',
      state: typed.state ?? '',
      country: typed.country ?? 'India',
      pincode: typed.pincode ?? '',
      mobile: typed.mobile,
    },
  };
}
