import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as endpoints from '../../../shared/api/accounts.js';
import * as schemas from '../../../shared/api/accounts.schemas.js';
import * as channelEndpoints from '../../../shared/api/notifications.js';
import * as channelSchemas from '../../../shared/api/notifications.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { bodyEmail, limiter, type RouteLimit } from '../../lib/rate-limit.js';
import type { AccountsService } from './accounts.service.js';
import { currentUser } from './auth.js';
import type { ChannelChoices } from './channel-choices.js';
import type { ContactVerification } from './contact-verification.service.js';

/**
 * Sign-up, sign-in and out, the profile, e-mail restore and password reset (shared/api/accounts.ts).
 * Sign-in is limited per address across all accounts (`loginLimit`, shared with the original admin
 * client's sign-in), and per (account, address) with growing waits in the service, so that failing
 * on purpose never locks the owner out. Reset is limited per address and per account; the current
 * password an e-mail change asks for is limited per account, so a stolen session cannot guess it.
 * The limits run after validation: a malformed body is a 400 without counting, and every attempt
 * that reaches a password or an e-mail counts.
 */
export async function accountsRoutes(
  app: FastifyInstance,
  {
    accounts,
    contactVerification,
    channelChoices,
    loginLimit,
  }: {
    accounts: AccountsService;
    contactVerification: ContactVerification;
    channelChoices: ChannelChoices;
    loginLimit: RouteLimit;
  },
) {
  const perAccount = (request: FastifyRequest) => currentUser(request).id;
  // Each link or code is an e-mail (or, later, an SMS) sent: a stranger with a session must not flood.
  const resendLimits = [
    limiter(app, 'verify-email-resend', { max: 3, minutes: 15, key: perAccount }),
    limiter(app, 'verify-email-resend-ip', { max: 10, minutes: 15 }),
  ];
  const mobileCodeLimit = limiter(app, 'verify-mobile-send', { max: 3, minutes: 15, key: perAccount });
  const mobileCheckLimit = limiter(app, 'verify-mobile', { max: 10, minutes: 15, key: perAccount });
  // Each change of a switch may write a consent record.
  const channelsLimit = limiter(app, 'notifications', { max: 30, minutes: 15, key: perAccount });
  const verifyLinkLimit = limiter(app, 'verify-email', { max: 10, minutes: 15 });
  const registerLimit = limiter(app, 'register', { max: 10, minutes: 15 });
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

  registerEndpoint(app, endpoints.register, schemas.register, ({ body }) => accounts.register(body), {
    preHandler: [registerLimit],
  });
  registerEndpoint(
    app,
    endpoints.login,
    schemas.login,
    ({ body }, request) => accounts.login(body, request.ip),
    {
      preHandler: [loginLimit],
    },
  );
  registerEndpoint(app, endpoints.logout, schemas.logout, (_input, request) =>
    accounts.logout(currentUser(request)),
  );
  registerEndpoint(app, endpoints.me, schemas.me, (_input, request) => accounts.me(currentUser(request)));
  registerEndpoint(
    app,
    endpoints.editProfile,
    schemas.editProfile,
    ({ body }, request) => accounts.editProfile(currentUser(request), body),
    { preHandler: [currentPasswordLimit] },
  );
  registerEndpoint(
    app,
    endpoints.restoreEmail,
    schemas.restoreEmail,
    ({ params }) => accounts.restoreEmail(params.token),
    { preHandler: [restoreLimit] },
  );
  registerEndpoint(
    app,
    endpoints.forgotPassword,
    schemas.forgotPassword,
    ({ body }) => accounts.forgotPassword(body),
    { preHandler: forgotLimits },
  );
  registerEndpoint(
    app,
    endpoints.resetPassword,
    schemas.resetPassword,
    ({ params, body }) => accounts.resetPassword(params.token, body),
    { preHandler: [resetLimit] },
  );
  registerEndpoint(
    app,
    endpoints.resendEmailVerification,
    schemas.resendEmailVerification,
    (_input, request) => contactVerification.resendEmailLink(currentUser(request).id),
    { preHandler: resendLimits },
  );
  registerEndpoint(
    app,
    endpoints.verifyEmail,
    schemas.verifyEmail,
    ({ params }) => contactVerification.confirmEmail(params.token),
    { preHandler: [verifyLinkLimit] },
  );
  registerEndpoint(
    app,
    endpoints.sendMobileCode,
    schemas.sendMobileCode,
    (_input, request) => contactVerification.sendMobileCode(currentUser(request).id),
    { preHandler: [mobileCodeLimit] },
  );
  registerEndpoint(
    app,
    endpoints.verifyMobile,
    schemas.verifyMobile,
    ({ body }, request) => contactVerification.confirmMobile(currentUser(request).id, body.code),
    { preHandler: [mobileCheckLimit] },
  );

  // The profile's "Messages and updates": the same codes and limits as the routes above, one budget.
  registerEndpoint(
    app,
    channelEndpoints.sendMyMobileCode,
    channelSchemas.sendMyMobileCode,
    (_input, request) => contactVerification.sendMobileCode(currentUser(request).id),
    { preHandler: [mobileCodeLimit] },
  );
  registerEndpoint(
    app,
    channelEndpoints.confirmMyMobile,
    channelSchemas.confirmMyMobile,
    ({ body }, request) => contactVerification.confirmMobile(currentUser(request).id, body.code),
    { preHandler: [mobileCheckLimit] },
  );
  registerEndpoint(app, channelEndpoints.myNotifications, channelSchemas.myNotifications, (_input, request) =>
    channelChoices.mine(currentUser(request).id),
  );
  registerEndpoint(
    app,
    channelEndpoints.setMyNotifications,
    channelSchemas.setMyNotifications,
    ({ body }, request) => channelChoices.set(currentUser(request).id, body),
    { preHandler: [channelsLimit] },
  );
}
