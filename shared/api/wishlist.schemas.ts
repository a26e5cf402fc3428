import * as z from 'zod/mini';
import { wishlistToggleSchema } from '../schemas/cart.js';
import { userAnswer } from './accounts.schemas.js';
import { productAnswer } from './catalog.schemas.js';

/** The customer's account with `wishlist` as whole products, most recently saved first. */
export const wishlistAnswer = z.extend(userAnswer, { wishlist: z.array(productAnswer) });
export type ApiWishlist = z.output<typeof wishlistAnswer>;

/** After a toggle: the account with `wishlist` as product ids, and whether the product is now in it. */
export const wishlistToggleAnswer = z.extend(userAnswer, {
  wishlist: z.array(z.string()),
  added: z.boolean(),
});
export type ApiWishlistToggle = z.output<typeof wishlistToggleAnswer>;

export const getWishlist = { response: wishlistAnswer };
export const toggleWishlist = { body: wishlistToggleSchema, response: wishlistToggleAnswer };
