/** The restock-alerts module's door ("Notify me" when a sold-out product or size is back; decision 056). */
// Erasure (server/flows/erase-account.ts): the customer's requests go with the account.
export { removeRequestsOf as removeRestockRequestsOf } from './restock-alerts.repository.js';
export { restockAdminRoutes, restockAlertsRoutes } from './restock-alerts.routes.js';
export type { RestockAlerts } from './restock-alerts.service.js';
export { createRestockAlerts, restockRequestsOfCustomer } from './restock-alerts.service.js';
export type { RestockPassResult } from './restock-pass.js';
export { startRestockWorker } from './restock-worker.js';
