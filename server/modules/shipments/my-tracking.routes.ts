import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/shipments.js';
import type { ApiParcelTracking } from '../../../shared/api/shipments.schemas.js';
import * as schemas from '../../../shared/api/shipments.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';

/**
 * The customer's view of their order's parcels. Whose order it is belongs to orders, so the route
 * calls the tracking flow (server/flows/track-my-order.ts) the composition root hands over.
 */
export async function myOrderTrackingRoutes(
  app: FastifyInstance,
  options: { tracking: { parcelsOf(userId: string, orderId: string): Promise<ApiParcelTracking[]> } },
) {
  registerEndpoint(app, endpoints.myOrderTracking, schemas.myOrderTracking, async ({ params }, request) => ({
    parcels: await options.tracking.parcelsOf(currentUser(request).id, params.id),
  }));
}
