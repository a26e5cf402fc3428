import { endpoint } from './endpoint.js';
import type * as schemas from './staff.schemas.js';

const tag = 'Staff';

export const staffLogin = endpoint<typeof schemas.staffLogin>({
  method: 'POST',
  path: '/api/admin/login',
  access: 'public',
  tag,
  summary: 'Staff sign-in (the console)',
  description:
    'Answers a staff session token (idle 30 minutes, 12 hours at most). With two-factor sign-in set up and ' +
    'no `code`, answers `{twoFactorRequired: true}`; a wrong code or password is a 401, and a code works ' +
    'once. Every attempt is recorded in the audit trail. Limited to 30 per 15 minutes per address; wrong ' +
    'passwords make that address wait longer on that account (30 s after the third, doubling up to 15 ' +
    'minutes) while the member signs in from elsewhere, and the member is e-mailed once per 15 minutes.',
  errors: [400, 401, 429],
});

export const legacyAdminLogin = endpoint<typeof schemas.legacyAdminLogin>({
  method: 'POST',
  path: '/api/user/admin-login',
  access: 'public',
  tag,
  summary: 'Staff sign-in (the original admin client)',
  description:
    "The original admin client's login: answers like /api/user/login with a staff session token. 401 " +
    '"Invalid Credentials" for an unknown e-mail, a wrong password or any shopper\'s e-mail (no shopper ' +
    'password is checked here); 403 for staff who sign in with two-factor authentication (that client ' +
    "cannot ask for a code: use /admin/login). Shares /api/user/login's limit of 30 per 15 minutes per " +
    'address; wrong passwords make that address wait longer on that account (30 s after the third, ' +
    'doubling up to 15 minutes) without blocking the member elsewhere.',
  errors: [400, 401, 403, 429],
});

export const staffLogout = endpoint<typeof schemas.staffLogout>({
  method: 'POST',
  path: '/api/admin/logout',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'Staff sign-out',
});

export const staffMe = endpoint<typeof schemas.staffMe>({
  method: 'GET',
  path: '/api/admin/me',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'The signed-in staff member and their permissions',
});

export const listStaff = endpoint<typeof schemas.listStaff>({
  method: 'GET',
  path: '/api/admin/staff',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Staff members and pending invitations',
});

export const inviteStaff = endpoint<typeof schemas.inviteStaff>({
  method: 'POST',
  path: '/api/admin/staff/invites',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Invite a staff member by e-mail',
  description:
    'E-mails a single-use link valid for 72 hours. A new invitation to the same address replaces the ' +
    'pending one; 409 when the address already belongs to an active staff member. A revoked member may be ' +
    'invited back: accepting restores their account with the new role, password and no two-factor.',
  status: 201,
  errors: [400, 409],
});

export const cancelInvite = endpoint<typeof schemas.cancelInvite>({
  method: 'DELETE',
  path: '/api/admin/staff/invites/:id',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Cancel a pending invitation',
  errors: [400, 404],
});

export const changeStaffRole = endpoint<typeof schemas.changeStaffRole>({
  method: 'PUT',
  path: '/api/admin/staff/:id',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: "Change a staff member's role",
  description: 'Takes effect on their next request. 409 when it would leave the shop without an owner.',
  errors: [400, 404, 409],
});

export const revokeStaff = endpoint<typeof schemas.revokeStaff>({
  method: 'POST',
  path: '/api/admin/staff/:id/revoke',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: "Revoke a staff member's access",
  description: 'Their sessions end at once. 409 for yourself or the last owner.',
  errors: [400, 404, 409],
});

export const resetStaffTwoFactor = endpoint<typeof schemas.resetStaffTwoFactor>({
  method: 'POST',
  path: '/api/admin/staff/:id/reset-two-factor',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Turn off two-factor sign-in for a staff member who lost their device',
  description: 'Ends their sessions; they set it up again at their next sign-in.',
  errors: [400, 404],
});

export const readInvite = endpoint<typeof schemas.readInvite>({
  method: 'GET',
  path: '/api/admin/invites/:token',
  access: 'public',
  tag,
  summary: 'The invitation behind a link',
  description: '404 for an unknown, used, cancelled or expired link.',
  errors: [404, 429],
});

export const acceptInvite = endpoint<typeof schemas.acceptInvite>({
  method: 'POST',
  path: '/api/admin/invites/:token/accept',
  access: 'public',
  tag,
  summary: 'Accept an invitation: create the staff account and sign in',
  errors: [400, 404, 409, 429],
});

export const twoFactorSetup = endpoint<typeof schemas.twoFactorSetup>({
  method: 'POST',
  path: '/api/admin/me/two-factor/setup',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'Start setting up two-factor sign-in (TOTP)',
  description: 'A new secret and its QR code; it takes effect once a code from it is confirmed.',
  errors: [409],
});

export const twoFactorEnable = endpoint<typeof schemas.twoFactorEnable>({
  method: 'POST',
  path: '/api/admin/me/two-factor/enable',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'Confirm a code and turn two-factor sign-in on',
  description: 'Answers ten single-use recovery codes, shown once.',
  errors: [400, 409],
});

export const twoFactorDisable = endpoint<typeof schemas.twoFactorDisable>({
  method: 'POST',
  path: '/api/admin/me/two-factor/disable',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'Turn two-factor sign-in off (password required)',
  description: '409 while the shop requires two-factor sign-in.',
  errors: [400, 409, 429],
});

export const regenerateRecoveryCodes = endpoint<typeof schemas.regenerateRecoveryCodes>({
  method: 'POST',
  path: '/api/admin/me/two-factor/recovery-codes',
  access: 'staff',
  permission: 'self',
  tag,
  summary: 'New recovery codes (the old ones stop working)',
  errors: [400, 409, 429],
});

export const readSecuritySettings = endpoint<typeof schemas.readSecuritySettings>({
  method: 'GET',
  path: '/api/admin/settings/security',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Shop-wide security settings',
});

export const updateSecuritySettings = endpoint<typeof schemas.updateSecuritySettings>({
  method: 'PUT',
  path: '/api/admin/settings/security',
  access: 'staff',
  permission: 'staff',
  tag,
  summary: 'Require two-factor sign-in for every staff member',
  description:
    'Staff without it can then only set it up: every other staff route answers 403 until they do. ' +
    'An owner can only turn it on once they use it themselves (409).',
  errors: [400, 409],
});
