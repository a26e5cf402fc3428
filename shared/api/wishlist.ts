import { endpoint } from './endpoint.js';
import type * as schemas from './wishlist.schemas.js';

export const getWishlist = endpoint<typeof schemas.getWishlist>({
  method: 'GET',
  path: '/api/user/wishlist',
  access: 'customer',
  tag: 'Wishlist',
  summary: 'Read the wishlist',
  description: 'The account, with `wishlist` as whole products, most recently saved first.',
  errors: [404],
});

export const toggleWishlist = endpoint<typeof schemas.toggleWishlist>({
  method: 'PUT',
  path: '/api/product/wishlist',
  access: 'customer',
  tag: 'Wishlist',
  summary: 'Add a product to the wishlist, or take it out',
  description:
    'Adds the product (by id or slug) when it is not in the wishlist, removes it when it is. Answers the account with `wishlist` as product ids and `added`.',
  errors: [400, 404],
});
