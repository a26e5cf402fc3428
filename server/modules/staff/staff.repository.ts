import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/staff-roles.js';
import type { Executor } from '../../db/client.js';
import { shopSettings, staff, staffInvites, staffRecoveryCodes, staffSessions } from '../../db/schema.js';

export type StaffRow = typeof staff.$inferSelect;
export type StaffInviteRow = typeof staffInvites.$inferSelect;

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email)).limit(1);
  return row;
}

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return row;
}

/** Locks the staff table's owners, so two owners revoking each other cannot leave none. */
export async function lockOwners(db: Executor): Promise<StaffRow[]> {
  return db
    .select()
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.revokedAt)))
    .for('update');
}

export async function listStaff(db: Executor): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt));
}

export async function insertStaff(
  db: Executor,
  values: Pick<StaffRow, 'email' | 'firstname' | 'lastname' | 'mobile' | 'passwordHash' | 'role'>,
): Promise<StaffRow | undefined> {
  const [row] = await db.insert(staff).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Gives a revoked member their account back, as a new start: the invitation's role, a new name
 * and password, no two-factor. Undefined unless a revoked member has this e-mail.
 */
export async function reactivateRevokedStaff(
  db: Executor,
  values: Pick<StaffRow, 'email' | 'firstname' | 'lastname' | 'mobile' | 'passwordHash' | 'role'>,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .update(staff)
    .set({ ...values, revokedAt: null, totpSecret: null, totpEnabledAt: null })
    .where(and(eq(staff.email, values.email), isNotNull(staff.revokedAt)))
    .returning();
  if (row) await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id));
  return row;
}

export async function updateStaff(
  db: Executor,
  id: string,
  values: Partial<
    Pick<StaffRow, 'role' | 'revokedAt' | 'totpSecret' | 'totpEnabledAt' | 'lastLoginAt' | 'passwordHash'>
  >,
): Promise<StaffRow | undefined> {
  const [row] = await db.update(staff).set(values).where(eq(staff.id, id)).returning();
  return row;
}

export async function insertStaffSession(
  db: Executor,
  values: { staffId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(staffSessions).values(values).returning({ id: staffSessions.id });
  return row!.id;
}

export type StaffSessionWithStaff = {
  sessionId: string;
  lastSeenAt: Date;
  expiresAt: Date;
  staff: StaffRow;
};

/** A session that is neither revoked nor past its absolute end, with its (not revoked) staff member. */
export async function findLiveStaffSession(
  db: Executor,
  tokenHash: string,
): Promise<StaffSessionWithStaff | undefined> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      staff,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staff.revokedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function touchStaffSession(db: Executor, sessionId: string): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: new Date() }).where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

export async function revokeAllStaffSessions(db: Executor, staffId: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

export async function insertInvite(
  db: Executor,
  values: { email: string; role: StaffRole; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<StaffInviteRow> {
  const [row] = await db.insert(staffInvites).values(values).returning();
  return row!;
}

/** Invitations not yet accepted, cancelled or expired. */
export async function listPendingInvites(db: Executor): Promise<StaffInviteRow[]> {
  return db
    .select()
    .from(staffInvites)
    .where(
      and(
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.cancelledAt),
        gt(staffInvites.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(staffInvites.createdAt));
}

export async function findInviteByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<StaffInviteRow | undefined> {
  const [row] = await db.select().from(staffInvites).where(eq(staffInvites.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function lockInviteByTokenHash(
  db: Executor,
  tokenHash: string,
): Promise<StaffInviteRow | undefined> {
  const [row] = await db
    .select()
    .from(staffInvites)
    .where(eq(staffInvites.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

export async function markInviteAccepted(db: Executor, id: string): Promise<void> {
  await db.update(staffInvites).set({ acceptedAt: new Date() }).where(eq(staffInvites.id, id));
}

/** Cancels pending invitations: one by id, or every one for an e-mail address. */
export async function cancelInvites(
  db: Executor,
  where: { id: string } | { email: string },
): Promise<StaffInviteRow[]> {
  return db
    .update(staffInvites)
    .set({ cancelledAt: new Date() })
    .where(
      and(
        'id' in where ? eq(staffInvites.id, where.id) : eq(staffInvites.email, where.email),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.cancelledAt),
      ),
    )
    .returning();
}

export async function replaceRecoveryCodes(
  db: Executor,
  staffId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  if (codeHashes.length) {
    await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
  }
}

/** Marks an unused recovery code used; true if it was there to use (single use, race-safe). */
export async function spendRecoveryCode(db: Executor, staffId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

/**
 * Records `step` as the last TOTP step accepted, only if it is later than the one before: answers
 * false for a code of a step already used (or older), also when two requests race with one code.
 */
export async function claimTotpStep(db: Executor, staffId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(
      and(eq(staff.id, staffId), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`),
    )
    .returning({ id: staff.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, staffId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

export async function readSetting<T>(db: Executor, key: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: new Date() } });
}

export async function countStaff(db: Executor): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(staff);
  return row?.count ?? 0;
}
