import type * as schemas from './audit.schemas.js';
import { endpoint } from './endpoint.js';

export const listAuditEvents = endpoint<typeof schemas.listAuditEvents>({
  method: 'GET',
  path: '/api/admin/audit',
  access: 'staff',
  permission: 'audit',
  tag: 'Staff',
  summary: 'The audit trail: every staff write and sign-in, newest first',
  description:
    'Filter by staff member, entity (type and id), action, kind (`personal-data`: every read of ' +
    "customers' personal data, one customer's page or a list, search, export or report with its query " +
    'and row count) and India dates; page with `nextCursor` (50 a page unless `limit`).',
  errors: [400],
});
