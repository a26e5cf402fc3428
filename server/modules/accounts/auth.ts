import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import type { AccountsService, AuthenticatedUser } from './accounts.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** preHandler for customer-only routes: resolves the bearer token on every request. */
    requireAuth: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S{1,200})$/i.exec(header.trim());
  return match?.[1];
}

/** Declared on the API root so every feature module can protect its routes the same way. */
export function registerAuth(app: FastifyInstance, accounts: AccountsService) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    request.auth = await accounts.authenticate(bearerToken(request));
  });
}

/** The signed-in customer of a route protected by requireAuth. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * The signed-in customer of a public route where signing in is optional (the contact and complaints
 * forms): a valid token links what is filed to the account, and an expired or unknown one files it
 * signed out rather than losing what the customer just wrote.
 */
export async function optionalUserId(
  request: FastifyRequest,
  accounts: AccountsService,
): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    return (await accounts.authenticate(token)).id;
  } catch {
    return null;
  }
}
