import type { FastifyInstance } from 'fastify';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/auth.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  app.addHook('preHandler', app.requireAuth);
  // Per customer: retries after a payment are a handful; this only stops a flood.
  const createLimit = limiter(app, 'create-order', {
    max: 30,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  app.post('/user/cart/create-order', { preHandler: createLimit }, async (request) =>
    orders.create(currentUser(request).id, request.body),
  );
  app.get('/user/getmyorders', async (request) => orders.listMine(currentUser(request).id));
}
