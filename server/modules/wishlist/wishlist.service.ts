import { wishlistToggleSchema } from '../../../shared/schemas/cart.js';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { presentUser } from '../accounts/accounts.presenter.js';
import { findUserById } from '../accounts/accounts.repository.js';
import { findProduct } from '../catalog/catalog.repository.js';
import type { CatalogService } from '../catalog/catalog.service.js';
import * as repository from './wishlist.repository.js';

export function createWishlistService(deps: { db: Database; catalog: CatalogService }) {
  const { db, catalog } = deps;

  async function userOf(userId: string) {
    const user = await findUserById(db, userId);
    if (!user) throw notFound('Account not found.');
    return presentUser(user);
  }

  return {
    /** GET user/wishlist: the user object with `wishlist` as full products, newest first. */
    async get(userId: string) {
      const [user, ids] = await Promise.all([userOf(userId), repository.wishlistProductIds(db, userId)]);
      const products = await catalog.productsByIds(ids);
      return { ...user, wishlist: ids.flatMap((id) => products.get(id) ?? []) };
    },

    /** PUT product/wishlist: toggles; the user object with `wishlist` as ids, plus what happened. */
    async toggle(userId: string, body: unknown) {
      const { prodId } = parseInput(wishlistToggleSchema, body);
      const product = await findProduct(db, prodId);
      if (!product) throw notFound('This product does not exist or is no longer sold.');
      const added = await repository.toggle(db, userId, product.id);
      const [user, ids] = await Promise.all([userOf(userId), repository.wishlistProductIds(db, userId)]);
      return { ...user, wishlist: ids, added };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
