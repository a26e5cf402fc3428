import type { Executor } from '../../db/client.js';
import { reviewsByCustomer } from './reviews.repository.js';

/**
 * A customer's reviews as other modules may read them (the console's customer page), through the
 * reviews module rather than its repository.
 */
export type CustomerReview = {
  id: string;
  productId: string;
  productTitle: string;
  productSlug: string;
  star: number;
  comment: string;
  verifiedPurchase: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** Newest first (a review rewritten counts from when it was rewritten). */
export async function reviewsOfCustomer(
  db: Executor,
  userId: string,
  limit: number,
): Promise<CustomerReview[]> {
  return reviewsByCustomer(db, userId, limit);
}
