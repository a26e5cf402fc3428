import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/shipping.js';
import * as schemas from '../../../shared/api/shipping.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { secondsUntilDatesMove } from '../pincodes/index.js';
import { currentStaff } from '../staff/index.js';

/** Public estimates are kept this long at most (a console change shows within it). */
const PUBLIC_CACHE_SECONDS = 600;

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
    async ({ query }, _request, reply) => {
      const answer = await shipping.estimate(query);
      // The same for everyone until the settings change (within the cache's time) or the dates
      // move at India's cut-off or midnight. (A request with a token is answered no-store.)
      const seconds = Math.min(PUBLIC_CACHE_SECONDS, secondsUntilDatesMove(Date.now()));
      reply.header('cache-control', `public, max-age=${seconds}`);
      return answer;
    },
    { preValidation: [estimateLimit] },
  );
  registerEndpoint(app, endpoints.shippingSettings, schemas.shippingSettings, () => shippingSettings.read());
  registerEndpoint(app, endpoints.saveShippingSettings, schemas.saveShippingSettings, ({ body }, request) =>
    shippingSettings.save(currentStaff(request), body),
  );
}
