import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/payments.js';
import * as schemas from '../../../shared/api/payments.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { badRequest } from '../../lib/errors.js';
import type { PaymentProvider, ProviderName } from './payment-provider.js';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** `POST /api/payments/<provider>/webhook`, for whichever provider is active. */
const webhookEndpoints: Record<ProviderName, typeof endpoints.razorpayWebhook> = {
  razorpay: endpoints.razorpayWebhook,
  'test-gateway': endpoints.testGatewayWebhook,
};

/**
 * Webhook endpoints. The body is kept as raw bytes: the signature covers exactly what was sent,
 * and re-serialised JSON would not match. So the body has no schema; the answer has one.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  {
    provider,
    settlement,
  }: {
    provider: PaymentProvider;
    /** The settlement flow (server/flows/settle-payment.ts), which a webhook hands its event to. */
    settlement: {
      handleWebhook(
        rawBody: Buffer,
        signature?: string,
        eventId?: string,
      ): Promise<'invalid' | 'duplicate' | 'processed'>;
    };
  },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  registerEndpoint(app, webhookEndpoints[provider.name], schemas.webhook, async (_input, request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await settlement.handleWebhook(
      raw,
      header(request, 'x-razorpay-signature'),
      header(request, 'x-razorpay-event-id'),
    );
    if (outcome === 'invalid') throw badRequest('Invalid webhook signature.');
    return { status: outcome };
  });
}
