import * as z from 'zod/mini';
import { normalizeIndianMobile } from '../india.js';
import { addressFields } from '../schemas/address.js';
import { MOBILE_MESSAGE, requiredText } from '../schemas/fields.js';
import { pincodeField } from './pincodes.schemas.js';

/*
 * Delivery charges and promises: the storefront's estimate for a product and a pincode, and the
 * console's shipping settings (how delivery is charged, the rate card, the pickup address).
 * Money in rupees here; the server keeps paise.
 */

export const SHIPPING_ZONES = ['city', 'state', 'metro', 'rest', 'special'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];
export const SHIPPING_MODES = ['flat', 'card', 'live'] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];

export const ESTIMATE_QUANTITY_MAX = 10;

const quantityField = z.pipe(
  z.transform((value: unknown) => (value === '' || value === undefined ? 1 : Number(value))),
  z
    .number({ error: 'quantity must be a whole number from 1 to 10' })
    .check(
      z.int('quantity must be a whole number from 1 to 10'),
      z.minimum(1, 'quantity must be a whole number from 1 to 10'),
      z.maximum(ESTIMATE_QUANTITY_MAX, 'quantity must be a whole number from 1 to 10'),
    ),
);

const idField = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .check(z.trim(), z.minLength(1, `${what} is required`), z.maxLength(64));

export const shippingEstimateAnswer = z.object({
  pincode: z.string(),
  /** Whether the shop delivers there; when not, `message` says so and the figures are null. */
  serviceable: z.boolean(),
  /** Rupees for delivering this item there (0: free, from the shop's threshold). */
  charge: z.nullable(z.number()),
  /** The estimated delivery day, `YYYY-MM-DD` in India. */
  deliveryBy: z.nullable(z.string()),
  /** Whether cash on delivery is offered for this there (the pincode's couriers and the shop's limit). */
  cod: z.boolean(),
  /** Rupees cash on delivery would add to this alone: the shop's handling fee (0: none, or no COD). */
  codFee: z.number(),
  /** The place the shop's pincode list names (the city may be empty); null when it names none. */
  place: z.nullable(z.object({ city: z.string(), state: z.string() })),
  /** The courier zone from the shop's warehouse; null when the place is not known. */
  zone: z.nullable(z.enum(SHIPPING_ZONES)),
  message: z.nullable(z.string()),
});
export type ApiShippingEstimate = z.output<typeof shippingEstimateAnswer>;

export const shippingEstimate = {
  query: z.object({
    pincode: pincodeField,
    productId: idField('productId'),
    variantId: z.optional(idField('variantId')),
    quantity: z.optional(quantityField),
  }),
  response: shippingEstimateAnswer,
};
export type ShippingEstimateQuery = z.output<typeof shippingEstimate.query>;

// ---------------------------------------------------------------------------------------------
// The console.

const RUPEES_MAX = 100_000;
const rupees = (what: string) =>
  z.number({ error: `${what} must be an amount in rupees` }).check(
    z.minimum(0, `${what} cannot be negative`),
    z.maximum(RUPEES_MAX, `${what} is at most ₹1,00,000`),
    z.refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${what} has at most two decimals`,
    ),
  );
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a whole number` })
    .check(
      z.int(`${what} must be a whole number`),
      z.minimum(min, `${what} is at least ${min}`),
      z.maximum(max, `${what} is at most ${max}`),
    );

export const zoneRateFields = z.object({
  zone: z.enum(SHIPPING_ZONES, { error: `zone must be one of ${SHIPPING_ZONES.join(', ')}` }),
  /** Rupees for the first 0.5 kg. */
  firstSlab: rupees('The first 0.5 kg'),
  /** Rupees for each further 0.5 kg or part of it. */
  extraSlab: rupees('Each further 0.5 kg'),
  minDays: wholeNumber('Days (least)', 0, 60),
  maxDays: wholeNumber('Days (most)', 0, 60),
});

const mobileField = z.pipe(
  z.string({ error: 'Contact phone is required' }).check(z.trim()),
  z.transform((value: string, ctx) => {
    const normalized = normalizeIndianMobile(value);
    if (!normalized) {
      ctx.issues.push({ code: 'custom', message: MOBILE_MESSAGE, input: value });
      return z.NEVER;
    }
    return normalized;
  }),
);

export const warehouseFields = z.object({
  name: requiredText('Warehouse name is required', 80),
  contactPhone: mobileField,
  addressLine1: requiredText('Address is required', 200),
  addressLine2: z.optional(
    z.string().check(z.trim(), z.maxLength(200, 'Address line 2 is at most 200 characters')),
  ),
  city: addressFields.city,
  district: z.optional(z.string().check(z.trim(), z.maxLength(80, 'District is at most 80 characters'))),
  state: addressFields.state,
  pincode: addressFields.pincode,
});

export const defaultParcelFields = z.object({
  weightGrams: wholeNumber('Default weight (g)', 1, 100_000),
  lengthMm: wholeNumber('Default length (mm)', 1, 3000),
  widthMm: wholeNumber('Default width (mm)', 1, 3000),
  heightMm: wholeNumber('Default height (mm)', 1, 3000),
});

export const shippingSettingsBody = z.object({
  /**
   * flat: the shop's one delivery fee below its free threshold; card: the rate card by zone and
   * weight; live: the courier provider's quote between `liveFloor` and `liveCap` (the rate card
   * when the provider is slow, down or quotes nothing).
   */
  mode: z.enum(SHIPPING_MODES, { error: 'mode must be flat, card or live' }),
  /** Rupees cash on delivery adds, fixed (a handling fee shown before the shopper chooses). */
  codFee: rupees('The COD fee'),
  /** Percent of the order cash on delivery adds (2.5 = 2.5%). */
  codFeePercent: z
    .number({ error: 'The COD fee percent must be a number' })
    .check(
      z.minimum(0, 'The COD fee percent cannot be negative'),
      z.maximum(100, 'The COD fee percent is at most 100'),
    ),
  /** Live rates: the least a delivery is charged (rupees; 0 by default). */
  liveFloor: z.optional(rupees('The floor')),
  /** Live rates: the most a delivery is charged (rupees; required above 0 in live mode). */
  liveCap: z.optional(rupees('The cap')),
  /** For variants without a weight or box of their own. */
  defaultParcel: defaultParcelFields,
  /** One row per zone, all five, or none while the mode is flat. */
  rates: z.array(zoneRateFields).check(z.maxLength(SHIPPING_ZONES.length, 'One rate per zone')),
  /** The pickup address parcels leave from (the default warehouse). */
  warehouse: z.nullable(warehouseFields),
});
export type ShippingSettingsInput = z.output<typeof shippingSettingsBody>;

export const shippingSettingsAnswer = z.object({
  mode: z.enum(SHIPPING_MODES),
  codFee: z.number(),
  codFeePercent: z.number(),
  liveFloor: z.number(),
  liveCap: z.number(),
  defaultParcel: defaultParcelFields,
  rates: z.array(z.extend(zoneRateFields, { label: z.string() })),
  warehouse: z.nullable(
    z.object({
      id: z.string(),
      name: z.string(),
      contactPhone: z.string(),
      addressLine1: z.string(),
      addressLine2: z.string(),
      city: z.string(),
      district: z.string(),
      state: z.string(),
      pincode: z.string(),
    }),
  ),
  /** The flat mode's figures (DELIVERY_FEE, FREE_DELIVERY_FROM): the free threshold holds in both modes. */
  flat: z.object({ deliveryFee: z.number(), freeDeliveryFrom: z.number() }),
  updatedAt: z.nullable(z.string()),
});
export type ApiShippingSettings = z.output<typeof shippingSettingsAnswer>;

export const shippingSettings = { response: shippingSettingsAnswer };
export const saveShippingSettings = { body: shippingSettingsBody, response: shippingSettingsAnswer };
