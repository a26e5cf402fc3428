import { z } from 'zod';
import { emptyAsUndefined } from './env-values.js';

/**
 * Price drops and cart reminders (decision 057): how often wishlisted prices are compared, how long
 * a cart waits before its reminder, how many offer messages a customer may get a day on each
 * channel, and the end-to-end suite's hook that runs the sweeps at a chosen moment.
 */
export const REMINDERS_ENV = {
  PRICE_DROP_POLL_MINUTES: z.coerce
    .number({ message: 'PRICE_DROP_POLL_MINUTES must be a number of minutes' })
    .min(0, 'PRICE_DROP_POLL_MINUTES must be between 0 and 1440')
    .max(1440, 'PRICE_DROP_POLL_MINUTES must be between 0 and 1440')
    .default(60),
  CART_REMINDER_MINUTES: z.coerce
    .number({ message: 'CART_REMINDER_MINUTES must be a number of minutes' })
    .int('CART_REMINDER_MINUTES must be a whole number of minutes')
    .min(0, 'CART_REMINDER_MINUTES must be between 0 and 10080 (0: no cart reminders)')
    .max(10_080, 'CART_REMINDER_MINUTES must be between 0 and 10080 (0: no cart reminders)')
    .default(60),
  MARKETING_MAX_PER_DAY: z.coerce
    .number({ message: 'MARKETING_MAX_PER_DAY must be a number' })
    .int('MARKETING_MAX_PER_DAY must be a whole number')
    .min(1, 'MARKETING_MAX_PER_DAY must be between 1 and 10')
    .max(10, 'MARKETING_MAX_PER_DAY must be between 1 and 10')
    .default(1),
  REMINDERS_TEST_HOOK: emptyAsUndefined.pipe(
    z.enum(['true', 'false'], { message: 'REMINDERS_TEST_HOOK must be true or false' }).optional(),
  ),
};

const remindersEnvSchema = z.object(REMINDERS_ENV);
type RemindersEnv = z.output<typeof remindersEnvSchema>;

export type RemindersSetting = {
  /** Minutes between price-drop sweeps; 0: none. */
  priceDropPollMinutes: number;
  /** Minutes a cart waits untouched before its reminder; 0: no cart reminders. */
  cartReminderMinutes: number;
  /** Offer messages (price drops, cart reminders, back in stock) per customer, channel and India day. */
  maxPerDay: number;
  /** POST /api/test/reminders/sweep, for the end-to-end suite on loopback only. */
  testHook: boolean;
};

export function remindersSetting(raw: RemindersEnv): RemindersSetting {
  return {
    priceDropPollMinutes: raw.PRICE_DROP_POLL_MINUTES,
    cartReminderMinutes: raw.CART_REMINDER_MINUTES,
    maxPerDay: raw.MARKETING_MAX_PER_DAY,
    testHook: raw.REMINDERS_TEST_HOOK === 'true',
  };
}
