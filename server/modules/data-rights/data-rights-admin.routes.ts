import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/customers-admin.js';
import * as schemas from '../../../shared/api/customers-admin.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** Staff erasing a customer's personal data on request (shared/api/customers-admin.ts eraseCustomer). */
export async function dataRightsAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  registerEndpoint(app, endpoints.eraseCustomer, schemas.eraseCustomer, ({ params, body }, request) =>
    services.accountErasure.eraseByStaff(currentStaff(request), params.id, body.reason),
  );
}
