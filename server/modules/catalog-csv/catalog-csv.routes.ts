import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/catalog-admin.js';
import * as schemas from '../../../shared/api/catalog-admin.schemas.js';
import { PRODUCT_CSV_MAX_BYTES } from '../../../shared/api/catalog-admin.schemas.js';
import { isTrue, readCsvUpload } from '../../lib/csv-upload.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * The console's product CSV export and import (shared/api/catalog-admin.ts). Multipart bodies
 * (the import's file) are accepted in this plugin's scope only.
 */
export async function catalogCsvRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const csv = services.catalogCsv;
  await app.register(fastifyMultipart, {
    limits: { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  // An import reads, checks and writes up to 20,000 rows: a few a minute is plenty for people.
  const importLimit = limiter(app, 'product-import', {
    max: 20,
    minutes: 10,
    key: (request) => currentStaff(request).id,
  });

  registerEndpoint(
    app,
    endpoints.exportProducts,
    schemas.exportProducts,
    async ({ query }, _request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(csv.exportCsv(query)) as unknown as string;
    },
  );
  registerEndpoint(
    app,
    endpoints.importProducts,
    schemas.importProducts,
    async ({ query }, request) => {
      const { file, dryRunField } = await readCsvUpload(request, PRODUCT_CSV_MAX_BYTES);
      const dryRun = isTrue(query.dryRun) || isTrue(dryRunField);
      return csv.importCsv(currentStaff(request), file, dryRun);
    },
    { preHandler: [importLimit] },
  );
}
