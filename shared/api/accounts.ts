import type * as schemas from './accounts.schemas.js';
import { endpoint } from './endpoint.js';

const tag = 'Accounts';

export const register = endpoint<typeof schemas.register>({
  method: 'POST',
  path: '/api/user/register',
  access: 'public',
  tag,
  summary: 'Create an account',
  description:
    'A 409 when the e-mail or mobile belongs to an account (or an e-mail is held for a restore link). ' +
    'Mails a link that confirms the address (`emailVerified` is false until it is used; shopping needs ' +
    'no confirmation). `language` (`en` or `hi`, English when left out) is the language every e-mail ' +
    'to the customer is written in. Limited to 10 per 15 minutes per address.',
  status: 201,
  errors: [400, 409, 429],
});

export const login = endpoint<typeof schemas.login>({
  method: 'POST',
  path: '/api/user/login',
  access: 'public',
  tag,
  summary: 'Sign in',
  description:
    'Answers the account and the bearer token of a new 30-day session. 401 "Invalid Credentials" for an ' +
    'unknown e-mail or a wrong password alike; 403 for a blocked account. Limited to 30 per 15 minutes ' +
    'per address (shared with /api/user/admin-login). Wrong passwords make that address wait longer on ' +
    'that account (30 s after the third, doubling up to 15 minutes; 429 with Retry-After) while the ' +
    'owner signs in from anywhere else, and the owner is e-mailed once per 15 minutes.',
  errors: [400, 401, 403, 429],
});

export const logout = endpoint<typeof schemas.logout>({
  method: 'POST',
  path: '/api/user/logout',
  access: 'customer',
  tag,
  summary: 'Sign out',
  description: 'Revokes the session of the token sent.',
});

export const me = endpoint<typeof schemas.me>({
  method: 'GET',
  path: '/api/user/me',
  access: 'customer',
  tag,
  summary: 'The signed-in account',
  errors: [403, 404],
});

export const editProfile = endpoint<typeof schemas.editProfile>({
  method: 'PUT',
  path: '/api/user/edit-user',
  access: 'customer',
  tag,
  summary: 'Change name, e-mail, mobile or language',
  description:
    'The mobile may be sent as a JSON number. A new e-mail needs `currentPassword` (400 without it, 403 ' +
    'when wrong; limited to 10 per 15 minutes per account), and the old address gets a 7-day link that ' +
    'undoes the change; the new address is unconfirmed (`emailVerified: false`) until the link mailed to ' +
    'it is used, and a new mobile until its code is entered. A 409 when the e-mail or mobile belongs to ' +
    'another account.',
  errors: [400, 403, 404, 409, 429],
});

export const restoreEmail = endpoint<typeof schemas.restoreEmail>({
  method: 'POST',
  path: '/api/user/restore-email/:token',
  access: 'public',
  tag,
  summary: 'Undo an e-mail change',
  description:
    'From the link sent to the old address: puts it back, signs out every session and mails a link to ' +
    'set a new password. Limited to 10 per 15 minutes per address.',
  errors: [400, 409, 429],
});

export const forgotPassword = endpoint<typeof schemas.forgotPassword>({
  method: 'POST',
  path: '/api/user/forgot-password-token',
  access: 'public',
  tag,
  summary: 'Ask for a password reset link',
  description:
    'Answers at once and the same whether or not the e-mail is known; the link (valid 30 minutes) ' +
    'leaves by e-mail only. Limited to 10 per 15 minutes per address and 3 per e-mail.',
  errors: [400, 429],
});

export const resetPassword = endpoint<typeof schemas.resetPassword>({
  method: 'PUT',
  path: '/api/user/reset-password/:token',
  access: 'public',
  tag,
  summary: 'Set a new password from a reset link',
  description:
    'The link works once; every session of the account is signed out. Limited to 10 per 15 minutes ' +
    'per address.',
  errors: [400, 429],
});

export const resendEmailVerification = endpoint<typeof schemas.resendEmailVerification>({
  method: 'POST',
  path: '/api/user/verify-email/resend',
  access: 'customer',
  tag,
  summary: 'Send a new link to confirm the e-mail address',
  description:
    "Mails a link valid 48 hours to the account's current address (earlier links stop working). 409 when " +
    'it is already confirmed. Limited to 3 per 15 minutes per account and 10 per address.',
  errors: [409, 429],
});

export const verifyEmail = endpoint<typeof schemas.verifyEmail>({
  method: 'POST',
  path: '/api/user/verify-email/:token',
  access: 'public',
  tag,
  summary: 'Confirm the e-mail address from the mailed link',
  description:
    'Marks the address the link was sent to as confirmed, if the account still uses it; from then on, ' +
    'complaints and requests sent with that address belong to the account (its data export and erasure). ' +
    '400 for an unknown or used link or one for an address the account no longer uses; 410 when expired. ' +
    'Limited to 10 per 15 minutes per address.',
  errors: [400, 410, 429],
});

export const sendMobileCode = endpoint<typeof schemas.sendMobileCode>({
  method: 'POST',
  path: '/api/user/verify-mobile/send',
  access: 'customer',
  tag,
  summary: 'Send a code to confirm the mobile number',
  description:
    "A 6-digit code valid 10 minutes, through the shop's one-time-code sender (by e-mail until an SMS " +
    'provider is set up, then by SMS to the number); `sentTo` says where, masked. 409 when already ' +
    'confirmed. Limited to 3 per 15 minutes per account.',
  errors: [409, 429],
});

export const verifyMobile = endpoint<typeof schemas.verifyMobile>({
  method: 'POST',
  path: '/api/user/verify-mobile',
  access: 'customer',
  tag,
  summary: 'Confirm the mobile number with its code',
  description:
    'A wrong code is a 400 on the `code` field; five wrong tries spend the code. A changed mobile number ' +
    'is unconfirmed again until a code sent for it is entered.',
  errors: [400, 429],
});
