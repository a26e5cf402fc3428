import type { ApiStaffProfile } from '../../../shared/api/staff.schemas.js';
import type { StaffRole } from '../../../shared/staff-roles.js';
import type { Database } from '../../db/client.js';
import type { SignInThrottle } from '../accounts/index.js';
import type { StaffRow } from './staff.repository.js';
import { acceptInvite, cancelInvite, inviteMember, readInvite } from './staff-invites.js';
import { createStaffLogin } from './staff-login.js';
import {
  type CurrentStaff,
  changeRole,
  createIfAbsent,
  listStaff,
  profile,
  requireMember,
  resetTwoFactor,
  revokeMember,
  ShopTwoFactorSetting,
  type StaffContext,
} from './staff-members.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  updateSecuritySettings,
} from './staff-security.js';
import { authenticate, logout, signIn } from './staff-sessions.js';

export { INVITE_HOURS } from './staff-invites.js';
export type { StaffCredentials } from './staff-login.js';
export { type CurrentStaff, STAFF_SESSION_HOURS } from './staff-members.js';
export { STAFF_IDLE_MINUTES, STAFF_MESSAGES } from './staff-sessions.js';

/**
 * The console's staff: sign-in and sessions (staff-login.ts, staff-sessions.ts), the staff list
 * and owners' changes to it (staff-members.ts), invitations (staff-invites.ts), and two-factor
 * sign-in with the shop's rule requiring it (staff-security.ts). Every change is audited in the
 * transaction that makes it.
 */
export function createStaffService(deps: {
  db: Database;
  publicUrl: string;
  signInThrottle: SignInThrottle;
}) {
  const { db } = deps;
  const ctx: StaffContext = { db, publicUrl: deps.publicUrl, twoFactor: new ShopTwoFactorSetting(db) };
  const logins = createStaffLogin({
    db,
    publicUrl: deps.publicUrl,
    signInThrottle: deps.signInThrottle,
    signIn: (row: StaffRow, ip: string, summary: string) => signIn(ctx, row, ip, summary),
    profile: (row: StaffRow) => profile(ctx, row),
  });

  return {
    shopRequiresTwoFactor: (): Promise<boolean> => ctx.twoFactor.required(),
    login: logins.login,
    legacyLogin: logins.legacyLogin,
    authenticate: (token: string, ip: string) => authenticate(ctx, token, ip),
    logout: (current: CurrentStaff) => logout(ctx, current),
    me: async (current: CurrentStaff): Promise<ApiStaffProfile> =>
      profile(ctx, await requireMember(db, current.id)),
    list: () => listStaff(db),
    invite: (current: CurrentStaff, input: { email: string; role: StaffRole }) =>
      inviteMember(ctx, current, input),
    cancelInvite: (current: CurrentStaff, id: string) => cancelInvite(db, current, id),
    changeRole: (current: CurrentStaff, id: string, role: StaffRole) => changeRole(db, current, id, role),
    revoke: (current: CurrentStaff, id: string) => revokeMember(db, current, id),
    resetTwoFactor: (current: CurrentStaff, id: string) => resetTwoFactor(db, current, id),
    readInvite: (token: string) => readInvite(db, token),
    acceptInvite: (
      token: string,
      input: { firstname: string; lastname: string; password: string },
      ip: string,
    ) => acceptInvite(ctx, token, input, ip),
    startTwoFactorSetup: (current: CurrentStaff) => startTwoFactorSetup(ctx, current),
    enableTwoFactor: (current: CurrentStaff, code: string) => enableTwoFactor(ctx, current, code),
    disableTwoFactor: (current: CurrentStaff, password: string) => disableTwoFactor(ctx, current, password),
    regenerateRecoveryCodes: (current: CurrentStaff, password: string) =>
      regenerateRecoveryCodes(ctx, current, password),
    securitySettings: async () => ({ requireTwoFactor: await ctx.twoFactor.required() }),
    updateSecuritySettings: (current: CurrentStaff, input: { requireTwoFactor: boolean }) =>
      updateSecuritySettings(ctx, current, input),
    /**
     * Creates a staff member unless the e-mail is taken (ADMIN_EMAIL at start, `npm run staff:create`).
     * Never changes an existing account: answers whether it created one.
     */
    createIfAbsent: (input: {
      email: string;
      password: string;
      role: StaffRole;
      firstname?: string;
      lastname?: string;
    }): Promise<'created' | 'exists'> => createIfAbsent(db, input),
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
