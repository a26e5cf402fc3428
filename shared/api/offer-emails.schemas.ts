import * as z from 'zod/mini';

/** An offer e-mail to the customers who chose offers by e-mail (only with that consent). */
export const offerEmailSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .check(
      z.trim(),
      z.minLength(3, 'Subject is required'),
      z.maxLength(120, 'Keep the subject under 120 characters'),
    ),
  message: z
    .string({ error: 'Message is required' })
    .check(
      z.trim(),
      z.minLength(10, 'Write the offer, at least a sentence'),
      z.maxLength(5000, 'Keep the message under 5,000 characters'),
    ),
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
  linkLabel: z.optional(
    z.string().check(z.trim(), z.maxLength(40, 'Keep the button text under 40 characters')),
  ),
});
export type OfferEmailInput = z.input<typeof offerEmailSchema>;

export const offerAudienceAnswer = z.object({
  /** Customers whose current choice is yes (not erased, not blocked). */
  subscribers: z.number(),
});

export const offerSentAnswer = z.object({ queued: z.number(), message: z.string() });

export const offerAudience = { response: offerAudienceAnswer };
export const sendOfferEmail = { body: offerEmailSchema, response: offerSentAnswer };
