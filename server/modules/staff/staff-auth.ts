import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointPermission } from '../../../shared/api/endpoint.js';
import { roleCan, staffRoleLabels } from '../../../shared/staff-roles.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { type AccountsService, bearerToken } from '../accounts/index.js';
import { type CurrentStaff, STAFF_MESSAGES, type StaffService } from './staff.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    staff: CurrentStaff | null;
  }
  interface FastifyInstance {
    /** preValidation for staff routes: a live staff session whose role grants `permission`. */
    requireStaff: (permission: EndpointPermission) => (request: FastifyRequest) => Promise<void>;
  }
}

const permissionWords: Record<Exclude<EndpointPermission, 'self'>, string> = {
  catalogue: 'manage the catalogue',
  'orders.read': 'see orders',
  'orders.write': 'change orders',
  'customers.read': 'see customers',
  'customers.write': 'block or unblock customers',
  enquiries: 'handle enquiries',
  staff: 'manage staff and security settings',
  audit: 'read the audit trail',
};

/**
 * Staff authorisation, checked before a staff route validates or runs anything (the original shop
 * checked the admin role after its product handlers had already written). The role is read from the
 * database on every request, so a changed role or a revoked member takes effect at once.
 */
export function registerStaffAuth(
  app: FastifyInstance,
  deps: { staff: StaffService; accounts: AccountsService },
) {
  app.decorateRequest('staff', null);
  app.decorate('requireStaff', (permission: EndpointPermission) => async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(STAFF_MESSAGES.signIn);
    const current = await deps.staff.authenticate(token, request.ip);
    if (!current) {
      if (await deps.accounts.isSessionToken(token)) throw forbidden(STAFF_MESSAGES.shopper);
      throw unauthorized(STAFF_MESSAGES.ended);
    }
    request.staff = current;
    if (permission === 'self') return;
    if (current.mustSetUpTwoFactor) throw forbidden(STAFF_MESSAGES.setUpTwoFactor);
    if (!roleCan(current.role, permission)) {
      throw forbidden(
        `Your role (${staffRoleLabels[current.role]}) cannot ${permissionWords[permission]}. Ask the shop's owner if you need to.`,
      );
    }
  });

  // Every staff write must leave a trace: one that succeeded without recording anything is a bug.
  app.addHook('onResponse', async (request, reply) => {
    const current = request.staff;
    if (!current || request.method === 'GET' || reply.statusCode >= 400 || current.audited) return;
    request.log.error(
      { url: request.url, method: request.method, staff: current.email },
      'staff write finished without an audit record',
    );
  });
}

/** The staff member of a route registered with `access: 'staff'`. */
export function currentStaff(request: FastifyRequest): CurrentStaff {
  if (!request.staff) throw unauthorized(STAFF_MESSAGES.signIn);
  return request.staff;
}
