import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/auth.js';
import type { WishlistService } from './wishlist.service.js';

export async function wishlistRoutes(app: FastifyInstance, { wishlist }: { wishlist: WishlistService }) {
  app.addHook('preHandler', app.requireAuth);
  app.get('/user/wishlist', async (request) => wishlist.get(currentUser(request).id));
  app.put('/product/wishlist', async (request) => wishlist.toggle(currentUser(request).id, request.body));
}
