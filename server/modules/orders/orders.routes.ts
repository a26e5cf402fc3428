import type { FastifyInstance } from 'fastify';
import { createOrder } from '../../../shared/api/checkout.js';
import * as checkoutSchemas from '../../../shared/api/checkout.schemas.js';
import * as endpoints from '../../../shared/api/orders.js';
import * as schemas from '../../../shared/api/orders.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/auth.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(
  app: FastifyInstance,
  { orders, lifecycle }: { orders: OrdersService; lifecycle: OrderLifecycle },
) {
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

  registerEndpoint(app, endpoints.getMyOrder, schemas.getMyOrder, ({ params }, request) =>
    lifecycle.mine(currentUser(request).id, params.id),
  );
  // Per customer: cancelling and returning are a few clicks a day; this stops a script.
  const changeLimit = limiter(app, 'order-change', {
    max: 20,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    endpoints.cancelMyOrder,
    schemas.cancelMyOrder,
    ({ params, body }, request) => lifecycle.cancelMine(currentUser(request).id, params.id, body.reason),
    { preValidation: [changeLimit] },
  );
  registerEndpoint(
    app,
    endpoints.returnMyOrder,
    schemas.returnMyOrder,
    ({ params, body }, request) => lifecycle.returnMine(currentUser(request).id, params.id, body),
    { preValidation: [changeLimit] },
  );
}
