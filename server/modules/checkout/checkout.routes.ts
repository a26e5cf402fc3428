import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/checkout.js';
import * as schemas from '../../../shared/api/checkout.schemas.js';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';
import type { CheckoutService } from './checkout.service.js';

/**
 * Checkout: quote, start, verify the payment; and cash on delivery, whose order is placed at once
 * by a flow the composition root hands in (server/flows/place-cod-order.ts).
 */
export async function checkoutRoutes(
  app: FastifyInstance,
  {
    checkout,
    codPlacement,
  }: {
    checkout: CheckoutService;
    codPlacement: { place(userId: string, input: schemas.CashOnDeliveryInput): Promise<ApiMyOrder> };
  },
) {
  // Per customer, well above what a shopper retrying a payment ever sends (the original client
  // starts two checkouts per click); a bot starting checkouts to hold stock meets it quickly.
  const byCustomer = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
  const startLimit = limiter(app, 'checkout-start', { max: 20, minutes: 15, key: byCustomer });
  const verifyLimit = limiter(app, 'checkout-verify', { max: 30, minutes: 15, key: byCustomer });
  // The cart page asks on every change; the limit is there so coupon codes cannot be guessed.
  const quoteLimit = limiter(app, 'checkout-quote', { max: 120, minutes: 15, key: byCustomer });
  registerEndpoint(
    app,
    endpoints.quoteCheckout,
    schemas.quoteCheckout,
    ({ body }, request) => checkout.quote(currentUser(request).id, body),
    { preValidation: [quoteLimit] },
  );
  registerEndpoint(
    app,
    endpoints.startCheckout,
    schemas.startCheckout,
    ({ body }, request) => checkout.start(currentUser(request).id, body),
    { preValidation: [startLimit] },
  );
  registerEndpoint(
    app,
    endpoints.verifyPayment,
    schemas.verifyPayment,
    ({ body }, request) => checkout.verify(currentUser(request).id, body),
    { preValidation: [verifyLimit] },
  );
  // Placing cash on delivery holds stock with no payment, so it is limited as tightly as starting a
  // checkout.
  const codLimit = limiter(app, 'cod-order', { max: 10, minutes: 15, key: byCustomer });
  registerEndpoint(
    app,
    endpoints.placeCashOnDeliveryOrder,
    schemas.placeCashOnDeliveryOrder,
    async ({ body }, request) => ({
      success: true,
      order: await codPlacement.place(currentUser(request).id, body),
    }),
    { preValidation: [codLimit] },
  );
}
