import type { FastifyInstance, FastifyReply } from 'fastify';
import * as endpoints from '../../../shared/api/shipments.js';
import * as schemas from '../../../shared/api/shipments.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer) => {
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  return reply.send(pdf) as unknown as string;
};

/**
 * The console's shipments: book a parcel ("Ship"), quote, list, cancel, print labels, the queue of
 * failed deliveries, and receive back parcels returned to origin. Each crosses orders and shipments,
 * so each calls the flow the composition root hands over (server/flows/ship-order.ts,
 * answer-failed-delivery.ts, receive-rto.ts).
 */
export async function shipmentsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const shipping = services.orderShipping;

  registerEndpoint(app, endpoints.createShipment, schemas.createShipment, async ({ params, body }, request) =>
    shipping.ship(currentStaff(request), params.id, { lines: body?.lines, courier: body?.courier }),
  );
  registerEndpoint(app, endpoints.shipOrders, schemas.shipOrders, async ({ body }, request) =>
    shipping.shipMany(currentStaff(request), body.orderIds),
  );
  registerEndpoint(app, endpoints.quoteShipment, schemas.quoteShipment, async ({ params, body }) =>
    shipping.quote(params.id, body?.lines),
  );
  registerEndpoint(app, endpoints.orderShipments, schemas.orderShipments, async ({ params }) => ({
    shipments: await shipping.shipmentsOf(params.id),
  }));
  registerEndpoint(app, endpoints.cancelShipment, schemas.cancelShipment, async ({ params, body }, request) =>
    shipping.cancel(currentStaff(request), params.id, body?.reason),
  );
  registerEndpoint(app, endpoints.receiveRto, schemas.receiveRto, async ({ params, body }, request) =>
    services.rtoReceiving.receive(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.rtoParcels, schemas.rtoParcels, async () =>
    services.rtoReceiving.returning(),
  );
  registerEndpoint(
    app,
    endpoints.shipmentLabel,
    schemas.shipmentLabel,
    async ({ params }, _request, reply) => {
      const { fileName, pdf } = await shipping.labels([params.id]);
      return sendPdf(reply, fileName, pdf);
    },
  );
  registerEndpoint(app, endpoints.failedDeliveryQueue, schemas.failedDeliveryQueue, () =>
    services.failedDeliveries.queue(),
  );
  registerEndpoint(
    app,
    endpoints.actOnFailedDelivery,
    schemas.actOnFailedDelivery,
    ({ params, body }, request) => services.failedDeliveries.act(currentStaff(request), params.id, body),
  );
  registerEndpoint(
    app,
    endpoints.shipmentLabels,
    schemas.shipmentLabels,
    async ({ body }, _request, reply) => {
      const { fileName, pdf } = await shipping.labels(body.ids);
      return sendPdf(reply, fileName, pdf);
    },
  );
}
