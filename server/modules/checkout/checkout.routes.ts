import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/auth.js';
import type { CheckoutService } from './checkout.service.js';

export async function checkoutRoutes(app: FastifyInstance, { checkout }: { checkout: CheckoutService }) {
  app.addHook('preHandler', app.requireAuth);
  app.post('/user/order/checkout', async (request) => checkout.start(currentUser(request).id, request.body));
  app.post('/user/order/paymentVerification', async (request) =>
    checkout.verify(currentUser(request).id, request.body),
  );
}
