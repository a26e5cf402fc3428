import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/wishlist.js';
import * as schemas from '../../../shared/api/wishlist.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';
import type { WishlistService } from './wishlist.service.js';

export async function wishlistRoutes(app: FastifyInstance, { wishlist }: { wishlist: WishlistService }) {
  registerEndpoint(app, endpoints.getWishlist, schemas.getWishlist, (_input, request) =>
    wishlist.get(currentUser(request).id),
  );
  registerEndpoint(app, endpoints.toggleWishlist, schemas.toggleWishlist, ({ body }, request) =>
    wishlist.toggle(currentUser(request).id, body.prodId),
  );
}
