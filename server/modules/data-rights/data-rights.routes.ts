import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/data-rights.js';
import * as schemas from '../../../shared/api/data-rights.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/auth.js';
import type { DataExport } from './data-export.service.js';

/** The customer's own data (shared/api/data-rights.ts): downloads, limited per account. */
export async function dataRightsRoutes(app: FastifyInstance, { dataExport }: { dataExport: DataExport }) {
  const exportLimit = limiter(app, 'data-export', {
    max: 10,
    minutes: 60,
    key: (request) => currentUser(request).id,
  });
  const day = () => new Date().toISOString().slice(0, 10);

  registerEndpoint(
    app,
    endpoints.exportMyData,
    schemas.exportMyData,
    async (_input, request, reply) => {
      reply
        .header('content-disposition', `attachment; filename="my-data-${day()}.json"`)
        .header('cache-control', 'no-store');
      return dataExport.exportFor(currentUser(request).id);
    },
    { preHandler: [exportLimit] },
  );
  registerEndpoint(
    app,
    endpoints.exportMyOrdersCsv,
    schemas.exportMyOrdersCsv,
    async (_input, request, reply) => {
      const csv = await dataExport.ordersCsv(currentUser(request).id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-orders-${day()}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csv) as unknown as string;
    },
    { preHandler: [exportLimit] },
  );
}
