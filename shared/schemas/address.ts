import { z } from 'zod';
import { INDIAN_REGION_NAMES, normalizeIndianMobile, PINCODE_PATTERN } from '../india.js';
import { requiredText } from './fields.js';

/** Spellings older clients send for a state, mapped to the official name. */
const STATE_ALIASES: Record<string, string> = {
  tamilnadu: 'Tamil Nadu',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
};

function canonicalRegion(value: string): string | undefined {
  const key = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    STATE_ALIASES[key.replace(/ /g, '')] ?? INDIAN_REGION_NAMES.find((name) => name.toLowerCase() === key)
  );
}

const stateField = z
  .string({ error: 'State is required' })
  .trim()
  .min(1, 'State is required')
  .transform((value, ctx) => {
    const region = canonicalRegion(value);
    if (!region) {
      ctx.addIssue({ code: 'custom', message: 'Choose an Indian state or union territory' });
      return z.NEVER;
    }
    return region;
  });

/**
 * Shipping address (spec section 3 and 5). Old clients send `other` for the landmark and no
 * country; both are accepted. Only India is served, so any other country is refused.
 */
export const shippingAddressSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const input = raw as Record<string, unknown>;
    return { ...input, landmark: input.landmark ?? input.other, country: input.country ?? 'India' };
  },
  z.object({
    firstName: requiredText('First name is required', 60),
    lastName: requiredText('Last name is required', 60),
    address: requiredText('Address is required', 200),
    landmark: requiredText('Landmark is required', 120),
    city: requiredText('City is required', 80),
    state: stateField,
    country: z
      .string({ error: 'Country is required' })
      .trim()
      .min(1, 'Country is required')
      .refine((value) => value.toLowerCase() === 'india', 'We deliver within India only')
      .transform(() => 'India'),
    pincode: z
      .string({ error: 'Pincode is required' })
      .trim()
      .min(1, 'Pincode is required')
      .regex(PINCODE_PATTERN, 'Enter a valid 6-digit PIN code'),
    mobile: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const normalized = normalizeIndianMobile(value);
        if (!normalized) {
          ctx.addIssue({ code: 'custom', message: 'Enter a valid 10-digit Indian mobile number' });
          return z.NEVER;
        }
        return normalized;
      }),
  }),
);

export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
