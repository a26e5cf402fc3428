import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/orders-admin.js';
import * as schemas from '../../../shared/api/orders-admin.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * Orders for staff: the original admin client's calls and the console's (shared/api/orders-admin.ts);
 * the sales figures (dashboard, income) come from sales-dashboard.service.ts.
 */
export async function ordersAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const orders = services.ordersAdmin;
  const sales = services.salesDashboard;
  registerEndpoint(app, endpoints.legacyListOrders, schemas.legacyListOrders, (_input, request) =>
    orders.legacyList(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.legacyGetOrder, schemas.legacyGetOrder, ({ params }) =>
    orders.legacyGet(params.id),
  );
  registerEndpoint(app, endpoints.legacyUpdateOrder, schemas.legacyUpdateOrder, ({ params, body }, request) =>
    orders.legacyUpdate(currentStaff(request), params.id, body.status),
  );
  registerEndpoint(app, endpoints.legacyMonthlyIncome, schemas.legacyMonthlyIncome, () =>
    sales.legacyMonthlyIncome(),
  );
  registerEndpoint(app, endpoints.legacyYearlyTotals, schemas.legacyYearlyTotals, () =>
    sales.legacyYearlyTotals(),
  );
  registerEndpoint(app, endpoints.listAdminOrders, schemas.listAdminOrders, ({ query }, request) =>
    orders.list(currentStaff(request), query),
  );
  registerEndpoint(app, endpoints.getAdminOrder, schemas.getAdminOrder, ({ params }) =>
    orders.get(params.id),
  );
  registerEndpoint(app, endpoints.changeOrderStatus, schemas.changeOrderStatus, ({ params, body }, request) =>
    orders.setStatus(currentStaff(request), params.id, body.status),
  );
  registerEndpoint(app, endpoints.adminDashboard, schemas.dashboard, () => sales.dashboard());
}
