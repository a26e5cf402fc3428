import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/blog.js';
import * as schemas from '../../../shared/api/blog.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import type { BlogService } from './blog.service.js';

export async function blogRoutes(app: FastifyInstance, { blog }: { blog: BlogService }) {
  registerEndpoint(app, endpoints.listBlogs, schemas.listBlogs, ({ query }) => blog.list(query));
  registerEndpoint(app, endpoints.getBlog, schemas.getBlog, ({ params }) => blog.get(params.id));
}
