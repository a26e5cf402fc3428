import * as z from 'zod/mini';

export const REVIEW_COMMENT_MAX = 2000;

/** PUT product/rating and the review form; the messages are the original shop's (typo fixed). */
export const reviewSchema = z.object({
  prodId: z
    .string({ error: 'Choose a product' })
    .check(z.trim(), z.minLength(1, 'Choose a product'), z.maxLength(100, 'Choose a product')),
  star: z.coerce
    .number({ error: 'Please add star rating!' })
    .check(
      z.refine(Number.isInteger, 'Please add star rating!'),
      z.gte(1, 'Please add star rating!'),
      z.lte(5, 'Ratings go from 1 to 5 stars'),
    ),
  comment: z
    .string({ error: 'Please write review about product!' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write review about product!'),
      z.maxLength(REVIEW_COMMENT_MAX, `Please keep your review under ${REVIEW_COMMENT_MAX} characters`),
    ),
});
export type Review = z.output<typeof reviewSchema>;
