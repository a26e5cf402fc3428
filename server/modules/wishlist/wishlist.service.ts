import type { ApiWishlist, ApiWishlistToggle } from '../../../shared/api/wishlist.schemas.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { customerAccount } from '../accounts/index.js';
import { type CatalogService, requireProduct } from '../catalog/index.js';
import * as repository from './wishlist.repository.js';

export function createWishlistService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;

  async function userOf(userId: string) {
    const user = await customerAccount(db, userId);
    if (!user) throw notFound('Account not found.');
    return user;
  }

  return {
    /** GET user/wishlist: the user object with `wishlist` as full products, newest first. */
    async get(userId: string): Promise<ApiWishlist> {
      const [user, ids] = await Promise.all([userOf(userId), repository.wishlistProductIds(db, userId)]);
      // Archived products have left the storefront; they come back if the shop restores them.
      const products = await catalog.productsByIds(ids, { onSale: true });
      return { ...user, wishlist: ids.flatMap((id) => products.get(id) ?? []) };
    },

    /** PUT product/wishlist: toggles; the user object with `wishlist` as ids, plus what happened. */
    async toggle(userId: string, productIdOrSlug: string): Promise<ApiWishlistToggle> {
      const product = await requireProduct(db, productIdOrSlug);
      const added = await repository.toggle(db, userId, product.id);
      const [user, ids] = await Promise.all([userOf(userId), repository.wishlistProductIds(db, userId)]);
      return { ...user, wishlist: ids, added };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
