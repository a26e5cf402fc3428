import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/taxonomy.js';
import * as schemas from '../../../shared/api/taxonomy.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * The original admin client's `brand/`, `category/`, `color/` and `blogcategory/` (shared/api/
 * taxonomy.ts) and the console's tables of them. Blog categories are the blog module's, so their
 * handlers call its service.
 */
export async function taxonomyRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { taxonomy, blogAdmin } = services;

  for (const [kind, set] of [
    [
      'brand',
      {
        list: [endpoints.listBrands, schemas.listBrands],
        get: [endpoints.getBrand, schemas.getBrand],
        create: [endpoints.createBrand, schemas.createBrand],
        update: [endpoints.updateBrand, schemas.updateBrand],
        remove: [endpoints.deleteBrand, schemas.deleteBrand],
        table: [endpoints.brandsTable, schemas.brandsTable],
      },
    ],
    [
      'category',
      {
        list: [endpoints.listCategories, schemas.listCategories],
        get: [endpoints.getCategory, schemas.getCategory],
        create: [endpoints.createCategory, schemas.createCategory],
        update: [endpoints.updateCategory, schemas.updateCategory],
        remove: [endpoints.deleteCategory, schemas.deleteCategory],
        table: [endpoints.categoriesTable, schemas.categoriesTable],
      },
    ],
  ] as const) {
    registerEndpoint(app, set.list[0], set.list[1], () => taxonomy.list(kind));
    registerEndpoint(app, set.get[0], set.get[1], ({ params }) => taxonomy.get(kind, params.id));
    registerEndpoint(app, set.create[0], set.create[1], ({ body }, request) =>
      taxonomy.create(currentStaff(request), kind, body),
    );
    registerEndpoint(app, set.update[0], set.update[1], ({ params, body }, request) =>
      taxonomy.update(currentStaff(request), kind, params.id, body),
    );
    registerEndpoint(app, set.remove[0], set.remove[1], ({ params }, request) =>
      taxonomy.remove(currentStaff(request), kind, params.id),
    );
    registerEndpoint(app, set.table[0], set.table[1], ({ query }) => taxonomy.table(kind, query));
  }

  // Colours answer their name too (the schemas differ), so they are registered on their own.
  registerEndpoint(app, endpoints.listColors, schemas.listColors, () => taxonomy.listColors());
  registerEndpoint(app, endpoints.getColor, schemas.getColor, ({ params }) => taxonomy.getColor(params.id));
  registerEndpoint(app, endpoints.createColor, schemas.createColor, ({ body }, request) =>
    taxonomy.createColor(currentStaff(request), body),
  );
  registerEndpoint(app, endpoints.updateColor, schemas.updateColor, ({ params, body }, request) =>
    taxonomy.updateColor(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.deleteColor, schemas.deleteColor, ({ params }, request) =>
    taxonomy.removeColor(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.colorsTable, schemas.colorsTable, ({ query }) =>
    taxonomy.table('color', query),
  );

  registerEndpoint(app, endpoints.listBlogCategories, schemas.listBlogCategories, () =>
    blogAdmin.listCategories(),
  );
  registerEndpoint(app, endpoints.getBlogCategory, schemas.getBlogCategory, ({ params }) =>
    blogAdmin.getCategory(params.id),
  );
  registerEndpoint(app, endpoints.createBlogCategory, schemas.createBlogCategory, ({ body }, request) =>
    blogAdmin.createCategory(currentStaff(request), body),
  );
  registerEndpoint(
    app,
    endpoints.updateBlogCategory,
    schemas.updateBlogCategory,
    ({ params, body }, request) => blogAdmin.updateCategory(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.deleteBlogCategory, schemas.deleteBlogCategory, ({ params }, request) =>
    blogAdmin.removeCategory(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.blogCategoriesTable, schemas.blogCategoriesTable, ({ query }) =>
    blogAdmin.categoriesTable(query),
  );
}
