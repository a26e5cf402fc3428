import type * as schemas from './blog.schemas.js';
import { endpoint } from './endpoint.js';

export const listBlogs = endpoint<typeof schemas.listBlogs>({
  method: 'GET',
  path: '/api/blog',
  access: 'public',
  tag: 'Blog',
  summary: 'List blog posts',
  description: 'Newest first; up to 100 per page (`limit`, `page`).',
  errors: [400],
});

export const getBlog = endpoint<typeof schemas.getBlog>({
  method: 'GET',
  path: '/api/blog/:id',
  access: 'public',
  tag: 'Blog',
  summary: 'Read one blog post',
  description: 'By id or slug.',
  errors: [404],
});
