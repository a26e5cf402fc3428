import type { FastifyInstance } from 'fastify';
import type { BlogService } from './blog.service.js';

/** GET /api/blog, GET /api/blog/:id */
export async function blogRoutes(app: FastifyInstance, { blog }: { blog: BlogService }) {
  app.get<{ Querystring: { limit?: string; page?: string } }>('/blog', async (request) =>
    blog.list(request.query),
  );
  app.get<{ Params: { id: string } }>('/blog/:id', async (request) => blog.get(request.params.id));
}
