import type { ApiMessage } from '../../../shared/api/accounts.schemas.js';
import type {
  ApiStaffInvite,
  ApiStaffMember,
  ApiStaffProfile,
  ApiStaffSignedIn,
} from '../../../shared/api/staff.schemas.js';
import { roleCan, type StaffRole, staffPermissions, staffRoleLabels } from '../../../shared/staff-roles.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/secrets.js';
import type { SignInThrottle } from '../accounts/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { staffAccessRevokedEmail, staffInviteEmail } from './staff.emails.js';
import type { StaffRow } from './staff.repository.js';
import * as repository from './staff.repository.js';
import { createStaffLogin, LOGIN_MESSAGES } from './staff-login.js';
import {
  matchedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
} from './two-factor.js';

/** Staff sessions end after 30 minutes without a request, and 12 hours after sign-in at most. */
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 12;
export const INVITE_HOURS = 72;
const TOUCH_INTERVAL_MS = 60_000;
const REQUIRE_TWO_FACTOR_KEY = 'staff.requireTwoFactor';
const SETTING_CACHE_MS = 5_000;

export const STAFF_MESSAGES = {
  ...LOGIN_MESSAGES,
  notAuthorized: 'Not Authorized',
  idle: `Your console session ended after ${STAFF_IDLE_MINUTES} minutes without activity. Please sign in again.`,
  ended: 'Your console session has ended. Please sign in again.',
  signIn: 'Sign in to the console to continue.',
  shopper: 'This needs a staff account: shopper accounts cannot use the console.',
  setUpTwoFactor: 'The shop requires two-factor sign-in. Set it up under "Account security" to continue.',
} as const;

/** The staff member behind a request, as routes and the audit trail see them. */
export type CurrentStaff = AuditActor & {
  id: string;
  role: StaffRole;
  sessionId: string;
  mustSetUpTwoFactor: boolean;
};

export type { StaffCredentials } from './staff-login.js';

function presentMember(row: StaffRow): ApiStaffMember {
  return {
    _id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    mobile: row.mobile,
    role: row.role,
    twoFactorEnabled: row.totpEnabledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function presentInvite(row: repository.StaffInviteRow): ApiStaffInvite {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What the trail keeps of a staff member (never the hash or the TOTP secret). */
const auditView = (row: StaffRow) => ({
  email: row.email,
  name: `${row.firstname} ${row.lastname}`,
  role: row.role,
  twoFactorEnabled: row.totpEnabledAt !== null,
  revokedAt: row.revokedAt,
});

export function createStaffService(deps: {
  db: Database;
  publicUrl: string;
  signInThrottle: SignInThrottle;
}) {
  const { db, publicUrl } = deps;
  let requireTwoFactorCache: { value: boolean; at: number } | undefined;

  async function shopRequiresTwoFactor(): Promise<boolean> {
    if (requireTwoFactorCache && Date.now() - requireTwoFactorCache.at < SETTING_CACHE_MS) {
      return requireTwoFactorCache.value;
    }
    const value = (await repository.readSetting<boolean>(db, REQUIRE_TWO_FACTOR_KEY)) === true;
    requireTwoFactorCache = { value, at: Date.now() };
    return value;
  }

  async function profile(row: StaffRow): Promise<ApiStaffProfile> {
    const required = await shopRequiresTwoFactor();
    return {
      ...presentMember(row),
      permissions: staffPermissions.filter((permission) => roleCan(row.role, permission)),
      mustSetUpTwoFactor: required && row.totpEnabledAt === null,
      shopRequiresTwoFactor: required,
      recoveryCodesLeft: row.totpEnabledAt ? await repository.countUnusedRecoveryCodes(db, row.id) : 0,
    };
  }

  async function startSession(tx: Executor, row: StaffRow): Promise<string> {
    const token = newToken();
    await repository.insertStaffSession(tx, {
      staffId: row.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + STAFF_SESSION_HOURS * 3_600_000),
    });
    await repository.updateStaff(tx, row.id, { lastLoginAt: new Date() });
    return token;
  }

  /** A new session and its sign-in record, committed together. */
  function signIn(row: StaffRow, ip: string, summary: string): Promise<string> {
    return db.transaction(async (tx) => {
      const token = await startSession(tx, row);
      await recordAudit(
        tx,
        { id: row.id, email: row.email, ip },
        { action: 'staff.login', entityType: 'staff', entityId: row.id, summary },
      );
      return token;
    });
  }

  async function requireMember(id: string): Promise<StaffRow> {
    const row = isUuid(id) ? await repository.findStaffById(db, id) : undefined;
    if (!row) throw notFound('No staff member with that id.');
    return row;
  }

  /** Refuses a change that would leave no active owner. */
  async function keepAnOwner(tx: Executor, changing: StaffRow) {
    if (changing.role !== 'owner') return;
    const owners = await repository.lockOwners(tx);
    if (owners.filter((owner) => owner.id !== changing.id).length === 0) {
      throw conflict('The shop needs at least one owner: make someone else an owner first.');
    }
  }

  function inviteLink(token: string): string {
    return `${publicUrl}/admin/accept-invite/${token}`;
  }

  async function usableInvite(token: string) {
    const invite =
      token.length <= 100 ? await repository.findInviteByTokenHash(db, hashToken(token)) : undefined;
    if (!invite || invite.acceptedAt || invite.cancelledAt || invite.expiresAt <= new Date()) {
      throw notFound('This invitation link is not valid any more. Ask the shop owner for a new one.');
    }
    return invite;
  }

  const logins = createStaffLogin({ db, publicUrl, signInThrottle: deps.signInThrottle, signIn, profile });

  return {
    shopRequiresTwoFactor,
    login: logins.login,
    legacyLogin: logins.legacyLogin,

    /** The staff member of a bearer token, or undefined when it is no live staff session. */
    async authenticate(token: string, ip: string): Promise<CurrentStaff | undefined> {
      const session = await repository.findLiveStaffSession(db, hashToken(token));
      if (!session) return undefined;
      const idleMs = Date.now() - session.lastSeenAt.getTime();
      if (idleMs > STAFF_IDLE_MINUTES * 60_000) {
        await repository.revokeStaffSession(db, session.sessionId);
        throw unauthorized(STAFF_MESSAGES.idle);
      }
      if (idleMs > TOUCH_INTERVAL_MS) await repository.touchStaffSession(db, session.sessionId);
      const row = session.staff;
      return {
        id: row.id,
        email: row.email,
        ip,
        role: row.role,
        sessionId: session.sessionId,
        mustSetUpTwoFactor: row.totpEnabledAt === null && (await shopRequiresTwoFactor()),
      };
    },

    async logout(current: CurrentStaff): Promise<ApiMessage> {
      await db.transaction(async (tx) => {
        await repository.revokeStaffSession(tx, current.sessionId);
        await recordAudit(tx, current, { action: 'staff.logout', entityType: 'staff', entityId: current.id });
      });
      return { message: 'You have signed out of the console.' };
    },

    async me(current: CurrentStaff): Promise<ApiStaffProfile> {
      return profile(await requireMember(current.id));
    },

    async list() {
      const [members, invites] = await Promise.all([
        repository.listStaff(db),
        repository.listPendingInvites(db),
      ]);
      return { staff: members.map(presentMember), invites: invites.map(presentInvite) };
    },

    async invite(current: CurrentStaff, input: { email: string; role: StaffRole }): Promise<ApiStaffInvite> {
      const existing = await repository.findStaffByEmail(db, input.email);
      // A revoked member may be invited back: accepting gives them a fresh start (new password,
      // no two-factor, the invited role) on the same account, so the audit trail stays theirs.
      if (existing && !existing.revokedAt) throw conflict(`${input.email} is already on the staff.`);
      const token = newToken();
      const invite = await db.transaction(async (tx) => {
        await repository.cancelInvites(tx, { email: input.email });
        const row = await repository.insertInvite(tx, {
          email: input.email,
          role: input.role,
          tokenHash: hashToken(token),
          invitedBy: current.id,
          expiresAt: new Date(Date.now() + INVITE_HOURS * 3_600_000),
        });
        await recordAudit(tx, current, {
          action: 'staff.invite',
          entityType: 'staff_invite',
          entityId: row.id,
          summary: `Invited ${input.email} as ${staffRoleLabels[input.role]}`,
          after: { email: input.email, role: input.role, expiresAt: row.expiresAt },
        });
        await queueEmail(
          tx,
          staffInviteEmail({
            to: input.email,
            invitedBy: current.email,
            role: input.role,
            link: inviteLink(token),
            validHours: INVITE_HOURS,
          }),
          'staff invitation',
        );
        return row;
      });
      return presentInvite(invite);
    },

    async cancelInvite(current: CurrentStaff, id: string): Promise<ApiMessage> {
      if (!isUuid(id)) throw notFound('No pending invitation with that id.');
      await db.transaction(async (tx) => {
        const [cancelled] = await repository.cancelInvites(tx, { id });
        if (!cancelled) throw notFound('No pending invitation with that id.');
        await recordAudit(tx, current, {
          action: 'staff.invite_cancel',
          entityType: 'staff_invite',
          entityId: id,
          summary: `Cancelled the invitation of ${cancelled.email}`,
        });
      });
      return { message: 'Invitation cancelled.' };
    },

    async changeRole(current: CurrentStaff, id: string, role: StaffRole): Promise<ApiStaffMember> {
      const row = await requireMember(id);
      if (row.revokedAt) throw conflict('This staff member was revoked; invite them again instead.');
      if (row.role === role) return presentMember(row);
      const updated = await db.transaction(async (tx) => {
        if (role !== 'owner') await keepAnOwner(tx, row);
        const changed = await repository.updateStaff(tx, id, { role });
        await recordAudit(tx, current, {
          action: 'staff.role_change',
          entityType: 'staff',
          entityId: id,
          summary: `Changed ${row.email} from ${staffRoleLabels[row.role]} to ${staffRoleLabels[role]}`,
          before: { role: row.role },
          after: { role },
        });
        return changed!;
      });
      return presentMember(updated);
    },

    async revoke(current: CurrentStaff, id: string): Promise<ApiStaffMember> {
      const row = await requireMember(id);
      if (row.id === current.id) throw conflict('You cannot revoke your own access.');
      if (row.revokedAt) return presentMember(row);
      const revoked = await db.transaction(async (tx) => {
        await keepAnOwner(tx, row);
        const changed = await repository.updateStaff(tx, id, { revokedAt: new Date() });
        await repository.revokeAllStaffSessions(tx, id);
        await recordAudit(tx, current, {
          action: 'staff.revoke',
          entityType: 'staff',
          entityId: id,
          summary: `Revoked the access of ${row.email}`,
          before: auditView(row),
          after: auditView(changed!),
        });
        await queueEmail(tx, staffAccessRevokedEmail(row.email, row.firstname), 'staff access revoked');
        return changed!;
      });
      return presentMember(revoked);
    },

    async resetTwoFactor(current: CurrentStaff, id: string): Promise<ApiStaffMember> {
      const row = await requireMember(id);
      const updated = await db.transaction(async (tx) => {
        const changed = await repository.updateStaff(tx, id, { totpSecret: null, totpEnabledAt: null });
        await repository.replaceRecoveryCodes(tx, id, []);
        await repository.revokeAllStaffSessions(tx, id);
        await recordAudit(tx, current, {
          action: 'staff.two_factor_reset',
          entityType: 'staff',
          entityId: id,
          summary: `Turned off two-factor sign-in for ${row.email}`,
        });
        return changed!;
      });
      return presentMember(updated);
    },

    async readInvite(token: string) {
      const invite = await usableInvite(token);
      return { email: invite.email, role: invite.role, expiresAt: invite.expiresAt.toISOString() };
    },

    async acceptInvite(
      token: string,
      input: { firstname: string; lastname: string; password: string },
      ip: string,
    ): Promise<ApiStaffSignedIn> {
      await usableInvite(token);
      const passwordHash = await hashPassword(input.password);
      const { row, sessionToken } = await db.transaction(async (tx) => {
        // Locked and checked again: two clicks on one link make one account.
        const invite = await repository.lockInviteByTokenHash(tx, hashToken(token));
        if (!invite || invite.acceptedAt || invite.cancelledAt || invite.expiresAt <= new Date()) {
          throw notFound('This invitation link is not valid any more. Ask the shop owner for a new one.');
        }
        const values = {
          email: invite.email,
          firstname: input.firstname,
          lastname: input.lastname,
          mobile: '',
          passwordHash,
          role: invite.role,
        };
        const created =
          (await repository.insertStaff(tx, values)) ?? (await repository.reactivateRevokedStaff(tx, values));
        if (!created) throw conflict(`${invite.email} is already on the staff. Sign in instead.`);
        await repository.markInviteAccepted(tx, invite.id);
        await recordAudit(
          tx,
          { id: created.id, email: created.email, ip },
          {
            action: 'staff.invite_accept',
            entityType: 'staff',
            entityId: created.id,
            summary: `Joined the staff as ${staffRoleLabels[created.role]}`,
            after: auditView(created),
          },
        );
        return { row: created, sessionToken: await startSession(tx, created) };
      });
      return { token: sessionToken, staff: await profile(row) };
    },

    async startTwoFactorSetup(current: CurrentStaff) {
      const row = await requireMember(current.id);
      if (row.totpEnabledAt)
        throw conflict('Two-factor sign-in is already on. Turn it off first to move it to a new device.');
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await repository.updateStaff(tx, row.id, { totpSecret: secret });
        await recordAudit(tx, current, {
          action: 'staff.two_factor_setup',
          entityType: 'staff',
          entityId: row.id,
          summary: 'Started setting up two-factor sign-in',
        });
      });
      return totpEnrolment(secret, row.email);
    },

    async enableTwoFactor(current: CurrentStaff, code: string) {
      const row = await requireMember(current.id);
      if (row.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
      if (!row.totpSecret) throw conflict('Start the set-up first: scan the QR code, then enter its code.');
      // A 400 on the field: the member is signed in and their session stays.
      const step = matchedTotpStep(row.totpSecret, row.email, code);
      if (step === undefined) {
        throw badRequest(STAFF_MESSAGES.wrongCode, { code: STAFF_MESSAGES.wrongCode });
      }
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        // The code that turned it on does not sign in as well.
        await repository.claimTotpStep(tx, row.id, step);
        await repository.updateStaff(tx, row.id, { totpEnabledAt: new Date() });
        await repository.replaceRecoveryCodes(tx, row.id, recoveryCodes.map(recoveryCodeHash));
        await recordAudit(tx, current, {
          action: 'staff.two_factor_enable',
          entityType: 'staff',
          entityId: row.id,
          summary: 'Turned on two-factor sign-in',
        });
      });
      return { recoveryCodes };
    },

    async disableTwoFactor(current: CurrentStaff, password: string): Promise<ApiStaffProfile> {
      const row = await requireMember(current.id);
      if (!(await verifyPassword(row.passwordHash, password))) throw forbidden('Your password is not right.');
      if (await shopRequiresTwoFactor()) {
        throw conflict('The shop requires two-factor sign-in, so it cannot be turned off.');
      }
      const updated = await db.transaction(async (tx) => {
        const changed = await repository.updateStaff(tx, row.id, { totpSecret: null, totpEnabledAt: null });
        await repository.replaceRecoveryCodes(tx, row.id, []);
        await recordAudit(tx, current, {
          action: 'staff.two_factor_disable',
          entityType: 'staff',
          entityId: row.id,
          summary: 'Turned off two-factor sign-in',
        });
        return changed!;
      });
      return profile(updated);
    },

    async regenerateRecoveryCodes(current: CurrentStaff, password: string) {
      const row = await requireMember(current.id);
      if (!(await verifyPassword(row.passwordHash, password))) throw forbidden('Your password is not right.');
      if (!row.totpEnabledAt) throw conflict('Turn on two-factor sign-in first.');
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await repository.replaceRecoveryCodes(tx, row.id, recoveryCodes.map(recoveryCodeHash));
        await recordAudit(tx, current, {
          action: 'staff.recovery_codes',
          entityType: 'staff',
          entityId: row.id,
          summary: 'Made new recovery codes',
        });
      });
      return { recoveryCodes };
    },

    async securitySettings() {
      return { requireTwoFactor: await shopRequiresTwoFactor() };
    },

    async updateSecuritySettings(current: CurrentStaff, input: { requireTwoFactor: boolean }) {
      const before = await shopRequiresTwoFactor();
      if (input.requireTwoFactor && !before) {
        const row = await requireMember(current.id);
        if (!row.totpEnabledAt) {
          throw conflict('Turn on two-factor sign-in for your own account first, so you are not locked out.');
        }
      }
      await db.transaction(async (tx) => {
        await repository.writeSetting(tx, REQUIRE_TWO_FACTOR_KEY, input.requireTwoFactor);
        await recordAudit(tx, current, {
          action: 'settings.update',
          entityType: 'settings',
          entityId: REQUIRE_TWO_FACTOR_KEY,
          summary: input.requireTwoFactor
            ? 'Required two-factor sign-in for all staff'
            : 'Made two-factor sign-in optional for staff',
          before: { requireTwoFactor: before },
          after: { requireTwoFactor: input.requireTwoFactor },
        });
      });
      requireTwoFactorCache = undefined;
      return { requireTwoFactor: input.requireTwoFactor };
    },

    /**
     * Creates a staff member unless the e-mail is taken (ADMIN_EMAIL at start, `npm run staff:create`).
     * Never changes an existing account: answers whether it created one.
     */
    async createIfAbsent(input: {
      email: string;
      password: string;
      role: StaffRole;
      firstname?: string;
      lastname?: string;
    }): Promise<'created' | 'exists'> {
      const email = input.email.trim().toLowerCase();
      if (await repository.findStaffByEmail(db, email)) return 'exists';
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const created = await repository.insertStaff(tx, {
          email,
          firstname: input.firstname ?? 'Shop',
          lastname: input.lastname ?? staffRoleLabels[input.role],
          mobile: '',
          passwordHash,
          role: input.role,
        });
        if (!created) return 'exists';
        await recordAudit(
          tx,
          { id: null, email: 'operator' },
          {
            action: 'staff.create',
            entityType: 'staff',
            entityId: created.id,
            summary: `Created ${email} as ${staffRoleLabels[input.role]} from the command line or start-up settings`,
            after: auditView(created),
          },
        );
        return 'created';
      });
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
