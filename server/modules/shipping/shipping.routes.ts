import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/shipping.js';
import * as schemas from '../../../shared/api/shipping.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** The storefront's delivery estimate and the console's shipping settings. */
export async function shippingRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { shipping, shippingSettings } = services;
  // As the pincode check: a shopper tries a pincode or two per product, many share an address
  // behind carriers' NAT; it stops scraping the list and floods of bad requests.
  const estimateLimit = limiter(app, 'shipping-estimate', { max: 300, minutes: 5 });
  registerEndpoint(
    app,
    endpoints.shippingEstimate,
    schemas.shippingEstimate,
    ({ query }) => shipping.estimate(query),
    { preValidation: [estimateLimit] },
  );
  registerEndpoint(app, endpoints.shippingSettings, schemas.shippingSettings, () => shippingSettings.read());
  registerEndpoint(app, endpoints.saveShippingSettings, schemas.saveShippingSettings, ({ body }, request) =>
    shippingSettings.save(currentStaff(request), body),
  );
}
