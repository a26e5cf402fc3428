import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/auth.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  app.addHook('preHandler', app.requireAuth);
  app.post('/user/cart/create-order', async (request) =>
    orders.create(currentUser(request).id, request.body),
  );
  app.get('/user/getmyorders', async (request) => orders.listMine(currentUser(request).id));
}
