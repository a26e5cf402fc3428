import { endpoint } from './endpoint.js';
import type * as schemas from './payments.schemas.js';

const webhookDescription =
  'Called by the provider. The body is read as raw bytes (any content type, up to 256 KiB) and not ' +
  'validated as JSON here: `X-Razorpay-Signature` must be the HMAC-SHA256 of exactly those bytes with ' +
  'the webhook secret, else 400 and nothing changes. Deduplicated on `X-Razorpay-Event-Id`. ' +
  'Payment events place the order if the browser never came back.';

/** `POST /api/payments/<provider>/webhook`: only the active provider's is served. */
export const razorpayWebhook = endpoint<typeof schemas.webhook>({
  method: 'POST',
  path: '/api/payments/razorpay/webhook',
  access: 'public',
  tag: 'Payments',
  summary: 'Razorpay webhook',
  description: webhookDescription,
  errors: [400],
});

export const testGatewayWebhook = endpoint<typeof schemas.webhook>({
  method: 'POST',
  path: '/api/payments/test-gateway/webhook',
  access: 'public',
  tag: 'Payments',
  summary: 'Test gateway webhook',
  description: `${webhookDescription} Served while the built-in test gateway is the provider.`,
  errors: [400],
});

export const testGatewayPay = endpoint<typeof schemas.testGatewayPay>({
  method: 'POST',
  path: '/api/payments/test-gateway/orders/:orderId/pay',
  access: 'public',
  tag: 'Payments',
  summary: 'Test gateway: approve a payment',
  description:
    "What the test gateway's payment sheet (/pay/checkout.js) calls; no money moves. Answers the handler's signed fields and sends the webhook a little later.",
  errors: [400, 404],
});

export const testGatewayFail = endpoint<typeof schemas.testGatewayFail>({
  method: 'POST',
  path: '/api/payments/test-gateway/orders/:orderId/fail',
  access: 'public',
  tag: 'Payments',
  summary: 'Test gateway: decline a payment',
  description:
    "What the test gateway's payment sheet calls for a declined payment; answers Razorpay's error shape.",
  errors: [400, 404],
});
