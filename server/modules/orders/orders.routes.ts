import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/orders.js';
import type { ApiMyOrder, ApiOrder, CreateOrderInput } from '../../../shared/api/orders.schemas.js';
import * as schemas from '../../../shared/api/orders.schemas.js';
import type { OrderLineQuantity } from '../../db/schema.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';
import type { CashOnDelivery } from './cash-on-delivery.service.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrdersService } from './orders.service.js';

/**
 * The customer's orders. Placing one after payment crosses modules: create-order calls the flow the
 * composition root hands in (server/flows/place-order.ts).
 */
export async function ordersRoutes(
  app: FastifyInstance,
  {
    orders,
    lifecycle,
    cashOnDelivery,
    placement,
  }: {
    orders: OrdersService;
    /** The order's own changes, with the cancel and return flows (server/flows/). */
    lifecycle: Pick<OrderLifecycle, 'mine' | 'changeAddressMine'> & {
      cancelMine(userId: string, orderId: string, reason: string): Promise<ApiMyOrder>;
      returnMine(
        userId: string,
        orderId: string,
        input: { lines: OrderLineQuantity[]; reason: string },
      ): Promise<ApiMyOrder>;
    };
    cashOnDelivery: CashOnDelivery;
    placement: {
      create(userId: string, input: CreateOrderInput): Promise<{ success: boolean; order: ApiOrder }>;
    };
  },
) {
  // Per customer: retries after a payment are a handful; this only stops a flood.
  const createLimit = limiter(app, 'create-order', {
    max: 30,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    endpoints.createOrder,
    schemas.createOrder,
    ({ body }, request) => placement.create(currentUser(request).id, body),
    { preValidation: [createLimit] },
  );
  // Cash on delivery: codes are tried a few times per order, and sent at most once a minute.
  const codeLimit = limiter(app, 'cod-code', {
    max: 20,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    endpoints.confirmCashOnDelivery,
    schemas.confirmCashOnDelivery,
    ({ params, body }, request) => cashOnDelivery.confirm(currentUser(request).id, params.id, body.code),
    { preValidation: [codeLimit] },
  );
  registerEndpoint(
    app,
    endpoints.resendCashOnDeliveryCode,
    schemas.resendCashOnDeliveryCode,
    ({ params }, request) => cashOnDelivery.resend(currentUser(request).id, params.id),
    { preValidation: [codeLimit] },
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
    endpoints.changeMyOrderAddress,
    schemas.changeMyOrderAddress,
    ({ params, body }, request) =>
      lifecycle.changeAddressMine(currentUser(request).id, params.id, body.shippingInfo),
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
