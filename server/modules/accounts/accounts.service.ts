import type { ApiMessage, ApiSignedIn, ApiUser } from '../../../shared/api/accounts.schemas.js';
import {
  type Credentials,
  CURRENT_PASSWORD_MESSAGES,
  type NewPassword,
  type PasswordResetRequest,
  type ProfileChange,
  type Registration,
} from '../../../shared/schemas/auth.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/secrets.js';
import { recordAudit } from '../audit/index.js';
import { type EmailOutbox, queueEmail } from '../email-outbox/index.js';
import { emailChangedEmail, passwordResetEmail, signInAttemptsEmail } from './accounts.emails.js';
import { presentUser } from './accounts.presenter.js';
import * as repository from './accounts.repository.js';
import { recordSignUpConsents } from './consents.js';
import type { ContactVerification } from './contact-verification.service.js';
import { type LockoutAlert, SIGN_IN_WINDOW_MINUTES, type SignInThrottle } from './sign-in-throttle.js';

export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 30;
export const EMAIL_RESTORE_DAYS = 7;
/** Writing last_seen_at on every request would turn reads into writes; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export const MESSAGES = {
  duplicate: 'User already exist! please login!',
  invalidCredentials: 'Invalid Credentials',
  blocked: 'This account has been blocked. Please contact support.',
  forgotNeutral: 'If an account exists for that e-mail, we have sent a password reset link to it.',
  resetDone: 'Password updated successfully!',
  resetInvalid: 'This password reset link is invalid, expired or already used. Please request a new one.',
  profileTaken: 'That e-mail or mobile number belongs to another account.',
  restoreDone:
    'Your old e-mail address is back. Every device has been signed out, and we have sent a link to set a new password to that address.',
  restoreInvalid:
    'This link is invalid, expired or already used. If someone else is using your account, please contact support.',
  restoreTaken: 'Another account uses that address now, so it cannot be restored. Please contact support.',
} as const;

/**
 * What a restored account's password becomes: no argon2 hash, so no password matches it (the one
 * who changed the address knew the old one); the owner sets a new one from the e-mailed link.
 */
const LOCKED_PASSWORD = 'locked: e-mail address restored';

export type AuthenticatedUser = { id: string; sessionId: string; role: 'user' | 'admin' };

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export type AccountsDeps = {
  db: Database;
  /**
   * Every e-mail goes through the outbox, in the transaction of its change; forgot-password's
   * is prepared after the answer (`queueLater`), so the answer's time says nothing.
   */
  emailOutbox: Pick<EmailOutbox, 'queueLater'>;
  publicUrl: string;
  signInThrottle: SignInThrottle;
  /** Sign-up and a changed address send the link that proves the address. */
  contactVerification: Pick<ContactVerification, 'sendEmailLink'>;
};

const now = () => new Date();

/** Customers' accounts: sign-up, sign-in and sessions, the profile, e-mail restore, password reset. */
export class AccountsService {
  private readonly db: Database;
  private readonly deps: AccountsDeps;

  constructor(deps: AccountsDeps) {
    this.db = deps.db;
    this.deps = deps;
  }

  private async startSession(userId: string): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
    await repository.insertSession(this.db, userId, hashToken(token), expiresAt);
    return token;
  }

  /** The owner hears of a lock-out by e-mail, and staff see it in the audit trail. */
  private readonly alertOwner: LockoutAlert = async (tx, lockout) => {
    const user = await repository.findUserByEmail(tx, lockout.account);
    // Nothing is kept of addresses typed that belong to nobody.
    if (!user || user.erasedAt) return;
    await recordAudit(
      tx,
      { id: null, email: 'sign-in protection', ip: lockout.ip },
      {
        action: 'customer.login_locked',
        entityType: 'customer',
        entityId: user.id,
        summary: `${lockout.accountFailures} failed sign-ins to a customer account in ${SIGN_IN_WINDOW_MINUTES} minutes; the failing address waits ${lockout.waitSeconds} s, the owner can still sign in`,
      },
    );
    if (user.isBlocked) return;
    await queueEmail(
      tx,
      signInAttemptsEmail({
        to: user.email,
        firstname: user.firstname,
        failures: lockout.accountFailures,
        at: lockout.at,
        resetLink: `${this.deps.publicUrl}/forgot-password`,
        locale: user.language,
      }),
      'sign-in attempts',
    );
  };

  async register(input: Registration): Promise<ApiUser> {
    if (
      (await repository.findConflictingUser(this.db, input.email, input.mobile)) ||
      (await repository.isEmailReserved(this.db, input.email, now()))
    )
      throw conflict(MESSAGES.duplicate);
    const { marketingEmails, ...account } = input;
    // The account's language is what the sign-up form sent (the page's), English when it sent none.
    const passwordHash = await hashPassword(account.password);
    try {
      // The account and the record of what its owner agreed to, together or not at all.
      const user = await this.db.transaction(async (tx) => {
        const row = await repository.insertUser(tx, { ...account, passwordHash });
        await recordSignUpConsents(tx, row.id, marketingEmails === true, now());
        // Browsing, the cart and paying need no proof; linking what was filed under the address does.
        await this.deps.contactVerification.sendEmailLink(tx, row);
        return row;
      });
      return presentUser(user);
    } catch (error) {
      // Two sign-ups racing with one e-mail: the unique index lets exactly one through.
      if (isUniqueViolation(error)) throw conflict(MESSAGES.duplicate);
      throw error;
    }
  }

  /**
   * A wrong password counts against this address on this account only (sign-in-throttle.ts): the
   * owner's right password from anywhere else still gets in.
   */
  async login(input: Credentials, ip: string): Promise<ApiSignedIn> {
    await this.deps.signInThrottle.check('customer', input.email, ip);
    const user = await repository.findUserByEmail(this.db, input.email);
    const valid = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !valid) {
      await this.deps.signInThrottle.recordFailure('customer', input.email, ip, this.alertOwner);
      throw new AppError(401, MESSAGES.invalidCredentials);
    }
    await this.deps.signInThrottle.recordSuccess('customer', input.email, ip);
    if (user.isBlocked) throw forbidden(MESSAGES.blocked);
    const token = await this.startSession(user.id);
    const { createdAt: _createdAt, ...publicUser } = presentUser(user);
    return { ...publicUser, token };
  }

  /** Resolves a bearer token to its user on every request; throws 401/403 otherwise. */
  async authenticate(token: string | undefined): Promise<AuthenticatedUser> {
    if (!token) throw unauthorized('Please log in to continue.');
    const current = now();
    const session = await repository.findActiveSession(this.db, hashToken(token), current);
    if (!session) throw unauthorized('Your session has expired. Please log in again.');
    if (session.user.isBlocked) throw forbidden(MESSAGES.blocked);
    if (current.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await repository.touchSession(this.db, session.sessionId, current);
    }
    return { id: session.user.id, sessionId: session.sessionId, role: session.user.role };
  }

  /** Whether a token is a live shopper session (a staff route then answers 403, not 401). */
  async isSessionToken(token: string): Promise<boolean> {
    return (await repository.findActiveSession(this.db, hashToken(token), now())) !== undefined;
  }

  async logout(auth: AuthenticatedUser): Promise<ApiMessage> {
    await repository.revokeSession(this.db, auth.sessionId, now());
    return { message: 'You have been logged out.' };
  }

  async me(auth: AuthenticatedUser): Promise<ApiUser> {
    const user = await repository.findUserById(this.db, auth.id);
    if (!user) throw notFound('Account not found.');
    return presentUser(user);
  }

  /**
   * Name and mobile change with the session alone; the e-mail address (where password resets go)
   * needs the current password too, and the old address is told, with a link that undoes it.
   */
  async editProfile(auth: AuthenticatedUser, change: ProfileChange): Promise<ApiUser> {
    const { currentPassword, ...input } = change;
    const current = now();
    const restoreToken = newToken();
    const result = await this.db
      .transaction(async (tx) => {
        const user = await repository.lockUser(tx, auth.id);
        if (!user) throw notFound('Account not found.');
        const emailChanges = input.email !== user.email;
        if (emailChanges) {
          if (!currentPassword) {
            throw badRequest(CURRENT_PASSWORD_MESSAGES.required, {
              currentPassword: CURRENT_PASSWORD_MESSAGES.required,
            });
          }
          // 403, not 401: the session is fine, and clients sign out on a 401.
          if (!(await verifyPassword(user.passwordHash, currentPassword))) {
            throw new AppError(403, CURRENT_PASSWORD_MESSAGES.wrong, {
              currentPassword: CURRENT_PASSWORD_MESSAGES.wrong,
            });
          }
        }
        if (
          (await repository.findConflictingUser(tx, input.email, input.mobile, auth.id)) ||
          (emailChanges && (await repository.isEmailReserved(tx, input.email, current, auth.id)))
        ) {
          throw conflict(MESSAGES.profileTaken);
        }
        // A new address or number is in force at once but unproved until its link or code is used
        // (decision 029): nothing filed under it while signed out is linked meanwhile.
        const updated = await repository.updateUser(tx, auth.id, {
          ...input,
          ...(emailChanges ? { emailVerifiedAt: null } : {}),
          ...(input.mobile !== user.mobile ? { mobileVerifiedAt: null } : {}),
        });
        if (!updated) throw notFound('Account not found.');
        if (emailChanges) {
          await this.deps.contactVerification.sendEmailLink(tx, updated);
          await repository.insertEmailRevert(tx, {
            userId: auth.id,
            tokenHash: hashToken(restoreToken),
            oldEmail: user.email,
            newEmail: updated.email,
            createdAt: current,
            expiresAt: new Date(current.getTime() + EMAIL_RESTORE_DAYS * 86_400_000),
          });
          // The old address is told in the same transaction: no change without its warning.
          await queueEmail(
            tx,
            emailChangedEmail({
              to: user.email,
              firstname: updated.firstname,
              newEmail: updated.email,
              restoreLink: `${this.deps.publicUrl}/restore-email/${restoreToken}`,
              validDays: EMAIL_RESTORE_DAYS,
              locale: updated.language,
            }),
            'e-mail changed',
          );
        }
        return { updated };
      })
      .catch((error: unknown) => {
        // Two accounts racing for one address: the unique index lets one through.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.profileTaken);
        throw error;
      });
    return presentUser(result.updated);
  }

  /**
   * The link from the "your e-mail address was changed" message: puts the old address back, signs
   * out every session, locks the password (whoever made the change knew it) and mails a reset
   * link to the restored address.
   */
  async restoreEmail(token: string): Promise<ApiMessage> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(MESSAGES.restoreInvalid);
    const resetToken = newToken();
    const restored = await this.db.transaction(async (tx) => {
      const current = now();
      const revert = await repository.consumeEmailRevert(tx, hashToken(token), current);
      if (!revert) return undefined;
      const holder = await repository.findUserByEmail(tx, revert.oldEmail);
      // Throwing rolls the transaction back: the link stays usable once support has sorted it out.
      if (holder && holder.id !== revert.userId) throw conflict(MESSAGES.restoreTaken);
      await repository.cancelLaterEmailReverts(tx, revert.userId, revert.createdAt, current);
      const user = await repository.updateUser(tx, revert.userId, {
        email: revert.oldEmail,
        passwordHash: LOCKED_PASSWORD,
      });
      await repository.revokeAllSessions(tx, revert.userId, current);
      await repository.replaceResetToken(
        tx,
        revert.userId,
        hashToken(resetToken),
        new Date(current.getTime() + RESET_TOKEN_MINUTES * 60_000),
        current,
      );
      if (user) {
        await queueEmail(
          tx,
          passwordResetEmail({
            to: user.email,
            firstname: user.firstname,
            link: `${this.deps.publicUrl}/reset-password/${resetToken}`,
            validMinutes: RESET_TOKEN_MINUTES,
            locale: user.language,
          }),
          'password reset',
        );
      }
      return user;
    });
    if (!restored) throw badRequest(MESSAGES.restoreInvalid);
    return { message: MESSAGES.restoreDone };
  }

  /**
   * Same answer, in the same time, whether or not the address is known: the look-up, the token
   * and the outbox row happen after the response, in one transaction (the token exists exactly
   * when its e-mail is queued). The token only ever leaves by e-mail.
   */
  async forgotPassword({ email }: PasswordResetRequest): Promise<ApiMessage> {
    this.deps.emailOutbox.queueLater('password reset', async (tx) => {
      const user = await repository.findUserByEmail(tx, email);
      if (!user || user.isBlocked) return undefined;
      const token = newToken();
      const current = now();
      await repository.replaceResetToken(
        tx,
        user.id,
        hashToken(token),
        new Date(current.getTime() + RESET_TOKEN_MINUTES * 60_000),
        current,
      );
      const link = `${this.deps.publicUrl}/reset-password/${token}`;
      return passwordResetEmail({
        to: user.email,
        firstname: user.firstname,
        link,
        validMinutes: RESET_TOKEN_MINUTES,
        locale: user.language,
      });
    });
    return { message: MESSAGES.forgotNeutral };
  }

  async resetPassword(token: string, { password }: NewPassword): Promise<ApiMessage> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(MESSAGES.resetInvalid);
    const passwordHash = await hashPassword(password);
    const userId = await this.db.transaction(async (tx) => {
      const current = now();
      const owner = await repository.consumeResetToken(tx, hashToken(token), current);
      if (!owner) return undefined;
      await repository.updateUser(tx, owner, { passwordHash });
      // Whoever knew the old password is signed out everywhere.
      await repository.revokeAllSessions(tx, owner, current);
      return owner;
    });
    if (!userId) throw badRequest(MESSAGES.resetInvalid);
    return { message: MESSAGES.resetDone };
  }
}

export function createAccountsService(deps: AccountsDeps): AccountsService {
  return new AccountsService(deps);
}
