import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/restock-alerts.js';
import * as schemas from '../../../shared/api/restock-alerts.schemas.js';
import { requestLanguage } from '../../i18n/index.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';
import type { RestockAlerts } from './restock-alerts.service.js';

/** "Notify me" for shoppers (shared/api/restock-alerts.ts); each request is the signed-in shopper's own. */
export async function restockAlertsRoutes(
  app: FastifyInstance,
  { restockAlerts }: { restockAlerts: RestockAlerts },
) {
  registerEndpoint(app, endpoints.notifyMe, schemas.notifyMe, ({ params, body }, request) =>
    restockAlerts.request(currentUser(request).id, params.id, body, requestLanguage(request.headers)),
  );
  registerEndpoint(app, endpoints.cancelNotifyMe, schemas.cancelNotifyMe, ({ params, query }, request) =>
    restockAlerts.cancel(currentUser(request).id, params.id, query.variantId),
  );
  registerEndpoint(app, endpoints.myRestockRequests, schemas.myRestockRequests, (_input, request) =>
    restockAlerts.mine(currentUser(request).id),
  );
}

/** The console's view of who waits for what (staff with the catalogue permission). */
export async function restockAdminRoutes(
  app: FastifyInstance,
  { restockAlerts }: { restockAlerts: RestockAlerts },
) {
  registerEndpoint(app, endpoints.restockOverview, schemas.restockOverview, () => restockAlerts.overview());
}
