import type { FastifyInstance } from 'fastify';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/auth.js';
import type { CheckoutService } from './checkout.service.js';

export async function checkoutRoutes(app: FastifyInstance, { checkout }: { checkout: CheckoutService }) {
  app.addHook('preHandler', app.requireAuth);
  // Per customer, well above what a shopper retrying a payment ever sends (the original client
  // starts two checkouts per click); a bot starting checkouts to hold stock meets it quickly.
  const byCustomer = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
  const startLimit = limiter(app, 'checkout-start', { max: 20, minutes: 15, key: byCustomer });
  const verifyLimit = limiter(app, 'checkout-verify', { max: 30, minutes: 15, key: byCustomer });
  app.post('/user/order/checkout', { preHandler: startLimit }, async (request) =>
    checkout.start(currentUser(request).id, request.body),
  );
  app.post('/user/order/paymentVerification', { preHandler: verifyLimit }, async (request) =>
    checkout.verify(currentUser(request).id, request.body),
  );
}
