import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/catalog.js';
import * as schemas from '../../../shared/api/catalog.schemas.js';
import { jsonAnswer, registerEndpoint } from '../../lib/endpoints.js';
import { parseProductFilters, parseProductListQuery } from '../catalog-search/index.js';
import type { CatalogService } from './catalog.service.js';

/**
 * The original admin client lists products without `limit` and pages in the browser: a staff
 * member's token gets the whole catalogue, up to this many. Shoppers keep the default page.
 */
const STAFF_LIST_LIMIT = 10_000;

/** The catalogue's reads: list, search suggestions, facet counts, one product. */
export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  /** True for a live staff session; any other token (or none) reads as the public. */
  const isStaff = async (request: FastifyRequest) => {
    if (!request.headers.authorization) return false;
    try {
      await app.requireStaff('self')(request);
      return true;
    } catch {
      return false;
    }
  };

  registerEndpoint(app, endpoints.listProducts, schemas.listProducts, async ({ query }, request, reply) => {
    const staffWithoutLimit = (query.limit === undefined || query.limit === '') && (await isStaff(request));
    const { productsJson, total, totalIsExact } = await catalog.listProducts(
      parseProductListQuery(query, staffWithoutLimit ? { limitWhenAbsent: STAFF_LIST_LIMIT } : {}),
    );
    reply.header('X-Total-Count', String(total));
    if (!totalIsExact) reply.header('X-Total-Count-Estimated', 'true');
    return jsonAnswer<schemas.ApiListedProduct[]>(productsJson);
  });

  registerEndpoint(app, endpoints.productSuggestions, schemas.productSuggestions, ({ query }) =>
    catalog.suggest(query.q),
  );

  registerEndpoint(app, endpoints.productFacets, schemas.productFacets, ({ query }) =>
    catalog.facets(parseProductFilters(query)),
  );

  registerEndpoint(app, endpoints.getProduct, schemas.getProduct, ({ params }) =>
    catalog.getProduct(params.id),
  );
}
