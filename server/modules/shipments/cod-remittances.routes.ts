import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/cod-remittances.js';
import * as schemas from '../../../shared/api/cod-remittances.schemas.js';
import { REMITTANCE_CSV_MAX_BYTES } from '../../../shared/api/cod-remittances.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** The report's file part: its bytes and the name it was uploaded under. */
async function readReport(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the remittance report as multipart/form-data, in a part named "file".');
  }
  let report: { name: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (report) throw badRequest('Send one remittance report at a time.');
      report = { name: part.filename, bytes: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, `The file is larger than ${REMITTANCE_CSV_MAX_BYTES / 1024 / 1024} MB.`);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one remittance report at a time.');
    if (code?.startsWith('FST_')) throw badRequest('The upload could not be read. Please try again.');
    throw error;
  }
  if (!report || report.bytes.length === 0) throw badRequest('Choose the remittance report (CSV) to upload.');
  return report;
}

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
    async (_input, request) => remittances.upload(currentStaff(request), await readReport(request)),
    { preHandler: [uploadLimit] },
  );
  registerEndpoint(app, endpoints.listCodRemittances, schemas.listCodRemittances, async () =>
    remittances.list(),
  );
  registerEndpoint(app, endpoints.getCodRemittance, schemas.getCodRemittance, async ({ params }) =>
    remittances.get(params.id),
  );
}
