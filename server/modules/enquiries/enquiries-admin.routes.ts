import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/enquiries-admin.js';
import * as schemas from '../../../shared/api/enquiries-admin.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** The enquiries inbox for staff (shared/api/enquiries-admin.ts). */
export async function enquiriesAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const enquiries = services.enquiriesAdmin;
  registerEndpoint(app, endpoints.legacyListEnquiries, schemas.legacyListEnquiries, (_input, request) =>
    enquiries.legacyList(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.legacyGetEnquiry, schemas.legacyGetEnquiry, ({ params }) =>
    enquiries.legacyGet(params.id),
  );
  registerEndpoint(
    app,
    endpoints.legacyUpdateEnquiry,
    schemas.legacyUpdateEnquiry,
    ({ params, body }, request) => enquiries.setStatus(currentStaff(request), params.id, body.status),
  );
  registerEndpoint(app, endpoints.legacyDeleteEnquiry, schemas.legacyDeleteEnquiry, ({ params }, request) =>
    enquiries.remove(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.listAdminEnquiries, schemas.listAdminEnquiries, ({ query }, request) =>
    enquiries.list(currentStaff(request), query),
  );
  registerEndpoint(app, endpoints.getAdminEnquiry, schemas.getAdminEnquiry, ({ params }) =>
    enquiries.get(params.id),
  );
  registerEndpoint(app, endpoints.addEnquiryNote, schemas.addEnquiryNote, ({ params, body }, request) =>
    enquiries.addNote(currentStaff(request), params.id, body.body),
  );
  registerEndpoint(app, endpoints.replyToEnquiry, schemas.replyToEnquiry, ({ params, body }, request) =>
    enquiries.reply(currentStaff(request), params.id, body.message),
  );
}
