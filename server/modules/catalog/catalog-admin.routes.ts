import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/catalog-admin.js';
import * as schemas from '../../../shared/api/catalog-admin.schemas.js';
import * as variantSchemas from '../../../shared/api/catalog-variants.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * Products in the console (shared/api/catalog-admin.ts) and the original admin client's product
 * writes. The CSV export and import are the catalog-csv module's routes.
 */
export async function catalogAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const products = services.catalogAdmin;

  registerEndpoint(app, endpoints.adminListProducts, schemas.adminListProducts, ({ query }) =>
    products.list(query),
  );
  registerEndpoint(app, endpoints.adminGetProduct, schemas.adminGetProduct, ({ params }) =>
    products.get(params.id),
  );
  registerEndpoint(app, endpoints.adminCreateProduct, schemas.adminCreateProduct, ({ body }, request) =>
    products.create(currentStaff(request), body),
  );
  registerEndpoint(
    app,
    endpoints.adminUpdateProduct,
    schemas.adminUpdateProduct,
    ({ params, body }, request) => products.update(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.archiveProduct, schemas.archiveProduct, ({ params }, request) =>
    products.archive(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.restoreProduct, schemas.restoreProduct, ({ params }, request) =>
    products.restore(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.adminDeleteProduct, schemas.adminDeleteProduct, ({ params }, request) =>
    products.remove(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.getVariants, variantSchemas.getVariants, ({ params }) =>
    products.variants(params.id),
  );
  registerEndpoint(app, endpoints.saveVariants, variantSchemas.saveVariants, ({ params, body }, request) =>
    products.saveVariants(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.adjustStock, schemas.adjustStock, ({ params, body }, request) =>
    products.adjustStock(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.listStockMovements, schemas.listStockMovements, ({ params, query }) =>
    products.movements(params.id, query.page ?? 1),
  );

  registerEndpoint(app, endpoints.legacyCreateProduct, schemas.legacyCreateProduct, ({ body }, request) =>
    products.legacyCreate(currentStaff(request), body),
  );
  registerEndpoint(
    app,
    endpoints.legacyUpdateProduct,
    schemas.legacyUpdateProduct,
    ({ params, body }, request) => products.legacyUpdate(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.legacyDeleteProduct, schemas.legacyDeleteProduct, ({ params }, request) =>
    products.legacyDelete(currentStaff(request), params.id),
  );
}
