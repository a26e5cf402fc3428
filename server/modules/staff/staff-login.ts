import type { ApiLegacySignedIn } from '../../../shared/api/accounts.schemas.js';
import type { ApiStaffLogin, ApiStaffProfile } from '../../../shared/api/staff.schemas.js';
import type { Database, Executor } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/secrets.js';
import {
  type LockoutAlert,
  SIGN_IN_WINDOW_MINUTES,
  type SignInThrottle,
  signInAttemptsEmail,
} from '../accounts/index.js';
import { recordAudit } from '../audit/index.js';
import { queueEmail } from '../email-outbox/index.js';
import type { StaffRow } from './staff.repository.js';
import * as repository from './staff.repository.js';
import { looksLikeRecoveryCode, matchedTotpStep, recoveryCodeHash } from './two-factor.js';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid Credentials',
  wrongCode:
    'That code is not right. Enter the current code from your authenticator app, or a recovery code.',
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  twoFactorOnLegacy:
    'This staff account signs in with two-factor authentication, which this client cannot ask for. Sign in at /admin/login.',
} as const;

export type StaffCredentials = { email: string; password: string; code?: string | undefined };

/**
 * Staff sign-in: the console's (password, then the second factor) and the original admin client's.
 * Wrong passwords are throttled per (account, address) like shoppers' (accounts/sign-in-throttle.ts),
 * so a stranger failing on purpose never locks out an owner, whose own password and code still get in;
 * the lock-out reaches the owner by e-mail and the trail as `staff.login_locked`.
 */
export function createStaffLogin(deps: {
  db: Database;
  publicUrl: string;
  signInThrottle: SignInThrottle;
  signIn: (row: StaffRow, ip: string, summary: string) => Promise<string>;
  profile: (row: StaffRow) => Promise<ApiStaffProfile>;
}) {
  const { db, signInThrottle } = deps;

  const alertMember: LockoutAlert = async (tx, lockout) => {
    const row = await repository.findStaffByEmail(tx, lockout.account);
    if (!row) return;
    await recordAudit(
      tx,
      { id: null, email: lockout.account, ip: lockout.ip },
      {
        action: 'staff.login_locked',
        entityType: 'staff',
        entityId: row.id,
        summary: `${lockout.accountFailures} failed sign-ins in ${SIGN_IN_WINDOW_MINUTES} minutes; the failing address waits ${lockout.waitSeconds} s, the member can still sign in`,
      },
    );
    if (row.revokedAt) return;
    await queueEmail(
      tx,
      signInAttemptsEmail({
        to: row.email,
        firstname: row.firstname,
        failures: lockout.accountFailures,
        at: lockout.at,
        resetLink: `${deps.publicUrl}/admin/login`,
        staff: true,
      }),
      'sign-in attempts',
    );
  };

  async function recordFailedLogin(email: string, row: StaffRow | undefined, ip: string, why: string) {
    await recordAudit(
      db,
      { id: row?.id ?? null, email, ip },
      { action: 'staff.login_failed', entityType: 'staff', entityId: row?.id, summary: why },
    );
  }

  /** A wrong password: recorded in the trail and counted against this address on this account. */
  async function refuse(email: string, row: StaffRow | undefined, ip: string): Promise<never> {
    await recordFailedLogin(email, row, ip, 'Wrong e-mail or password');
    await signInThrottle.recordFailure('staff', email, ip, alertMember);
    throw unauthorized(LOGIN_MESSAGES.invalid);
  }

  /**
   * A second factor: a TOTP code of a later step than the last one accepted (RFC 6238 s. 5.2: a
   * code works once), or an unused recovery code (then spent).
   */
  async function secondFactorMatches(tx: Executor, row: StaffRow, code: string): Promise<boolean> {
    if (!row.totpSecret) return false;
    const step = matchedTotpStep(row.totpSecret, row.email, code);
    if (step !== undefined) return repository.claimTotpStep(tx, row.id, step);
    return looksLikeRecoveryCode(code) && repository.spendRecoveryCode(tx, row.id, recoveryCodeHash(code));
  }

  return {
    secondFactorMatches,

    async login(input: StaffCredentials, ip: string): Promise<ApiStaffLogin> {
      await signInThrottle.check('staff', input.email, ip);
      const row = await repository.findStaffByEmail(db, input.email);
      const active = row && !row.revokedAt ? row : undefined;
      if (!(await verifyPassword(active?.passwordHash, input.password)) || !active) {
        return refuse(input.email, row, ip);
      }
      await signInThrottle.recordSuccess('staff', input.email, ip);
      if (active.totpEnabledAt) {
        if (!input.code) return { twoFactorRequired: true, message: LOGIN_MESSAGES.codeNeeded };
        const matched = await secondFactorMatches(db, active, input.code);
        if (!matched) {
          await recordFailedLogin(input.email, active, ip, 'Wrong two-factor code');
          throw unauthorized(LOGIN_MESSAGES.wrongCode);
        }
      }
      const token = await deps.signIn(active, ip, 'Signed in to the console');
      return { token, staff: await deps.profile(active) };
    },

    /**
     * POST /api/user/admin-login: the original admin client's sign-in (no second factor possible).
     * An e-mail that is no staff member's is "Invalid Credentials" whatever the password: no
     * shopper's password is checked here, so this route tells nobody whether one is right.
     */
    async legacyLogin(input: StaffCredentials, ip: string): Promise<ApiLegacySignedIn> {
      await signInThrottle.check('staff', input.email, ip);
      const row = await repository.findStaffByEmail(db, input.email);
      const active = row && !row.revokedAt ? row : undefined;
      // Verified even without a member, so the answer takes as long either way.
      if (!(await verifyPassword(active?.passwordHash, input.password)) || !active) {
        return refuse(input.email, row, ip);
      }
      await signInThrottle.recordSuccess('staff', input.email, ip);
      if (active.totpEnabledAt) {
        await recordFailedLogin(input.email, active, ip, 'Two-factor account on the original admin client');
        throw forbidden(LOGIN_MESSAGES.twoFactorOnLegacy);
      }
      const token = await deps.signIn(active, ip, 'Signed in from the original admin client');
      return {
        _id: active.id,
        firstname: active.firstname,
        lastname: active.lastname,
        email: active.email,
        mobile: active.mobile,
        token,
      };
    },
  };
}
