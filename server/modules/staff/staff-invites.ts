import type { ApiMessage } from '../../../shared/api/accounts.schemas.js';
import type { ApiStaffInvite, ApiStaffSignedIn } from '../../../shared/api/staff.schemas.js';
import { type StaffRole, staffRoleLabels } from '../../../shared/staff-roles.js';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { hashPassword, hashToken, newToken } from '../../lib/secrets.js';
import { recordAudit } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { staffInviteEmail } from './staff.emails.js';
import * as repository from './staff.repository.js';
import {
  auditView,
  type CurrentStaff,
  presentInvite,
  profile,
  type StaffContext,
  startSession,
} from './staff-members.js';

/** Invitations: an owner invites by e-mail, the link (kept only as its hash) makes the account. */

export const INVITE_HOURS = 72;

const INVITE_GONE = 'This invitation link is not valid any more. Ask the shop owner for a new one.';

async function usableInvite(db: Database, token: string) {
  const invite =
    token.length <= 100 ? await repository.findInviteByTokenHash(db, hashToken(token)) : undefined;
  if (!invite || invite.acceptedAt || invite.cancelledAt || invite.expiresAt <= new Date()) {
    throw notFound(INVITE_GONE);
  }
  return invite;
}

export async function inviteMember(
  { db, publicUrl }: StaffContext,
  current: CurrentStaff,
  input: { email: string; role: StaffRole },
): Promise<ApiStaffInvite> {
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
        link: `${publicUrl}/admin/accept-invite/${token}`,
        validHours: INVITE_HOURS,
      }),
      'staff invitation',
    );
    return row;
  });
  return presentInvite(invite);
}

export async function cancelInvite(db: Database, current: CurrentStaff, id: string): Promise<ApiMessage> {
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
}

export async function readInvite(db: Database, token: string) {
  const invite = await usableInvite(db, token);
  return { email: invite.email, role: invite.role, expiresAt: invite.expiresAt.toISOString() };
}

export async function acceptInvite(
  ctx: StaffContext,
  token: string,
  input: { firstname: string; lastname: string; password: string },
  ip: string,
): Promise<ApiStaffSignedIn> {
  await usableInvite(ctx.db, token);
  const passwordHash = await hashPassword(input.password);
  const { row, sessionToken } = await ctx.db.transaction(async (tx) => {
    // Locked and checked again: two clicks on one link make one account.
    const invite = await repository.lockInviteByTokenHash(tx, hashToken(token));
    if (!invite || invite.acceptedAt || invite.cancelledAt || invite.expiresAt <= new Date()) {
      throw notFound(INVITE_GONE);
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
  return { token: sessionToken, staff: await profile(ctx, row) };
}
