import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/enquiries.js';
import * as schemas from '../../../shared/api/enquiries.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { EnquiriesService } from './enquiries.service.js';

/** The contact form. Limited per address to keep the inbox free of floods. */
export async function enquiriesRoutes(app: FastifyInstance, { enquiries }: { enquiries: EnquiriesService }) {
  const enquiryLimit = limiter(app, 'enquiry', { max: 5, minutes: 10 });
  registerEndpoint(
    app,
    endpoints.submitEnquiry,
    schemas.submitEnquiry,
    ({ body }) => enquiries.submit(body),
    {
      preHandler: [enquiryLimit],
    },
  );
}
