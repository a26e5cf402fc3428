import type { ApiProduct } from '../../../shared/api/catalog.schemas.js';
import type { Review } from '../../../shared/schemas/review.js';
import type { Database } from '../../db/client.js';
import { type CatalogService, lockForRating, recomputeRating, requireProduct } from '../catalog/index.js';
import { hasBought } from '../orders/index.js';
import * as repository from './reviews.repository.js';

export function createReviewsService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;
  return {
    /**
     * PUT product/rating: writes the customer's review (plain text, stored as typed and rendered
     * as text) and has the catalogue recompute the product's mean in the same transaction.
     */
    async rate(userId: string, input: Review): Promise<ApiProduct> {
      const product = await requireProduct(db, input.prodId);
      await db.transaction(async (tx) => {
        await lockForRating(tx, product.id);
        const verifiedPurchase = await hasBought(tx, userId, product.id);
        await repository.upsertReview(tx, {
          productId: product.id,
          userId,
          star: input.star,
          comment: input.comment,
          verifiedPurchase,
        });
        await recomputeRating(tx, product.id);
      });
      // The product's rating and reviews changed: cached catalogue reads must not show the old ones.
      catalog.invalidate();
      return catalog.getProduct(product.id);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
