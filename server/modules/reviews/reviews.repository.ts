import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ratings } from '../../db/schema.js';

/** One review per customer and product: a second one replaces the first. */
export async function upsertReview(
  db: Executor,
  review: { productId: string; userId: string; star: number; comment: string; verifiedPurchase: boolean },
) {
  await db
    .insert(ratings)
    .values(review)
    .onConflictDoUpdate({
      target: [ratings.productId, ratings.userId],
      set: {
        star: review.star,
        comment: review.comment,
        verifiedPurchase: review.verifiedPurchase,
        updatedAt: sql`now()`,
      },
    });
}
