import { z } from 'zod';

export const REVIEW_COMMENT_MAX = 2000;

/** PUT product/rating and the review form; the messages are the spec's (typo fixed). */
export const reviewSchema = z.object({
  prodId: z
    .string({ error: 'Choose a product' })
    .trim()
    .min(1, 'Choose a product')
    .max(100, 'Choose a product'),
  star: z.coerce
    .number({ error: 'Please add star rating!' })
    .int('Please add star rating!')
    .min(1, 'Please add star rating!')
    .max(5, 'Ratings go from 1 to 5 stars'),
  comment: z
    .string({ error: 'Please write review about product!' })
    .trim()
    .min(1, 'Please write review about product!')
    .max(REVIEW_COMMENT_MAX, `Please keep your review under ${REVIEW_COMMENT_MAX} characters`),
});
