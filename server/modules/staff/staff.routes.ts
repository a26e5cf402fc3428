import type { FastifyInstance } from 'fastify';
import * as endpoints from '../../../shared/api/staff.js';
import * as schemas from '../../../shared/api/staff.schemas.js';
import { registerEndpoint } from '../../lib/endpoints.js';
import { limiter, type RouteLimit } from '../../lib/rate-limit.js';
import type { StaffService } from './staff.service.js';
import { currentStaff } from './staff-auth.js';

/**
 * Staff sign-in (the console's, and the original admin client's), sessions, invitations, roles,
 * revocation, two-factor sign-in and the shop's security settings (shared/api/staff.ts).
 */
export async function staffRoutes(
  app: FastifyInstance,
  { staff, loginLimit }: { staff: StaffService; loginLimit: RouteLimit },
) {
  // Per address across all accounts; per (account, address) the service throttles with growing waits.
  const consoleLoginLimit = limiter(app, 'staff-login-ip', { max: 30, minutes: 15 });
  const inviteLimit = limiter(app, 'staff-invite-link', { max: 20, minutes: 15 });
  const passwordLimit = limiter(app, 'staff-password', {
    max: 10,
    minutes: 15,
    key: (request) => currentStaff(request).id,
  });

  registerEndpoint(
    app,
    endpoints.staffLogin,
    schemas.staffLogin,
    ({ body }, request) => staff.login(body, request.ip),
    { preHandler: [consoleLoginLimit] },
  );
  registerEndpoint(
    app,
    endpoints.legacyAdminLogin,
    schemas.legacyAdminLogin,
    ({ body }, request) => staff.legacyLogin(body, request.ip),
    // The shoppers' sign-in budget: this route answers shoppers' e-mails too.
    { preHandler: [loginLimit] },
  );
  registerEndpoint(app, endpoints.staffLogout, schemas.staffLogout, (_input, request) =>
    staff.logout(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.staffMe, schemas.staffMe, (_input, request) =>
    staff.me(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.listStaff, schemas.listStaff, () => staff.list());
  registerEndpoint(app, endpoints.inviteStaff, schemas.inviteStaff, ({ body }, request) =>
    staff.invite(currentStaff(request), body),
  );
  registerEndpoint(app, endpoints.cancelInvite, schemas.cancelInvite, ({ params }, request) =>
    staff.cancelInvite(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.changeStaffRole, schemas.changeStaffRole, ({ params, body }, request) =>
    staff.changeRole(currentStaff(request), params.id, body.role),
  );
  registerEndpoint(app, endpoints.revokeStaff, schemas.revokeStaff, ({ params }, request) =>
    staff.revoke(currentStaff(request), params.id),
  );
  registerEndpoint(app, endpoints.resetStaffTwoFactor, schemas.resetStaffTwoFactor, ({ params }, request) =>
    staff.resetTwoFactor(currentStaff(request), params.id),
  );
  registerEndpoint(
    app,
    endpoints.readInvite,
    schemas.readInvite,
    ({ params }) => staff.readInvite(params.token),
    {
      preHandler: [inviteLimit],
    },
  );
  registerEndpoint(
    app,
    endpoints.acceptInvite,
    schemas.acceptInvite,
    ({ params, body }, request) => staff.acceptInvite(params.token, body, request.ip),
    { preHandler: [inviteLimit] },
  );
  registerEndpoint(app, endpoints.twoFactorSetup, schemas.twoFactorSetup, (_input, request) =>
    staff.startTwoFactorSetup(currentStaff(request)),
  );
  registerEndpoint(app, endpoints.twoFactorEnable, schemas.twoFactorEnable, ({ body }, request) =>
    staff.enableTwoFactor(currentStaff(request), body.code),
  );
  registerEndpoint(
    app,
    endpoints.twoFactorDisable,
    schemas.twoFactorDisable,
    ({ body }, request) => staff.disableTwoFactor(currentStaff(request), body.password),
    { preHandler: [passwordLimit] },
  );
  registerEndpoint(
    app,
    endpoints.regenerateRecoveryCodes,
    schemas.regenerateRecoveryCodes,
    ({ body }, request) => staff.regenerateRecoveryCodes(currentStaff(request), body.password),
    { preHandler: [passwordLimit] },
  );
  registerEndpoint(app, endpoints.readSecuritySettings, schemas.readSecuritySettings, () =>
    staff.securitySettings(),
  );
  registerEndpoint(
    app,
    endpoints.updateSecuritySettings,
    schemas.updateSecuritySettings,
    ({ body }, request) => staff.updateSecuritySettings(currentStaff(request), body),
  );
}
