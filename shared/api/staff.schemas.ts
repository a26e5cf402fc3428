import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '../schemas/auth.js';
import { emailField, requiredText } from '../schemas/fields.js';
import { staffPermissions, staffRoles } from '../staff-roles.js';
import { legacySignedInAnswer, messageAnswer } from './accounts.schemas.js';

/** Staff passwords guard the whole shop: longer than shoppers'. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export const staffPasswordField = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.minLength(
      STAFF_PASSWORD_MIN_LENGTH,
      `Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`,
    ),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

const presentPassword = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH, 'Password is not right'));

const roleField = z.enum(staffRoles, { error: `Role must be one of ${staffRoles.join(', ')}` });

/** A code from an authenticator app (6 digits) or a recovery code (xxxxx-xxxxx). */
const codeField = z
  .string({ error: 'Enter the code' })
  .check(z.trim(), z.minLength(6, 'Enter the 6-digit code'), z.maxLength(20, 'That code is not right'));

export const staffMemberAnswer = z.object({
  _id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  mobile: z.string(),
  role: z.enum(staffRoles),
  twoFactorEnabled: z.boolean(),
  lastLoginAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type ApiStaffMember = z.output<typeof staffMemberAnswer>;

/** The signed-in staff member, with what their role lets them do (the console's navigation). */
export const staffProfileAnswer = z.object({
  ...staffMemberAnswer.shape,
  permissions: z.array(z.enum(staffPermissions)),
  /** The shop requires two-factor sign-in and this member has not set it up: nothing else works. */
  mustSetUpTwoFactor: z.boolean(),
  shopRequiresTwoFactor: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type ApiStaffProfile = z.output<typeof staffProfileAnswer>;

export const staffSignedInAnswer = z.object({ token: z.string(), staff: staffProfileAnswer });
export type ApiStaffSignedIn = z.output<typeof staffSignedInAnswer>;

export const staffLoginBody = z.object({
  email: emailField,
  password: presentPassword,
  code: z.optional(codeField),
});

/** Either signed in, or the password was right and the second factor is still to come. */
export const staffLoginAnswer = z.union([
  staffSignedInAnswer,
  z.object({ twoFactorRequired: z.literal(true), message: z.string() }),
]);
export type ApiStaffLogin = z.output<typeof staffLoginAnswer>;

export const inviteAnswer = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type ApiStaffInvite = z.output<typeof inviteAnswer>;

const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string() });

export const staffLogin = { body: staffLoginBody, response: staffLoginAnswer };
export const legacyAdminLogin = {
  body: z.object({ email: emailField, password: presentPassword }),
  response: legacySignedInAnswer,
};
export const staffLogout = { response: messageAnswer };
export const staffMe = { response: staffProfileAnswer };
export const listStaff = {
  response: z.object({ staff: z.array(staffMemberAnswer), invites: z.array(inviteAnswer) }),
};
export const inviteStaff = {
  body: z.object({ email: emailField, role: roleField }),
  response: inviteAnswer,
};
export const cancelInvite = { params: idParams, response: messageAnswer };
export const changeStaffRole = {
  params: idParams,
  body: z.object({ role: roleField }),
  response: staffMemberAnswer,
};
export const revokeStaff = { params: idParams, response: staffMemberAnswer };
export const resetStaffTwoFactor = { params: idParams, response: staffMemberAnswer };
export const readInvite = {
  params: tokenParams,
  response: z.object({ email: z.string(), role: z.enum(staffRoles), expiresAt: z.string() }),
};
export const acceptInvite = {
  params: tokenParams,
  body: z.object({
    firstname: requiredText('First name is required', 60),
    lastname: requiredText('Last name is required', 60),
    password: staffPasswordField,
  }),
  response: staffSignedInAnswer,
};
export const twoFactorSetup = {
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
};
export const twoFactorEnable = {
  body: z.object({ code: codeField }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
};
export const twoFactorDisable = {
  body: z.object({ password: presentPassword }),
  response: staffProfileAnswer,
};
export const regenerateRecoveryCodes = {
  body: z.object({ password: presentPassword }),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
};
const securitySettings = z.object({
  requireTwoFactor: z.boolean({ error: 'requireTwoFactor must be true or false' }),
});
export const readSecuritySettings = { response: securitySettings };
export const updateSecuritySettings = { body: securitySettings, response: securitySettings };
