import type { FastifyInstance } from 'fastify';
import type { CatalogService } from './catalog.service.js';
import { parseProductFilters, parseProductListQuery } from './product-query.js';

type Query = Record<string, string | string[] | undefined>;

/** GET /api/product, /api/product/suggestions, /api/product/facets, /api/product/:id */
export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  app.get<{ Querystring: Query }>('/product', async (request, reply) => {
    const { products, total } = await catalog.listProducts(parseProductListQuery(request.query));
    reply.header('X-Total-Count', String(total));
    return products;
  });

  app.get<{ Querystring: Query }>('/product/suggestions', async (request) => {
    return catalog.suggest(request.query.q);
  });

  app.get<{ Querystring: Query }>('/product/facets', async (request) => {
    return catalog.facets(parseProductFilters(request.query));
  });

  app.get<{ Params: { id: string } }>('/product/:id', async (request) => {
    return catalog.getProduct(request.params.id);
  });
}
