import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/cod-remittances.js';
import * as schemas from '../../../shared/api/cod-remittances.schemas.js';
import { REMITTANCE_CSV_MAX_BYTES } from '../../../shared/api/cod-remittances.schemas.js';
import { readCsvUpload } from '../../lib/csv-upload.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * COD remittance reports (shared/api/cod-remittances.ts): the upload crosses shipments and orders,
 * so it calls the remittance flow (server/flows/remit-cod.ts). Multipart bodies are accepted in this
 * plugin's scope only.
 */
export async function codRemittancesRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const remittances = services.codRemittances;
  await app.register(fastifyMultipart, {
    limits: { fileSize: REMITTANCE_CSV_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const uploadLimit = limiter(app, 'cod-remittance-upload', {
    max: 30,
    minutes: 10,
    key: (request) => currentStaff(request).id,
  });
  registerEndpoint(
    app,
    endpoints.uploadCodRemittance,
    schemas.uploadCodRemittance,
    async (_input, request) => {
      const { file, fileName } = await readCsvUpload(
        request,
        REMITTANCE_CSV_MAX_BYTES,
        'the remittance report (CSV)',
      );
      return remittances.upload(currentStaff(request), { name: fileName, bytes: file });
    },
    { preHandler: [uploadLimit] },
  );
  registerEndpoint(app, endpoints.listCodRemittances, schemas.listCodRemittances, async () =>
    remittances.list(),
  );
  registerEndpoint(app, endpoints.getCodRemittance, schemas.getCodRemittance, async ({ params }) =>
    remittances.get(params.id),
  );
}
