import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/shipments.js';
import type { ApiParcelTracking, FailedDeliveryAnswerInput } from '../../../shared/api/shipments.schemas.js';
import * as schemas from '../../../shared/api/shipments.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';

/**
 * The customer's view of their order's parcels, and their answer to a failed delivery. Whose order
 * it is belongs to orders, so the routes call the flows (server/flows/track-my-order.ts,
 * answer-failed-delivery.ts) the composition root hands over.
 */
export async function myOrderTrackingRoutes(
  app: FastifyInstance,
  options: {
    tracking: { parcelsOf(userId: string, orderId: string): Promise<ApiParcelTracking[]> };
    failedDeliveries: {
      answerMine(
        userId: string,
        orderId: string,
        input: FailedDeliveryAnswerInput,
      ): Promise<{ parcels: ApiParcelTracking[] }>;
    };
  },
) {
  registerEndpoint(app, endpoints.myOrderTracking, schemas.myOrderTracking, async ({ params }, request) => ({
    parcels: await options.tracking.parcelsOf(currentUser(request).id, params.id),
  }));
  // Per customer, as their other changes of an order: a few answers a day; this stops a script.
  const answerLimit = limiter(app, 'delivery-attempt', {
    max: 20,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    endpoints.answerFailedDelivery,
    schemas.answerFailedDelivery,
    ({ params, body }, request) =>
      options.failedDeliveries.answerMine(currentUser(request).id, params.id, body),
    { preValidation: [answerLimit] },
  );
}
