import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import type { PaymentProvider } from './payment-provider.js';
import type { PaymentSettlement } from './payment-settlement.js';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Webhook endpoints. The body is kept as raw bytes: the signature covers exactly what was sent,
 * and re-serialised JSON would not match.
 */
export async function paymentWebhookRoutes(
  app: FastifyInstance,
  { provider, settlement }: { provider: PaymentProvider; settlement: PaymentSettlement },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(`/payments/${provider.name}/webhook`, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await settlement.handleWebhook(
      raw,
      header(request, 'x-razorpay-signature'),
      header(request, 'x-razorpay-event-id'),
    );
    if (outcome === 'invalid') throw badRequest('Invalid webhook signature.');
    return reply.send({ status: outcome });
  });
}
