import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/enquiries.js';
import * as schemas from '../../../shared/api/enquiries.schemas.js';
import { requestLanguage } from '../../i18n/index.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { type AccountsService, optionalUserId } from '../accounts/index.js';
import type { EnquiriesService } from './enquiries.service.js';

/**
 * The contact form. Limited per address to keep the inbox free of floods. Sent signed in, the
 * message belongs to the account (its data export and erasure). The page's language (the form's
 * `language`, else Accept-Language's) is kept for the replies.
 */
export async function enquiriesRoutes(
  app: FastifyInstance,
  { enquiries, accounts }: { enquiries: EnquiriesService; accounts: AccountsService },
) {
  const enquiryLimit = limiter(app, 'enquiry', { max: 5, minutes: 10 });
  registerEndpoint(
    app,
    endpoints.submitEnquiry,
    schemas.submitEnquiry,
    async ({ body }, request) =>
      enquiries.submit(
        { ...body, language: requestLanguage(request.headers, body.language) },
        await optionalUserId(request, accounts),
      ),
    {
      preHandler: [enquiryLimit],
    },
  );
}
