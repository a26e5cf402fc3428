import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/grievances.js';
import * as schemas from '../../../shared/api/grievances.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter } from '../../lib/rate-limit.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import { bearerToken, currentUser } from '../accounts/auth.js';
import type { GrievancesService } from './grievances.service.js';

/** The complaints and data requests form, and a customer's own tickets. */
export async function grievancesRoutes(
  app: FastifyInstance,
  { grievances, accounts }: { grievances: GrievancesService; accounts: AccountsService },
) {
  // The same budget as the contact form: a complaint must never be refused for being signed out.
  const ticketLimit = limiter(app, 'grievance', { max: 5, minutes: 10 });

  /**
   * Signed in is optional here: a valid token links the ticket to the account, and an expired or
   * unknown one files it signed out rather than losing the complaint the customer just wrote.
   */
  async function signedInUserId(request: FastifyRequest): Promise<string | null> {
    const token = bearerToken(request);
    if (!token) return null;
    try {
      return (await accounts.authenticate(token)).id;
    } catch {
      return null;
    }
  }

  registerEndpoint(
    app,
    endpoints.submitTicket,
    schemas.submitTicket,
    async ({ body }, request) => grievances.submit(body, await signedInUserId(request)),
    { preHandler: [ticketLimit] },
  );
  registerEndpoint(app, endpoints.listMyTickets, schemas.listMyTickets, (_input, request) =>
    grievances.listMine(currentUser(request).id),
  );
}
