import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/blog-admin.js';
import * as schemas from '../../../shared/api/blog-admin.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/**
 * Blog posts written from the console or the original admin client (shared/api/blog-admin.ts);
 * blog categories are registered with the other taxonomies (catalog/taxonomy.routes.ts).
 */
export async function blogAdminRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const { blogAdmin, staff } = services;

  registerEndpoint(app, endpoints.createBlog, schemas.createBlog, async ({ body }, request) => {
    const me = await staff.me(currentStaff(request));
    const author = `${me.firstname} ${me.lastname}`.trim() || 'Team';
    return blogAdmin.createBlog(currentStaff(request), author, body);
  });
  registerEndpoint(app, endpoints.updateBlog, schemas.updateBlog, ({ params, body }, request) =>
    blogAdmin.updateBlog(currentStaff(request), params.id, body),
  );
  registerEndpoint(app, endpoints.deleteBlog, schemas.deleteBlog, ({ params }, request) =>
    blogAdmin.deleteBlog(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.blogsTable, schemas.blogsTable, ({ query }) => blogAdmin.blogsTable(query));
}
