import type * as schemas from './customers-admin.schemas.js';
import { endpoint } from './endpoint.js';

const tag = 'Customers (staff)';

export const legacyListCustomers = endpoint<typeof schemas.legacyListCustomers>({
  method: 'GET',
  path: '/api/user/all-users',
  access: 'staff',
  permission: 'customers.read',
  tag,
  summary: 'Every customer, oldest first (the original admin client)',
  description:
    'Up to 10,000, each `{_id, firstname, lastname, email, mobile, role, isBlocked, createdAt}`. Needs a ' +
    "staff token: customers' names, e-mails and mobiles are never public, so the unmodified original " +
    'client (which sends none here) shows an empty list (docs/spec-deviations.md).',
});

export const blockCustomer = endpoint<typeof schemas.blockCustomer>({
  method: 'PUT',
  path: '/api/user/block-user/:id',
  access: 'staff',
  permission: 'customers.write',
  tag,
  summary: 'Block a customer',
  description:
    'Their sessions end at once, and signing in answers 403 with a message until they are unblocked. ' +
    'Answers `{message: "User Blocked"}`; recorded in the audit trail.',
  errors: [400, 404],
});

export const unblockCustomer = endpoint<typeof schemas.unblockCustomer>({
  method: 'PUT',
  path: '/api/user/unblock-user/:id',
  access: 'staff',
  permission: 'customers.write',
  tag,
  summary: 'Unblock a customer',
  description: 'They can sign in again. Answers `{message: "User UnBlocked"}`; recorded in the audit trail.',
  errors: [400, 404],
});

export const listAdminCustomers = endpoint<typeof schemas.listAdminCustomers>({
  method: 'GET',
  path: '/api/admin/customers',
  access: 'staff',
  permission: 'customers.read',
  tag,
  summary: 'Customers: search by name, e-mail or mobile, blocked filter, sort and pages',
  description: 'Newest first unless `sort`; 25 a page unless `limit`.',
  errors: [400],
});

export const getAdminCustomer = endpoint<typeof schemas.getAdminCustomer>({
  method: 'GET',
  path: '/api/admin/customers/:id',
  access: 'staff',
  permission: 'customers.read',
  tag,
  summary: 'A customer: profile, orders and reviews',
  description: 'Personal data: each view is recorded in the audit trail (`customer.view`).',
  errors: [400, 404],
});

export const eraseCustomer = endpoint<typeof schemas.eraseCustomer>({
  method: 'POST',
  path: '/api/admin/customers/:id/erase',
  access: 'staff',
  permission: 'customers.write',
  tag,
  summary: "Erase a customer's personal data (a data request, or again after a restore)",
  description:
    'The same erasure as "Delete my account" (decision 021), for a request that reached the shop another ' +
    'way: `reason` says which (a ticket number). Refused with 409 while an order is open, and for an ' +
    "account already erased. The customer's old address is told. Recorded in the audit trail by id and " +
    'reason only, so the trail keeps nothing of what was erased.',
  errors: [400, 404, 409],
});
