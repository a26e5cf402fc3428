import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/coupons.js';
import * as schemas from '../../../shared/api/coupons.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** The original admin client's `coupon/` and the console's coupon table (shared/api/coupons.ts). */
export async function couponsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { coupons } = services;
  registerEndpoint(app, endpoints.listCoupons, schemas.listCoupons, () => coupons.list());
  registerEndpoint(app, endpoints.getCoupon, schemas.getCoupon, ({ params }) => coupons.get(params.id));
  registerEndpoint(app, endpoints.createCoupon, schemas.createCoupon, ({ body }, request) =>
    coupons.create(currentStaff(request), body),
  );
  registerEndpoint(app, endpoints.updateCoupon, schemas.updateCoupon, ({ params, body }, request) =>
    coupons.update(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.deleteCoupon, schemas.deleteCoupon, ({ params }, request) =>
    coupons.remove(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.couponsTable, schemas.couponsTable, ({ query }) => coupons.table(query));
}
