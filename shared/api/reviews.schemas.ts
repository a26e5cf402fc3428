import { reviewSchema } from '../schemas/review.js';
import { productAnswer } from './catalog.schemas.js';

/** The product answers with its new mean, count and reviews (the newest 50). */
export const rateProduct = { body: reviewSchema, response: productAnswer };
