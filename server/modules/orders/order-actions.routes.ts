import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/order-actions.js';
import * as schemas from '../../../shared/api/order-actions.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * Staff actions on an order (shared/api/order-actions.ts): each runs through the order lifecycle,
 * then answers the order as the console's order page reads it.
 */
export async function orderActionsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const lifecycle = services.orderLifecycle;
  const orders = services.ordersAdmin;

  registerEndpoint(app, endpoints.packOrder, schemas.packOrder, async ({ params, body }, request) => {
    await lifecycle.pack(currentStaff(request), params.id, body.note);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.shipOrder, schemas.shipOrder, async ({ params, body }, request) => {
    await lifecycle.ship(currentStaff(request), params.id, body);
    return orders.get(params.id);
  });
  registerEndpoint(
    app,
    endpoints.markOutForDelivery,
    schemas.markOutForDelivery,
    async ({ params, body }, request) => {
      await lifecycle.outForDelivery(currentStaff(request), params.id, body?.note);
      return orders.get(params.id);
    },
  );
  registerEndpoint(app, endpoints.markDelivered, schemas.markDelivered, async ({ params, body }, request) => {
    await lifecycle.deliver(currentStaff(request), params.id, body?.note);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.collectCash, schemas.collectCash, async ({ params, body }, request) => {
    await lifecycle.collectCash(currentStaff(request), params.id, body?.note);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.cancelOrder, schemas.cancelOrder, async ({ params, body }, request) => {
    await lifecycle.cancel(currentStaff(request), params.id, body.reason);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.refundOrder, schemas.refundOrder, async ({ params, body }, request) => {
    await lifecycle.refund(currentStaff(request), params.id, body);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.addOrderNote, schemas.addOrderNote, async ({ params, body }, request) => {
    await lifecycle.addNote(currentStaff(request), params.id, body.note);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.approveReturn, schemas.approveReturn, async ({ params, body }, request) => {
    await lifecycle.approveReturn(currentStaff(request), params.id, params.returnId, body.note);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.rejectReturn, schemas.rejectReturn, async ({ params, body }, request) => {
    await lifecycle.rejectReturn(currentStaff(request), params.id, params.returnId, body.reason);
    return orders.get(params.id);
  });
  registerEndpoint(app, endpoints.receiveReturn, schemas.receiveReturn, async ({ params, body }, request) => {
    await lifecycle.receiveReturn(currentStaff(request), params.id, params.returnId, body);
    return orders.get(params.id);
  });
}
