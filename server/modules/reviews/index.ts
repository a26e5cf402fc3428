/** The reviews module's door: what other modules, flows and the app may use of it. */
export { reviewsOfCustomer } from './customer-reviews.js';
export { reviewsRoutes } from './reviews.routes.js';
export { createReviewsService } from './reviews.service.js';
