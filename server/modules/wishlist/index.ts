/** The wishlist module's door: what other modules, flows and the app may use of it. */
export { removeWishlistOf, wishlistedSince } from './wishlist.repository.js';
export { wishlistRoutes } from './wishlist.routes.js';
export type { WishlistService } from './wishlist.service.js';
export { createWishlistService } from './wishlist.service.js';
