import * as z from 'zod/mini';
import { INDIAN_REGION_NAMES, normalizeIndianMobile, PINCODE_PATTERN } from '../india.js';
import { MOBILE_MESSAGE, requiredText } from './fields.js';

/** Spellings older clients send for a state, mapped to the official name. */
const STATE_ALIASES: Record<string, string> = {
  tamilnadu: 'Tamil Nadu',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
};

/** The official name of a state or union territory typed with any case, spacing or alias. */
export function canonicalRegion(value: string): string | undefined {
  const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    STATE_ALIASES[key.replace(/ /g, '')] ?? INDIAN_REGION_NAMES.find((name) => name.toLowerCase() === key)
  );
}

const stateField = z.pipe(
  z.string({ error: 'State is required' }).check(z.trim(), z.minLength(1, 'State is required')),
  z.transform((value: string, ctx) => {
    const region = canonicalRegion(value);
    if (!region) {
      ctx.issues.push({ code: 'custom', message: 'Choose an Indian state or union territory', input: value });
      return z.NEVER;
    }
    return region;
  }),
);

/** Old clients send `other` for the landmark and no country (India is implied). */
export const olderAddressShape = z.transform((raw: unknown) => {
  if (!raw || typeof raw !== 'object') return raw;
  const input = raw as Record<string, unknown>;
  return { ...input, landmark: input.landmark ?? input.other, country: input.country ?? 'India' };
});

/** Each field's rule, for the checkout form's schema below and the API's lenient reading. */
export const addressFields = {
  firstName: requiredText('First name is required', 60),
  lastName: requiredText('Last name is required', 60),
  address: requiredText('Address is required', 200),
  landmark: requiredText('Landmark is required', 120),
  city: requiredText('City is required', 80),
  state: stateField,
  country: z.pipe(
    z.string({ error: 'Country is required' }).check(
      z.trim(),
      z.minLength(1, 'Country is required'),
      z.refine((value) => value.toLowerCase() === 'india', 'We deliver within India only'),
    ),
    z.transform(() => 'India'),
  ),
  pincode: z
    .string({ error: 'Pincode is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Pincode is required'),
      z.regex(PINCODE_PATTERN, 'Enter a valid 6-digit PIN code'),
    ),
  mobile: z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value: string | undefined, ctx) => {
      if (!value) return undefined;
      const normalized = normalizeIndianMobile(value);
      if (!normalized) {
        ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: value });
        return z.NEVER;
      }
      return normalized;
    }),
  ),
};

/**
 * Shipping address as the checkout form asks for it. Only India is
 * served, so any other country is refused.
 */
export const shippingAddressSchema = z.pipe(olderAddressShape, z.object(addressFields));

export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
