import * as z from 'zod/mini';
import { translatedLocales } from '../locales.js';

const subjectField = z
  .string({ error: 'Subject is required' })
  .check(
    z.trim(),
    z.minLength(3, 'Subject is required'),
    z.maxLength(120, 'Keep the subject under 120 characters'),
  );
const messageField = z
  .string({ error: 'Message is required' })
  .check(
    z.trim(),
    z.minLength(10, 'Write the offer, at least a sentence'),
    z.maxLength(5000, 'Keep the message under 5,000 characters'),
  );
const linkLabelField = z.optional(
  z.string().check(z.trim(), z.maxLength(40, 'Keep the button text under 40 characters')),
);

/**
 * The offer in another of the shop's languages (`{ "hi": { "subject", "message", "linkLabel" } }`):
 * customers who chose that language get it; without one they get the English words in their
 * language's frame (greeting, how to stop offers).
 */
const offerTranslations = z.optional(
  z.partialRecord(
    z.enum(translatedLocales as [string, ...string[]], {
      error: `Translations are for ${translatedLocales.join(', ')}`,
    }),
    z.object({ subject: subjectField, message: messageField, linkLabel: linkLabelField }),
  ),
);

/** An offer e-mail to the customers who chose offers by e-mail (only with that consent). */
export const offerEmailSchema = z.object({
  subject: subjectField,
  message: messageField,
  /** A page of the shop the button opens, e.g. /product?tags=sale. */
  linkPath: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(300, 'Keep the link under 300 characters'),
        z.regex(
          /^(\/[^\s]*)?$/,
          'The link must be a page of the shop, starting with /, e.g. /product?tags=sale',
        ),
      ),
  ),
  linkLabel: linkLabelField,
  translations: offerTranslations,
});
export type OfferEmailInput = z.input<typeof offerEmailSchema>;

export const offerAudienceAnswer = z.object({
  /** Customers whose current choice is yes (not erased, not blocked). */
  subscribers: z.number(),
});

export const offerSentAnswer = z.object({ queued: z.number(), message: z.string() });

export const offerAudience = { response: offerAudienceAnswer };
export const sendOfferEmail = { body: offerEmailSchema, response: offerSentAnswer };
