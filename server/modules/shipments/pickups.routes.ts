import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/pickups.js';
import * as schemas from '../../../shared/api/pickups.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * The console's pickups: the parcels waiting, a pickup asked for on a day, its manifest. Each crosses
 * shipments and orders, so each calls the flows the composition root hands over
 * (server/flows/schedule-pickup.ts, print-pickup-manifest.ts).
 */
export async function pickupsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { pickups } = services;

  registerEndpoint(app, endpoints.pickups, schemas.pickups, async () => pickups.overview());
  registerEndpoint(app, endpoints.requestPickup, schemas.requestPickup, async ({ body }, request) =>
    pickups.request(currentStaff(request), body),
  );
  registerEndpoint(
    app,
    endpoints.pickupManifest,
    schemas.pickupManifest,
    async ({ params }, _request, reply) => {
      const { fileName, pdf } = await pickups.manifest(params.id);
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(pdf) as unknown as string;
    },
  );
}
