import * as z from 'zod/mini';

/** The payment methods the test gateway's sheet offers. */
export const TEST_METHODS = ['card', 'upi', 'netbanking'] as const;
export type TestMethod = (typeof TEST_METHODS)[number];

/**
 * A webhook's body is not described here: it is read as raw bytes, because the signature covers
 * exactly what was sent (re-serialised JSON would not match).
 */
export const webhook = {
  response: z.object({ status: z.enum(['processed', 'duplicate']) }),
};

/** The fields Standard Checkout hands to the page's `handler` after a payment. */
export const checkoutHandlerAnswer = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutHandlerFields = z.output<typeof checkoutHandlerAnswer>;

const testPayment = {
  params: z.object({ orderId: z.string() }),
  body: z.object({ method: z._default(z.enum(TEST_METHODS), 'card') }),
};

export const testGatewayPay = { ...testPayment, response: checkoutHandlerAnswer };

/** Razorpay's `payment.failed` description of a declined payment. */
export const testGatewayFail = {
  ...testPayment,
  response: z.object({
    error: z.object({
      code: z.string(),
      description: z.string(),
      source: z.string(),
      step: z.string(),
      reason: z.string(),
      metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
    }),
  }),
};
