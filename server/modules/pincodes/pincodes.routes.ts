import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/pincodes.js';
import * as schemas from '../../../shared/api/pincodes.schemas.js';
import { PINCODE_CSV_MAX_BYTES } from '../../../shared/api/pincodes.schemas.js';
import { isTrue, readCsvUpload } from '../../lib/csv-upload.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';
import { secondsUntilDatesMove } from './delivery-days.js';

/** Public answers are kept this long at most (a console import shows within it). */
const PUBLIC_CACHE_SECONDS = 600;

/**
 * The public pincode check (shared/api/pincodes.ts) and the console's pincode list, export and
 * import. Multipart bodies (the CSV import) are accepted in this plugin's scope only.
 */
export async function pincodesRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { pincodes } = services;
  await app.register(fastifyMultipart, {
    limits: { fileSize: PINCODE_CSV_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  // A shopper checks a pincode or two per product and one at checkout; many shoppers share an
  // address behind mobile carriers' NAT, so the limit is generous. It stops scraping the list one
  // pincode at a time and floods of bad requests (counted too: it runs before validation).
  const lookupLimit = limiter(app, 'pincode-lookup', { max: 300, minutes: 5 });
  // An import reads up to 2,00,000 rows: a few a minute is plenty for people.
  const importLimit = limiter(app, 'pincode-import', {
    max: 20,
    minutes: 10,
    key: (request) => currentStaff(request).id,
  });

  registerEndpoint(
    app,
    endpoints.getPincode,
    schemas.getPincode,
    async ({ params }, _request, reply) => {
      const now = Date.now();
      const answer = await pincodes.lookup(params.pin, now);
      // The same for everyone until the list changes or India's date moves on. (A request with a
      // token is answered no-store by the private-answers hook whatever this says.)
      const seconds = Math.min(PUBLIC_CACHE_SECONDS, secondsUntilDatesMove(now));
      reply.header('cache-control', `public, max-age=${seconds}`);
      return answer;
    },
    { preValidation: [lookupLimit] },
  );

  registerEndpoint(app, endpoints.pincodesTable, schemas.pincodesTable, ({ query }) => pincodes.table(query));
  registerEndpoint(
    app,
    endpoints.exportPincodes,
    schemas.exportPincodes,
    async ({ query }, _request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="pincodes-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(pincodes.exportCsv(query)) as unknown as string;
    },
  );
  registerEndpoint(
    app,
    endpoints.importPincodes,
    schemas.importPincodes,
    async ({ query }, request) => {
      const { file, dryRunField } = await readCsvUpload(request, PINCODE_CSV_MAX_BYTES);
      const dryRun = isTrue(query.dryRun) || isTrue(dryRunField);
      return pincodes.importCsv(currentStaff(request), file, dryRun);
    },
    { preHandler: [importLimit] },
  );
}
