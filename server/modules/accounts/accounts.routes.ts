import type { FastifyInstance } from 'fastify';
import { bodyEmail, limiter } from '../../lib/rate-limit.js';
import type { AccountsService } from './accounts.service.js';
import { currentUser } from './auth.js';

/**
 * POST user/register, user/login, user/logout, user/forgot-password-token; GET user/me;
 * PUT user/edit-user, user/reset-password/:token. Sign-in and reset are limited per address and
 * per account, so neither one address nor many can hammer one e-mail.
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

  app.post('/user/register', { preHandler: registerLimit }, async (request, reply) =>
    reply.status(201).send(await accounts.register(request.body)),
  );

  app.post('/user/login', { preHandler: loginLimits }, async (request) => accounts.login(request.body));

  app.post('/user/logout', { preHandler: app.requireAuth }, async (request) =>
    accounts.logout(currentUser(request)),
  );

  app.get('/user/me', { preHandler: app.requireAuth }, async (request) => accounts.me(currentUser(request)));

  app.put('/user/edit-user', { preHandler: app.requireAuth }, async (request) =>
    accounts.editProfile(currentUser(request), request.body),
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
