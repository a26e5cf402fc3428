import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/grievances.js';
import * as schemas from '../../../shared/api/grievances.schemas.js';
import { requestLanguage } from '../../i18n/index.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import { type AccountsService, currentUser, optionalUserId } from '../accounts/index.js';
import type { GrievancesService } from './grievances.service.js';

/** The complaints and data requests form, and a customer's own tickets. */
export async function grievancesRoutes(
  app: FastifyInstance,
  { grievances, accounts }: { grievances: GrievancesService; accounts: AccountsService },
) {
  // The same budget as the contact form: a complaint must never be refused for being signed out.
  const ticketLimit = limiter(app, 'grievance', { max: 5, minutes: 10 });

  registerEndpoint(
    app,
    endpoints.submitTicket,
    schemas.submitTicket,
    async ({ body }, request) =>
      grievances.submit(
        body,
        await optionalUserId(request, accounts),
        requestLanguage(request.headers, body.language),
      ),
    { preHandler: [ticketLimit] },
  );
  registerEndpoint(app, endpoints.listMyTickets, schemas.listMyTickets, (_input, request) =>
    grievances.listMine(currentUser(request).id),
  );
}
