import * as z from 'zod/mini';
import { customerChannels } from '../channels.js';

const channel = z.enum(customerChannels);

export const restoreRemindedCart = {
  body: z.object({
    token: z
      .string({ error: 'The link is incomplete: open it again from the reminder' })
      .check(
        z.trim(),
        z.minLength(16, 'The link is incomplete: open it again from the reminder'),
        z.maxLength(100, 'The link is incomplete: open it again from the reminder'),
      ),
  }),
  response: z.object({ restored: z.number(), message: z.string() }),
};

export const priceDropSent = z.object({
  _id: z.string(),
  /** ISO time it was queued. */
  at: z.string(),
  /** "Priya S. · pr•••@example.in" */
  customer: z.string(),
  product: z.string(),
  /** Rupees. */
  oldPrice: z.number(),
  newPrice: z.number(),
  /** Items on the wishlist that had dropped; the message named the biggest. */
  drops: z.number(),
  channels: z.array(channel),
});
export type ApiPriceDropSent = z.output<typeof priceDropSent>;

export const cartReminderSent = z.object({
  _id: z.string(),
  at: z.string(),
  customer: z.string(),
  items: z.number(),
  channels: z.array(channel),
  /** When the customer opened the link signed in, or null. */
  restoredAt: z.nullable(z.string()),
  /** Whether the customer ordered within 7 days of it. */
  converted: z.boolean(),
});
export type ApiCartReminderSent = z.output<typeof cartReminderSent>;

export const reminderFigures = z.object({
  priceDrops: z.number(),
  cartReminders: z.number(),
  /** Cart reminders followed by an order of that customer within 7 days (each counted once). */
  converted: z.number(),
});
export type ApiReminderFigures = z.output<typeof reminderFigures>;

export const listReminders = {
  response: z.object({
    priceDrops: z.array(priceDropSent),
    cartReminders: z.array(cartReminderSent),
    last30Days: reminderFigures,
  }),
};
export type ApiReminders = z.output<typeof listReminders.response>;

export const sweepRemindersNow = {
  body: z.object({ at: z.optional(z.iso.datetime({ error: 'at must be an ISO time' })) }),
  response: z.object({
    priceDrops: z.number(),
    cartReminders: z.number(),
    /** Set when `at` is in the quiet hours: nothing was decided; the next sweep from then will. */
    heldUntil: z.nullable(z.string()),
  }),
};
