/** The blog module's door: what other modules, flows and the app may use of it. */

export { blogRoutes } from './blog.routes.js';
export { createBlogService } from './blog.service.js';
export { blogsShowingImage } from './blog-admin.repository.js';
export { blogAdminRoutes } from './blog-admin.routes.js';
export { createBlogAdminService } from './blog-admin.service.js';
