import type { FastifyInstance } from 'fastify';
import { currentUser } from '../accounts/auth.js';
import type { ReviewsService } from './reviews.service.js';

export async function reviewsRoutes(app: FastifyInstance, { reviews }: { reviews: ReviewsService }) {
  app.put('/product/rating', { preHandler: app.requireAuth }, async (request) =>
    reviews.rate(currentUser(request).id, request.body),
  );
}
