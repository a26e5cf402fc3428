import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/messages.js';
import * as schemas from '../../../shared/api/messages.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { currentStaff } from '../staff/index.js';
import type { Messaging } from './messaging.js';
import { sameSecret, whatsappSignatureValid } from './webhooks.js';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The body as JSON, or undefined: a verified body that is not JSON is acknowledged and ignored. */
function jsonOf(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The providers' webhooks. Bodies are kept as raw bytes: WhatsApp's signature covers exactly what
 * was sent, and re-serialised JSON would not match (as the payment and courier webhooks do).
 */
export async function messageWebhookRoutes(app: FastifyInstance, { messaging }: { messaging: Messaging }) {
  const { whatsapp, msg91 } = messaging.webhooks;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  const rawOf = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));

  registerEndpoint(
    app,
    endpoints.whatsappWebhookVerify,
    schemas.whatsappWebhookVerify,
    async ({ query }, _r, reply) => {
      const token = query['hub.verify_token'] ?? '';
      if (
        query['hub.mode'] !== 'subscribe' ||
        !whatsapp.verifyToken ||
        !sameSecret(token, whatsapp.verifyToken)
      )
        throw new AppError(403, 'The verify token does not match WHATSAPP_VERIFY_TOKEN.');
      reply.type('text/plain; charset=utf-8');
      return reply.send(query['hub.challenge'] ?? '') as unknown as string;
    },
  );

  registerEndpoint(app, endpoints.whatsappWebhook, schemas.whatsappWebhook, async (_input, request) => {
    const raw = rawOf(request);
    if (!whatsappSignatureValid(raw, header(request, 'x-hub-signature-256'), whatsapp.appSecret))
      throw unauthorized('Invalid webhook signature.');
    return { status: 'processed' as const, ...(await whatsapp.handle(jsonOf(raw))) };
  });

  registerEndpoint(app, endpoints.msg91Webhook, schemas.msg91Webhook, async ({ query }, request) => {
    const given = header(request, 'x-webhook-secret') ?? query.secret ?? '';
    if (!msg91.secret || !sameSecret(given, msg91.secret)) throw unauthorized('Invalid webhook secret.');
    return { status: 'processed' as const, ...(await msg91.handle(jsonOf(rawOf(request)))) };
  });
}

/** The console's read-only list of SMS and WhatsApp messages. */
export async function messagesAdminRoutes(app: FastifyInstance, { messaging }: { messaging: Messaging }) {
  registerEndpoint(app, endpoints.adminMessages, schemas.adminMessages, ({ query }, request) =>
    messaging.admin.list(currentStaff(request), query),
  );
}
