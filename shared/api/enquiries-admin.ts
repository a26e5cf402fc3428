import { endpoint } from './endpoint.js';
import type * as schemas from './enquiries-admin.schemas.js';

const tag = 'Enquiries (staff)';

export const legacyListEnquiries = endpoint<typeof schemas.legacyListEnquiries>({
  method: 'GET',
  path: '/api/enquiry',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'Every enquiry, newest first (the original admin client)',
  description:
    "Up to 10,000. Needs a staff token: customers' names, e-mails and mobiles are never public, so the " +
    'unmodified original client (which sends none here) shows an empty list (docs/spec-deviations.md).',
});

export const legacyGetEnquiry = endpoint<typeof schemas.legacyGetEnquiry>({
  method: 'GET',
  path: '/api/enquiry/:id',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'One enquiry',
  errors: [400, 404],
});

export const legacyUpdateEnquiry = endpoint<typeof schemas.legacyUpdateEnquiry>({
  method: 'PUT',
  path: '/api/enquiry/:id',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: "Change an enquiry's status",
  description:
    'Only `status` is written, and only Submitted, Contacted, In Progress or Resolved (else 400). A ' +
    'complaint or data request is Resolved only once it has a reply or a note saying how (else 400).',
  errors: [400, 404],
});

export const legacyDeleteEnquiry = endpoint<typeof schemas.legacyDeleteEnquiry>({
  method: 'DELETE',
  path: '/api/enquiry/:id',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'Delete an enquiry (and its notes); answers the deleted enquiry',
  errors: [400, 404],
});

export const listAdminEnquiries = endpoint<typeof schemas.listAdminEnquiries>({
  method: 'GET',
  path: '/api/admin/enquiries',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'The support inbox: status, kind, overdue, search, most urgent first, pages, counts',
  errors: [400],
});

export const getAdminEnquiry = endpoint<typeof schemas.getAdminEnquiry>({
  method: 'GET',
  path: '/api/admin/enquiries/:id',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'An enquiry with its notes and replies, oldest first',
  errors: [400, 404],
});

export const addEnquiryNote = endpoint<typeof schemas.addEnquiryNote>({
  method: 'POST',
  path: '/api/admin/enquiries/:id/notes',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'Add an internal note (never sent to the customer)',
  status: 201,
  errors: [400, 404],
});

export const replyToEnquiry = endpoint<typeof schemas.replyToEnquiry>({
  method: 'POST',
  path: '/api/admin/enquiries/:id/reply',
  access: 'staff',
  permission: 'enquiries',
  tag,
  summary: 'E-mail a reply to the customer',
  description:
    'Sent after the answer (retried if the mail server fails), kept in the thread as a reply, and a ' +
    'Submitted enquiry becomes Contacted (and a ticket not yet acknowledged is acknowledged).',
  status: 201,
  errors: [400, 404],
});
