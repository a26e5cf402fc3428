import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/shipments.js';
import * as schemas from '../../../shared/api/shipments.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { CourierProvider } from './courier-provider.js';
import type { TestCourierProvider } from './test-courier/test-courier-provider.js';

export type WebhookOutcome = 'processed' | 'duplicate' | 'unknown-shipment' | 'ignored';

/** The tracking flow (server/flows/track-shipment.ts), which a webhook hands its scan to. */
type Tracking = {
  handleWebhook(
    raw: Buffer,
    headers: Record<string, string | undefined>,
  ): Promise<WebhookOutcome | 'invalid'>;
};

const headersOf = (raw: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(raw).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );

/**
 * `POST /api/shipping/webhooks/<provider>`: the active courier provider's tracking webhook (or one of
 * its aliases). The body is kept as raw bytes (the signature covers exactly what was sent); another
 * provider's name is a 404.
 */
export async function courierWebhookRoutes(
  app: FastifyInstance,
  { courier, tracking }: { courier: CourierProvider; tracking: Tracking },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  registerEndpoint(app, endpoints.courierWebhook, schemas.courierWebhook, async ({ params }, request) => {
    if (params.provider !== courier.name && !courier.webhookAliases?.includes(params.provider))
      throw notFound(`No courier provider called ${params.provider} is in use.`);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await tracking.handleWebhook(raw, headersOf(request.headers));
    if (outcome === 'invalid') throw badRequest('Invalid webhook signature.');
    return { status: outcome };
  });
}

/**
 * The test courier's side: what a real courier's scanners would report. Registered only while the
 * test courier is the provider; each event is sent at once to the shop's webhook, signed.
 */
export async function testCourierRoutes(
  app: FastifyInstance,
  { testCourier }: { testCourier: TestCourierProvider },
) {
  registerEndpoint(app, endpoints.testCourierEvent, schemas.testCourierEvent, async ({ params, body }) => {
    const signed = testCourier.signedEvent(params.awb, body);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/shipping/webhooks/${testCourier.name}`,
      headers: signed.headers,
      payload: signed.body,
    });
    if (answer.statusCode !== 200) throw badRequest(`The shop refused the event: ${answer.json().message}`);
    const status = answer.json().status as WebhookOutcome;
    if (status === 'unknown-shipment') throw notFound(`No parcel has the AWB ${params.awb}.`);
    if (status === 'ignored') throw badRequest(`The shop ignored the ${body.status} scan.`);
    return { eventId: signed.eventId, status };
  });
}
