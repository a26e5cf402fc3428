import type { FastifyInstance } from 'fastify';
import { limiter } from '../../lib/rate-limit.js';
import type { EnquiriesService } from './enquiries.service.js';

/** POST /api/enquiry: the contact form. Limited per address to keep the inbox free of floods. */
export async function enquiriesRoutes(app: FastifyInstance, { enquiries }: { enquiries: EnquiriesService }) {
  const enquiryLimit = limiter(app, 'enquiry', { max: 5, minutes: 10 });
  app.post('/enquiry', { preHandler: enquiryLimit }, async (request, reply) =>
    reply.status(201).send(await enquiries.submit(request.body)),
  );
}
