/** The customers module's door: what other modules, flows and the app may use of it. */
export { customersAdminRoutes } from './customers-admin.routes.js';
export { createCustomersAdminService } from './customers-admin.service.js';
