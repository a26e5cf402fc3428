import type { FastifyInstance } from 'fastify';
import { createOrder } from '../../../shared/api/checkout.js';
import * as checkoutSchemas from '../../../shared/api/checkout.schemas.js';
import * as endpoints from '../../../shared/api/orders.js';
import * as schemas from '../../../shared/api/orders.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/auth.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(app: FastifyInstance, { orders }: { orders: OrdersService }) {
  // Per customer: retries after a payment are a handful; this only stops a flood.
  const createLimit = limiter(app, 'create-order', {
    max: 30,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    createOrder,
    checkoutSchemas.createOrder,
    ({ body }, request) => orders.create(currentUser(request).id, body),
    { preValidation: [createLimit] },
  );
  registerEndpoint(app, endpoints.listMyOrders, schemas.listMyOrders, (_input, request) =>
    orders.listMine(currentUser(request).id),
  );
}
