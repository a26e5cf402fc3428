import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/auth.js';
import type { CartService } from './cart.service.js';

/**
 * The spec's cart calls, verbs included: updating a quantity really is
 * DELETE user/update-product-cart/{id}/{quantity}, as the original clients send it.
 */
export async function cartRoutes(app: FastifyInstance, { cart }: { cart: CartService }) {
  app.addHook('preHandler', app.requireAuth);

  app.post('/user/cart', async (request, reply) =>
    reply.status(201).send(await cart.add(currentUser(request).id, request.body)),
  );

  app.get('/user/cart', async (request) => cart.list(currentUser(request).id));

  app.delete<{ Params: { id: string } }>('/user/delete-product-cart/:id', async (request) =>
    cart.remove(currentUser(request).id, request.params.id),
  );

  app.delete<{ Params: { id: string; quantity: string } }>(
    '/user/update-product-cart/:id/:quantity',
    async (request) =>
      cart.updateQuantity(currentUser(request).id, request.params.id, request.params.quantity),
  );

  app.delete('/user/empty-cart', async (request) => cart.empty(currentUser(request).id));
}
