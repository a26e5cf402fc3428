import type { ApiMessage } from '../../../shared/api/accounts.schemas.js';
import { unauthorized } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import { recordAudit } from '../audit/index.js';
import type { StaffRow } from './staff.repository.js';
import * as repository from './staff.repository.js';
import { LOGIN_MESSAGES } from './staff-login.js';
import { type CurrentStaff, type StaffContext, startSession } from './staff-members.js';

/** Staff sessions end after 30 minutes without a request (and 12 hours after sign-in at most). */
export const STAFF_IDLE_MINUTES = 30;
const TOUCH_INTERVAL_MS = 60_000;

export const STAFF_MESSAGES = {
  ...LOGIN_MESSAGES,
  notAuthorized: 'Not Authorized',
  idle: `Your console session ended after ${STAFF_IDLE_MINUTES} minutes without activity. Please sign in again.`,
  ended: 'Your console session has ended. Please sign in again.',
  signIn: 'Sign in to the console to continue.',
  shopper: 'This needs a staff account: shopper accounts cannot use the console.',
  setUpTwoFactor: 'The shop requires two-factor sign-in. Set it up under "Account security" to continue.',
} as const;

/** A new session and its sign-in record, committed together. */
export function signIn({ db }: StaffContext, row: StaffRow, ip: string, summary: string): Promise<string> {
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

/** The staff member of a bearer token, or undefined when it is no live staff session. */
export async function authenticate(
  { db, twoFactor }: StaffContext,
  token: string,
  ip: string,
): Promise<CurrentStaff | undefined> {
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
    mustSetUpTwoFactor: row.totpEnabledAt === null && (await twoFactor.required()),
  };
}

export async function logout({ db }: StaffContext, current: CurrentStaff): Promise<ApiMessage> {
  await db.transaction(async (tx) => {
    await repository.revokeStaffSession(tx, current.sessionId);
    await recordAudit(tx, current, { action: 'staff.logout', entityType: 'staff', entityId: current.id });
  });
  return { message: 'You have signed out of the console.' };
}
