import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products, ratings } from '../../db/schema.js';

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

/** A customer's reviews, newest first, with the product's title and slug (for a link). */
export async function reviewsByCustomer(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: ratings.id,
      productId: ratings.productId,
      productTitle: products.title,
      productSlug: products.slug,
      star: ratings.star,
      comment: ratings.comment,
      verifiedPurchase: ratings.verifiedPurchase,
      createdAt: ratings.createdAt,
      updatedAt: ratings.updatedAt,
    })
    .from(ratings)
    .innerJoin(products, eq(products.id, ratings.productId))
    .where(eq(ratings.userId, userId))
    .orderBy(desc(ratings.updatedAt), desc(ratings.id))
    .limit(limit);
}
