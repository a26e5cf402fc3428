/** The seo module's door: what other modules, flows and the app may use of it. */
export { sitemapRoutes } from './sitemap.routes.js';
export { createSitemapService } from './sitemap.service.js';
