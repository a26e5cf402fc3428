import { reviewSchema } from '../../../shared/schemas/review.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { findProduct } from '../catalog/catalog.repository.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import * as repository from './reviews.repository.js';

export function createReviewsService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;
  return {
    /**
     * PUT product/rating: writes the customer's review (plain text, stored as typed and rendered
     * as text) and recomputes the product's mean in the same transaction.
     */
    async rate(userId: string, body: unknown) {
      const input = parseInput(reviewSchema, body);
      const product = await findProduct(db, input.prodId);
      if (!product) throw notFound('This product does not exist or is no longer sold.');
      await db.transaction(async (tx) => {
        await repository.lockProduct(tx, product.id);
        const verifiedPurchase = await repository.hasBought(tx, userId, product.id);
        await repository.upsertReview(tx, {
          productId: product.id,
          userId,
          star: input.star,
          comment: input.comment,
          verifiedPurchase,
        });
        await repository.recomputeRating(tx, product.id);
      });
      // The product's rating and reviews changed: cached catalogue reads must not show the old ones.
      catalog.invalidate();
      return catalog.getProduct(product.id);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
