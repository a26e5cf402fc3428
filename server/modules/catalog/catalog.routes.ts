import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/catalog.js';
import * as schemas from '../../../shared/api/catalog.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { CatalogService } from './catalog.service.js';
import { parseProductFilters, parseProductListQuery } from './product-query.js';

/** The catalogue's reads: list, search suggestions, facet counts, one product. */
export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  registerEndpoint(app, endpoints.listProducts, schemas.listProducts, async ({ query }, _request, reply) => {
    const { products, total } = await catalog.listProducts(parseProductListQuery(query));
    reply.header('X-Total-Count', String(total));
    return products;
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
