import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyEmail, limiter } from '../../lib/rate-limit.js';
import type { AccountsService } from './accounts.service.js';
import { currentUser } from './auth.js';

/**
 * POST user/register, user/login, user/logout, user/forgot-password-token, user/restore-email/:token;
 * GET user/me; PUT user/edit-user, user/reset-password/:token. Sign-in and reset are limited per
 * address and per account, so neither one address nor many can hammer one e-mail; the current
 * password an e-mail change asks for is limited per account, so a stolen session cannot guess it.
 */
export async function accountsRoutes(app: FastifyInstance, { accounts }: { accounts: AccountsService }) {
  const registerLimit = limiter(app, 'register', { max: 10, minutes: 15 });
  const loginLimits = [
    limiter(app, 'login-ip', { max: 30, minutes: 15 }),
    limiter(app, 'login-email', { max: 10, minutes: 15, key: bodyEmail }),
  ];
  const forgotLimits = [
    limiter(app, 'forgot-ip', { max: 10, minutes: 15 }),
    limiter(app, 'forgot-email', { max: 3, minutes: 15, key: bodyEmail }),
  ];
  const resetLimit = limiter(app, 'reset', { max: 10, minutes: 15 });
  const restoreLimit = limiter(app, 'restore-email', { max: 10, minutes: 15 });
  const passwordCheckLimit = limiter(app, 'current-password', {
    max: 10,
    minutes: 15,
    key: (request) => currentUser(request).id,
  });
  // Only edits that carry a password count: changing a name or a mobile is not limited.
  const currentPasswordLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as { currentPassword?: unknown } | undefined;
    if (body?.currentPassword !== undefined) await passwordCheckLimit(request, reply);
  };

  app.post('/user/register', { preHandler: registerLimit }, async (request, reply) =>
    reply.status(201).send(await accounts.register(request.body)),
  );

  app.post('/user/login', { preHandler: loginLimits }, async (request) => accounts.login(request.body));

  app.post('/user/logout', { preHandler: app.requireAuth }, async (request) =>
    accounts.logout(currentUser(request)),
  );

  app.get('/user/me', { preHandler: app.requireAuth }, async (request) => accounts.me(currentUser(request)));

  app.put('/user/edit-user', { preHandler: [app.requireAuth, currentPasswordLimit] }, async (request) =>
    accounts.editProfile(currentUser(request), request.body),
  );

  app.post<{ Params: { token: string } }>(
    '/user/restore-email/:token',
    { preHandler: restoreLimit },
    async (request) => accounts.restoreEmail(request.params.token),
  );

  app.post('/user/forgot-password-token', { preHandler: forgotLimits }, async (request) =>
    accounts.forgotPassword(request.body),
  );

  app.put<{ Params: { token: string } }>(
    '/user/reset-password/:token',
    { preHandler: resetLimit },
    async (request) => accounts.resetPassword(request.params.token, request.body),
  );
}
