import { z } from 'zod';
import { emptyAsUndefined, optionalUrl } from './env-values.js';

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

/** The environment's couriers settings, part of config.ts's schema. */
export const SHIPPING_ENV = {
  // Who books parcels: the built-in test courier (the default) or Shiprocket.
  SHIPPING_PROVIDER: emptyAsUndefined.pipe(
    z
      .enum(['test', 'shiprocket'], {
        message: "SHIPPING_PROVIDER must be 'test' (the built-in test courier) or 'shiprocket'",
      })
      .optional(),
  ),
  // Which quoted courier a parcel goes with when staff name none: cheapest, fastest, or
  // preferred:<courier>,<courier>... (the first of them quoted, else the cheapest).
  SHIPPING_COURIER_RULE: emptyAsUndefined.transform((value, ctx) => {
    const rule = courierRuleFrom(value);
    if (rule) return rule;
    ctx.addIssue({
      code: 'custom',
      message: "SHIPPING_COURIER_RULE must be 'cheapest', 'fastest' or 'preferred:<courier>,<courier>'",
    });
    return z.NEVER;
  }),
  // Shiprocket: an API user's login (Settings > API), the token its webhook sends in x-api-key,
  // the nickname of the pickup address parcels leave from, and its API's address (a test's fake).
  SHIPROCKET_EMAIL: emptyAsUndefined,
  SHIPROCKET_PASSWORD: emptyAsUndefined,
  SHIPROCKET_WEBHOOK_TOKEN: emptyAsUndefined,
  SHIPROCKET_PICKUP_LOCATION: emptyAsUndefined,
  SHIPROCKET_API_URL: optionalUrl('SHIPROCKET_API_URL'),
};

const shippingEnvSchema = z.object(SHIPPING_ENV);
type ShippingEnv = z.output<typeof shippingEnvSchema>;

const SHIPROCKET_NEEDS = {
  SHIPROCKET_EMAIL: "the e-mail of an API user made in Shiprocket's Settings > API",
  SHIPROCKET_PASSWORD: "that API user's password",
  SHIPROCKET_WEBHOOK_TOKEN:
    "the token typed in Shiprocket's Settings > API > Webhooks, which its tracking webhook sends back",
  SHIPROCKET_PICKUP_LOCATION:
    "the nickname of the pickup address in Shiprocket's Settings > Pickup Addresses",
} as const;

/** Shiprocket chosen without what it needs: the first setting missing, with what to put there. */
export function shiprocketSettingsProblem(env: ShippingEnv, ctx: z.RefinementCtx) {
  if (env.SHIPPING_PROVIDER !== 'shiprocket') return;
  for (const [key, what] of Object.entries(SHIPROCKET_NEEDS)) {
    if (env[key as keyof typeof SHIPROCKET_NEEDS]) continue;
    ctx.addIssue({
      code: 'custom',
      path: [key],
      message: `SHIPPING_PROVIDER=shiprocket needs ${key}: ${what}`,
    });
    return;
  }
  // Anyone who knows it can report parcels delivered: it must not be guessable.
  if (env.SHIPROCKET_WEBHOOK_TOKEN!.length < 16)
    ctx.addIssue({
      code: 'custom',
      path: ['SHIPROCKET_WEBHOOK_TOKEN'],
      message:
        'SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters (whoever knows it can report deliveries)',
    });
}

export type ShiprocketSetting = {
  email: string;
  password: string;
  webhookToken: string;
  pickupLocation: string;
  apiUrl: string | undefined;
};

export type ShippingSetting =
  | { provider: 'test'; courierRule: CourierRule }
  | { provider: 'shiprocket'; courierRule: CourierRule; shiprocket: ShiprocketSetting };

/** The couriers part of the config (the schema has already insisted on Shiprocket's settings). */
export function shippingSetting(env: ShippingEnv): ShippingSetting {
  const courierRule = env.SHIPPING_COURIER_RULE;
  if (env.SHIPPING_PROVIDER !== 'shiprocket') return { provider: 'test', courierRule };
  return {
    provider: 'shiprocket',
    courierRule,
    shiprocket: {
      email: env.SHIPROCKET_EMAIL!,
      password: env.SHIPROCKET_PASSWORD!,
      webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN!,
      pickupLocation: env.SHIPROCKET_PICKUP_LOCATION!,
      apiUrl: env.SHIPROCKET_API_URL,
    },
  };
}
