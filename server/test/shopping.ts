import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { signUp } from './customers.js';

export type Customer = Awaited<ReturnType<typeof signUp>>;
export type GatewayFields = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

export const testAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  address: '12, 4th Cross, Indiranagar',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  pincode: '560038',
};

/** A shopper's checkout calls through the public API, paying with the built-in test gateway. */
export function shoppingCalls(app: () => FastifyInstance) {
  const api = (
    customer: Customer | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app().inject({ method, url, headers: customer?.headers ?? {}, ...(payload ? { payload } : {}) });

  return {
    api,

    async addToCart(customer: Customer, productId: string, colorId: string, quantity: number) {
      const response = await api(customer, 'POST', '/api/user/cart', { productId, color: colorId, quantity });
      expect(response.statusCode, response.body).toBe(201);
    },

    startCheckout: (customer: Customer, payload: object = { amount: 1 }) =>
      api(customer, 'POST', '/api/user/order/checkout', payload),

    async payWithGateway(orderId: string): Promise<GatewayFields> {
      const response = await app().inject({
        method: 'POST',
        url: `/api/payments/test-gateway/orders/${orderId}/pay`,
        payload: { method: 'upi' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },

    verify: (
      customer: Customer,
      fields: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature?: string },
    ) =>
      api(customer, 'POST', '/api/user/order/paymentVerification', {
        orderCreationId: fields.razorpay_order_id,
        razorpayOrderId: fields.razorpay_order_id,
        razorpayPaymentId: fields.razorpay_payment_id,
        ...(fields.razorpay_signature !== undefined ? { razorpaySignature: fields.razorpay_signature } : {}),
      }),

    /** The test gateway's webhook for a payment as the gateway now reports it, signed as it signs. */
    async deliverGatewayWebhook(event: 'payment.authorized' | 'payment.failed', paymentId: string) {
      const payment = await app().services.provider.fetchPayment(paymentId);
      const raw = Buffer.from(JSON.stringify({ event, payload: { payment: { entity: payment } } }));
      const response = await app().inject({
        method: 'POST',
        url: '/api/payments/test-gateway/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': app().services.testGateway!.signWebhook(raw),
          'x-razorpay-event-id': `evt_${paymentId}_${event}`,
        },
        payload: raw,
      });
      expect(response.json()).toEqual({ status: 'processed' });
    },

    /**
     * A whole purchase through the test gateway: the lines into the cart, checkout, pay, verify,
     * create the order (with `extra` in its body, e.g. a `shippingInfo`). Answers the order's id.
     */
    async buy(
      customer: Customer,
      lines: { id: string; colorId: string; quantity: number }[],
      extra: object = {},
    ): Promise<string> {
      for (const line of lines) await this.addToCart(customer, line.id, line.colorId, line.quantity);
      const started = await this.startCheckout(customer);
      expect(started.statusCode, started.body).toBe(200);
      const fields = await this.payWithGateway(started.json().order.id);
      expect((await this.verify(customer, fields)).statusCode).toBe(200);
      const created = await this.createOrder(customer, fields, extra);
      expect(created.statusCode, created.body).toBe(200);
      return created.json().order._id as string;
    },

    createOrder: (
      customer: Customer,
      fields: { razorpay_payment_id: string; razorpay_order_id: string },
      extra: object = {},
    ) =>
      api(customer, 'POST', '/api/user/cart/create-order', {
        shippingInfo: testAddress,
        paymentInfo: {
          razorpayOrderId: fields.razorpay_order_id,
          razorpayPaymentId: fields.razorpay_payment_id,
        },
        ...extra,
      }),
  };
}
