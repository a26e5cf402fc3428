import type * as schemas from './blog-admin.schemas.js';
import { endpoint } from './endpoint.js';

/* Blog posts written from the console (or the original admin client); reads are shared/api/blog.ts. */
const tag = 'Blog';

export const createBlog = endpoint<typeof schemas.createBlog>({
  method: 'POST',
  path: '/api/blog',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Write a blog post',
  description:
    'Body `{title, description, category, images}`: the description is rich text (sanitised), the ' +
    'category an existing blog category title (400 otherwise), `images` the upload answers (`""` or ' +
    'missing: none). The author is the staff member. Answers `{newBlog}` (200, as the original).',
  errors: [400],
});

export const updateBlog = endpoint<typeof schemas.updateBlog>({
  method: 'PUT',
  path: '/api/blog/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Edit a blog post',
  description:
    'Writes title, description and category; the pictures only when a non-empty `images` array ' +
    'arrives (the original client sends `""` or `[]` when they were not touched), or none with ' +
    '`clearImages: true`. The slug, and so ' +
    'the address of the post, stays. Answers `{updateBlog}`.',
  errors: [400, 404],
});

export const deleteBlog = endpoint<typeof schemas.deleteBlog>({
  method: 'DELETE',
  path: '/api/blog/:id',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'Delete a blog post',
  description: 'Answers `{deletedBlog}`.',
  errors: [400, 404],
});

export const blogsTable = endpoint<typeof schemas.blogsTable>({
  method: 'GET',
  path: '/api/admin/blogs',
  access: 'staff',
  permission: 'catalogue',
  tag,
  summary: 'The console’s table of blog posts',
  description:
    'Search titles (`q`), filter by `category`, sort (`createdAt`, `updatedAt`, `title`, each `:asc` or ' +
    '`:desc`; newest first by default) and pages of 25, with the total.',
  errors: [400],
});
