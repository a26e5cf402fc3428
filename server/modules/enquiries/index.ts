/** The enquiries module's door: what other modules, flows and the app may use of it. */
export { enquiriesOfCustomer, eraseEnquiriesOfCustomer } from './customer-enquiries.js';
export { enquiriesRoutes } from './enquiries.routes.js';
export { createEnquiriesService } from './enquiries.service.js';
export { enquiriesAdminRoutes } from './enquiries-admin.routes.js';
export { createEnquiriesAdminService } from './enquiries-admin.service.js';
export { grievancesRoutes } from './grievances.routes.js';
export { createGrievancesService } from './grievances.service.js';
export { countOverdueRequests, countWaitingEnquiries } from './inbox.js';
