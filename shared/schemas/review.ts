import * as z from 'zod/mini';
import { plainText } from './plain-text.js';

export const REVIEW_COMMENT_MAX = 2000;

/** A rating is 1 to 5 stars in half steps: 1, 1.5, 2 … 5. */
export const STAR_STEP = 0.5;
export const STAR_CHOICES = Array.from({ length: 9 }, (_, i) => 1 + i * STAR_STEP);
export const HALF_STAR_MESSAGE = 'Choose whole or half stars: 1, 1.5, 2 and so on up to 5';

/** PUT product/rating and the review form; the messages are the original shop's (typo fixed). */
export const reviewSchema = z.object({
  prodId: z
    .string({ error: 'Choose a product' })
    .check(z.trim(), z.minLength(1, 'Choose a product'), z.maxLength(100, 'Choose a product')),
  // Whole and half stars, as the original storefront's star widget sends them (3.5).
  star: z.coerce
    .number({ error: 'Please add star rating!' })
    .check(
      z.gte(1, 'Please add star rating!'),
      z.lte(5, 'Ratings go from 1 to 5 stars'),
      z.multipleOf(STAR_STEP, HALF_STAR_MESSAGE),
    ),
  comment: z
    .string({ error: 'Please write review about product!' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write review about product!'),
      z.maxLength(REVIEW_COMMENT_MAX, `Please keep your review under ${REVIEW_COMMENT_MAX} characters`),
      plainText(),
    ),
});
export type Review = z.output<typeof reviewSchema>;
