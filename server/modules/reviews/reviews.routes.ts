import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/reviews.js';
import * as schemas from '../../../shared/api/reviews.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { currentUser } from '../accounts/index.js';
import type { ReviewsService } from './reviews.service.js';

export async function reviewsRoutes(app: FastifyInstance, { reviews }: { reviews: ReviewsService }) {
  registerEndpoint(app, endpoints.rateProduct, schemas.rateProduct, ({ body }, request) =>
    reviews.rate(currentUser(request).id, body),
  );
}
