import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/offer-emails.js';
import * as schemas from '../../../shared/api/offer-emails.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { ApiOptions } from '../api-options.js';
import { currentStaff } from '../staff/index.js';

/** Offer e-mails for staff (shared/api/offer-emails.ts); a few sends an hour, so a double click is one. */
export async function offerEmailsRoutes(app: FastifyInstance, { services }: ApiOptions) {
  const sendLimit = limiter(app, 'offer-email', {
    max: 5,
    minutes: 60,
    key: (request) => currentStaff(request).email,
  });
  registerEndpoint(app, endpoints.offerAudience, schemas.offerAudience, () =>
    services.offerEmails.audience(),
  );
  registerEndpoint(
    app,
    endpoints.sendOfferEmail,
    schemas.sendOfferEmail,
    ({ body }, request) => services.offerEmails.send(currentStaff(request), body),
    { preHandler: [sendLimit] },
  );
}
