import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.js';
import { orderLines, orders, products, ratings } from '../../db/schema.js';

/** Row lock on the product, so concurrent reviews recompute its mean one after another. */
export async function lockProduct(db: Executor, productId: string): Promise<void> {
  await queryRows(db, sql`select id from ${products} where ${products.id} = ${productId} for update`);
}

export async function hasBought(db: Executor, userId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderLines.productId, productId),
        sql`${orders.orderStatus} <> 'Cancelled'`,
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

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

export async function recomputeRating(db: Executor, productId: string) {
  await db
    .update(products)
    .set({
      totalRating: sql`coalesce((select avg(star)::real from ${ratings} where ${ratings.productId} = ${productId}), 0)`,
      ratingCount: sql`(select count(*)::int from ${ratings} where ${ratings.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}
