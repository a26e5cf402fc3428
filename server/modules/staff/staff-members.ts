import type { ApiStaffInvite, ApiStaffMember, ApiStaffProfile } from '../../../shared/api/staff.schemas.js';
import { roleCan, type StaffRole, staffPermissions, staffRoleLabels } from '../../../shared/staff-roles.js';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { hashPassword, hashToken, newToken } from '../../lib/secrets.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { staffAccessRevokedEmail } from './staff.emails.js';
import type { StaffRow } from './staff.repository.js';
import * as repository from './staff.repository.js';

/**
 * The staff list and what owners change on it (roles, revocation, a lost authenticator), the
 * profile a member sees, and what the other staff files share: the dependencies they run with and
 * the shop-wide two-factor setting.
 */

/** Staff sessions end 12 hours after sign-in at most (and sooner when idle: staff-sessions.ts). */
export const STAFF_SESSION_HOURS = 12;
const REQUIRE_TWO_FACTOR_KEY = 'staff.requireTwoFactor';
const SETTING_CACHE_MS = 5_000;

/** The staff member behind a request, as routes and the audit trail see them. */
export type CurrentStaff = AuditActor & {
  id: string;
  role: StaffRole;
  sessionId: string;
  mustSetUpTwoFactor: boolean;
};

/** Whether the shop requires two-factor sign-in of all staff: read on every request, so kept for a few seconds. */
export class ShopTwoFactorSetting {
  static readonly key = REQUIRE_TWO_FACTOR_KEY;
  private cache: { value: boolean; at: number } | undefined;

  constructor(private readonly db: Database) {}

  async required(): Promise<boolean> {
    if (this.cache && Date.now() - this.cache.at < SETTING_CACHE_MS) return this.cache.value;
    const value = (await repository.readSetting<boolean>(this.db, REQUIRE_TWO_FACTOR_KEY)) === true;
    this.cache = { value, at: Date.now() };
    return value;
  }

  /** Drops the kept value after a change, so this server reads the new one at once. */
  forget(): void {
    this.cache = undefined;
  }
}

export type StaffContext = { db: Database; publicUrl: string; twoFactor: ShopTwoFactorSetting };

export function presentMember(row: StaffRow): ApiStaffMember {
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

export function presentInvite(row: repository.StaffInviteRow): ApiStaffInvite {
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** What the trail keeps of a staff member (never the hash or the TOTP secret). */
export const auditView = (row: StaffRow) => ({
  email: row.email,
  name: `${row.firstname} ${row.lastname}`,
  role: row.role,
  twoFactorEnabled: row.totpEnabledAt !== null,
  revokedAt: row.revokedAt,
});

export async function profile(ctx: StaffContext, row: StaffRow): Promise<ApiStaffProfile> {
  const required = await ctx.twoFactor.required();
  return {
    ...presentMember(row),
    permissions: staffPermissions.filter((permission) => roleCan(row.role, permission)),
    mustSetUpTwoFactor: required && row.totpEnabledAt === null,
    shopRequiresTwoFactor: required,
    recoveryCodesLeft: row.totpEnabledAt ? await repository.countUnusedRecoveryCodes(ctx.db, row.id) : 0,
  };
}

export async function startSession(tx: Executor, row: StaffRow): Promise<string> {
  const token = newToken();
  await repository.insertStaffSession(tx, {
    staffId: row.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + STAFF_SESSION_HOURS * 3_600_000),
  });
  await repository.updateStaff(tx, row.id, { lastLoginAt: new Date() });
  return token;
}

export async function requireMember(db: Executor, id: string): Promise<StaffRow> {
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

export async function listStaff(db: Database) {
  const [members, invites] = await Promise.all([repository.listStaff(db), repository.listPendingInvites(db)]);
  return { staff: members.map(presentMember), invites: invites.map(presentInvite) };
}

export async function changeRole(
  db: Database,
  current: CurrentStaff,
  id: string,
  role: StaffRole,
): Promise<ApiStaffMember> {
  const row = await requireMember(db, id);
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
}

export async function revokeMember(db: Database, current: CurrentStaff, id: string): Promise<ApiStaffMember> {
  const row = await requireMember(db, id);
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
}

export async function resetTwoFactor(
  db: Database,
  current: CurrentStaff,
  id: string,
): Promise<ApiStaffMember> {
  const row = await requireMember(db, id);
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
}

/**
 * Creates a staff member unless the e-mail is taken (ADMIN_EMAIL at start, `npm run staff:create`).
 * Never changes an existing account: answers whether it created one.
 */
export async function createIfAbsent(
  db: Database,
  input: { email: string; password: string; role: StaffRole; firstname?: string; lastname?: string },
): Promise<'created' | 'exists'> {
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
}
