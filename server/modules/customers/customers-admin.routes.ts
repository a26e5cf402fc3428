import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/customers-admin.js';
import * as schemas from '../../../shared/api/customers-admin.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** Customers for staff (shared/api/customers-admin.ts). */
export async function customersAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const customers = services.customersAdmin;
  registerEndpoint(app, endpoints.legacyListCustomers, schemas.legacyListCustomers, (_input, request) =>
    customers.legacyList(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.blockCustomer, schemas.blockCustomer, ({ params }, request) =>
    customers.block(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.unblockCustomer, schemas.unblockCustomer, ({ params }, request) =>
    customers.unblock(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.listAdminCustomers, schemas.listAdminCustomers, ({ query }, request) =>
    customers.list(currentStaff(request), query),
  );
  registerEndpoint(app, endpoints.getAdminCustomer, schemas.getAdminCustomer, ({ params }, request) =>
    customers.get(currentStaff(request), params.id),
  );
}
