import type { ApiStaffProfile } from '../../../shared/api/staff.schemas.js';
import { badRequest, conflict, forbidden } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/secrets.js';
import { recordAudit } from '../audit/index.js';
import * as repository from './staff.repository.js';
import { LOGIN_MESSAGES } from './staff-login.js';
import {
  type CurrentStaff,
  profile,
  requireMember,
  ShopTwoFactorSetting,
  type StaffContext,
} from './staff-members.js';
import {
  matchedTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
} from './two-factor.js';

/** A member's own two-factor sign-in and recovery codes, and the shop-wide rule that requires it. */

export async function startTwoFactorSetup({ db }: StaffContext, current: CurrentStaff) {
  const row = await requireMember(db, current.id);
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
}

export async function enableTwoFactor({ db }: StaffContext, current: CurrentStaff, code: string) {
  const row = await requireMember(db, current.id);
  if (row.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
  if (!row.totpSecret) throw conflict('Start the set-up first: scan the QR code, then enter its code.');
  // A 400 on the field: the member is signed in and their session stays.
  const step = matchedTotpStep(row.totpSecret, row.email, code);
  if (step === undefined) {
    throw badRequest(LOGIN_MESSAGES.wrongCode, { code: LOGIN_MESSAGES.wrongCode });
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
}

export async function disableTwoFactor(
  ctx: StaffContext,
  current: CurrentStaff,
  password: string,
): Promise<ApiStaffProfile> {
  const row = await requireMember(ctx.db, current.id);
  if (!(await verifyPassword(row.passwordHash, password))) throw forbidden('Your password is not right.');
  if (await ctx.twoFactor.required()) {
    throw conflict('The shop requires two-factor sign-in, so it cannot be turned off.');
  }
  const updated = await ctx.db.transaction(async (tx) => {
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
  return profile(ctx, updated);
}

export async function regenerateRecoveryCodes({ db }: StaffContext, current: CurrentStaff, password: string) {
  const row = await requireMember(db, current.id);
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
}

export async function updateSecuritySettings(
  { db, twoFactor }: StaffContext,
  current: CurrentStaff,
  input: { requireTwoFactor: boolean },
) {
  const before = await twoFactor.required();
  if (input.requireTwoFactor && !before) {
    const row = await requireMember(db, current.id);
    if (!row.totpEnabledAt) {
      throw conflict('Turn on two-factor sign-in for your own account first, so you are not locked out.');
    }
  }
  await db.transaction(async (tx) => {
    await repository.writeSetting(tx, ShopTwoFactorSetting.key, input.requireTwoFactor);
    await recordAudit(tx, current, {
      action: 'settings.update',
      entityType: 'settings',
      entityId: ShopTwoFactorSetting.key,
      summary: input.requireTwoFactor
        ? 'Required two-factor sign-in for all staff'
        : 'Made two-factor sign-in optional for staff',
      before: { requireTwoFactor: before },
      after: { requireTwoFactor: input.requireTwoFactor },
    });
  });
  twoFactor.forget();
  return { requireTwoFactor: input.requireTwoFactor };
}
