import type { FastifyInstance } from 'fastify';
import { createOrder, placeCashOnDeliveryOrder } from '../../../shared/api/checkout.js';
import * as checkoutSchemas from '../../../shared/api/checkout.schemas.js';
import * as endpoints from '../../../shared/api/orders.js';
import * as schemas from '../../../shared/api/orders.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';
import type { CashOnDelivery } from './cash-on-delivery.service.js';
import type { OrderLifecycle } from './order-lifecycle.service.js';
import type { OrdersService } from './orders.service.js';

export async function ordersRoutes(
  app: FastifyInstance,
  {
    orders,
    lifecycle,
    cashOnDelivery,
  }: { orders: OrdersService; lifecycle: OrderLifecycle; cashOnDelivery: CashOnDelivery },
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
  // Cash on delivery (issue 15): placing holds stock with no payment, so it is limited as tightly
  // as starting a checkout; codes are tried a few times per order, and sent at most once a minute.
  const codLimit = limiter(app, 'cod-order', {
    max: 10,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  const codeLimit = limiter(app, 'cod-code', {
    max: 20,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    placeCashOnDeliveryOrder,
    checkoutSchemas.placeCashOnDeliveryOrder,
    async ({ body }, request) => ({
      success: true,
      order: await cashOnDelivery.place(currentUser(request).id, body),
    }),
    { preValidation: [codLimit] },
  );
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
