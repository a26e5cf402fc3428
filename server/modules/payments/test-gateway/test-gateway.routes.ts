import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../../shared/api/payments.js';
import * as schemas from '../../../../shared/api/payments.schemas.js';
import { registerEndpoint } from '../../../lib/endpoints.js';
import { notFound } from '../../../lib/errors.js';
import { allowCrossOrigin } from '../../../plugins/cors.js';
import { PaymentProviderError, type ProviderPayment } from '../payment-provider.js';
import type { TestGatewayProvider } from './test-gateway-provider.js';

const assetsDir = path.dirname(new URL(import.meta.url).pathname);

/**
 * The test gateway's "shopper side": what Razorpay's checkout would do in its own window. Only
 * registered while the test gateway is the active provider.
 */
export async function testGatewayRoutes(
  app: FastifyInstance,
  { gateway, webhookDelayMs }: { gateway: TestGatewayProvider; webhookDelayMs: number },
) {
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });

  /** Like Razorpay: the shop hears about the payment by webhook too, a little later. */
  function scheduleWebhook(event: string, payment: ProviderPayment) {
    const raw = Buffer.from(
      JSON.stringify({
        entity: 'event',
        event,
        payload: { payment: { entity: payment } },
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      app
        .inject({
          method: 'POST',
          url: '/api/payments/test-gateway/webhook',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': gateway.signWebhook(raw),
            'x-razorpay-event-id': `evt_${payment.id}_${event}`,
          },
          payload: raw,
        })
        .catch((error) => app.log.warn({ err: error }, 'test gateway webhook delivery failed'));
    }, webhookDelayMs);
    timers.add(timer);
  }

  /**
   * Refunds are reported by webhook too (`refund.processed` or `refund.failed`, with the payment),
   * a little later; a pending refund reaches its scripted end only then, as Razorpay settles one
   * days after the request.
   */
  function scheduleRefundWebhook(refundId: string) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      gateway
        .refundWebhook(refundId)
        .then((webhook) =>
          webhook
            ? app.inject({
                method: 'POST',
                url: '/api/payments/test-gateway/webhook',
                headers: webhook.headers,
                payload: webhook.body,
              })
            : undefined,
        )
        .catch((error) => app.log.warn({ err: error }, 'test gateway refund webhook delivery failed'));
    }, webhookDelayMs);
    timers.add(timer);
  }
  const stopListening = gateway.onRefund(scheduleRefundWebhook);
  app.addHook('onClose', async () => {
    stopListening();
  });
  // Refunds left pending by a stopped (or killed) server are settled and reported after a restart.
  app.addHook('onReady', async () => {
    for (const refundId of await gateway.pendingRefundIds()) scheduleRefundWebhook(refundId);
  });

  const asProviderError = (error: unknown): never => {
    if (error instanceof PaymentProviderError) throw notFound(error.message);
    throw error;
  };

  registerEndpoint(app, endpoints.testGatewayPay, schemas.testGatewayPay, async ({ params, body }) => {
    const { fields, payment } = await gateway.approve(params.orderId, body.method).catch(asProviderError);
    scheduleWebhook('payment.authorized', payment);
    return fields;
  });

  registerEndpoint(app, endpoints.testGatewayFail, schemas.testGatewayFail, async ({ params, body }) => {
    const payment = await gateway.decline(params.orderId, body.method).catch(asProviderError);
    scheduleWebhook('payment.failed', payment);
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment was declined by the bank (test gateway).',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { order_id: params.orderId, payment_id: payment.id },
      },
    };
  });
}

/**
 * GET /pay/checkout.js and /pay/checkout.css (registered under the /pay prefix): the Standard
 * Checkout stand-in for the browser. Pages on other origins load them too (the original storefront
 * client, CORS_ORIGINS), as they would Razorpay's script from its CDN: so they are marked
 * `Cross-Origin-Resource-Policy: cross-origin` (helmet's same-origin default would make the
 * browser refuse them) and answer CORS for the allowed origins.
 */
export async function testGatewayAssetRoutes(
  app: FastifyInstance,
  { corsOrigins }: { corsOrigins: readonly string[] },
) {
  const [script, style] = await Promise.all([
    readFile(path.join(assetsDir, 'checkout-sheet.js'), 'utf8'),
    readFile(path.join(assetsDir, 'checkout-sheet.css'), 'utf8'),
  ]);
  await allowCrossOrigin(app, corsOrigins, ['GET']);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  app.get('/checkout.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(script),
  );
  app.get('/checkout.css', async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(style),
  );
}
