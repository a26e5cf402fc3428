import type { FastifyInstance, FastifyReply } from 'fastify';
import * as endpoints from '../../../shared/api/tax-documents.js';
import * as schemas from '../../../shared/api/tax-documents.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { currentUser } from '../accounts/index.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';
import type { PdfFile } from './tax-documents.service.js';

/** Sends a file as a download; its answer schema (a string) documents it and is not applied to it. */
function download(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store');
  return reply.send(body) as unknown as string;
}

const sendPdf = (reply: FastifyReply, file: PdfFile) =>
  download(reply, 'application/pdf', file.fileName, file.pdf);

/** Tax invoices and credit notes (customers and staff) and the monthly GST report (staff). */
export async function taxDocumentsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const documents = services.taxDocuments;
  // A PDF is drawn on each request: a customer re-downloading is a handful, this stops a script.
  const customerLimit = limiter(app, 'tax-documents', {
    max: 60,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  registerEndpoint(
    app,
    endpoints.myInvoice,
    schemas.myInvoice,
    async ({ params }, request, reply) =>
      sendPdf(
        reply,
        await documents.invoice({ kind: 'customer', userId: currentUser(request).id }, params.id),
      ),
    { preValidation: [customerLimit] },
  );
  registerEndpoint(
    app,
    endpoints.myCreditNote,
    schemas.myCreditNote,
    async ({ params }, request, reply) =>
      sendPdf(
        reply,
        await documents.creditNote(
          { kind: 'customer', userId: currentUser(request).id },
          params.id,
          params.noteId,
        ),
      ),
    { preValidation: [customerLimit] },
  );
  registerEndpoint(app, endpoints.adminInvoice, schemas.adminInvoice, async ({ params }, _request, reply) =>
    sendPdf(reply, await documents.invoice({ kind: 'staff' }, params.id)),
  );
  registerEndpoint(
    app,
    endpoints.adminCreditNote,
    schemas.adminCreditNote,
    async ({ params }, _request, reply) =>
      sendPdf(reply, await documents.creditNote({ kind: 'staff' }, params.id, params.noteId)),
  );

  registerEndpoint(app, endpoints.gstSummary, schemas.gstSummary, ({ query }, request) =>
    services.gstReport.summary(currentStaff(request), query.month),
  );
  registerEndpoint(app, endpoints.gstReportCsv, schemas.gstReportCsv, async ({ query }, request, reply) => {
    const { fileName, csv } = await services.gstReport.csv(currentStaff(request), query.month);
    return download(reply, 'text/csv; charset=utf-8', fileName, csv);
  });
}
