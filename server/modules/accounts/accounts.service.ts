import {
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../../shared/schemas/auth.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/secrets.js';
import { parseInput } from '../../lib/validation.js';
import { passwordResetEmail } from './accounts.emails.js';
import { presentUser } from './accounts.presenter.js';
import * as repository from './accounts.repository.js';

export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 30;
/** Writing last_seen_at on every request would turn reads into writes; once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export const MESSAGES = {
  duplicate: 'User already exist! please login!',
  invalidCredentials: 'Invalid Credentials',
  blocked: 'This account has been blocked. Please contact support.',
  forgotNeutral: 'If an account exists for that e-mail, we have sent a password reset link to it.',
  resetDone: 'Password updated successfully!',
  resetInvalid: 'This password reset link is invalid, expired or already used. Please request a new one.',
} as const;

export type AuthenticatedUser = { id: string; sessionId: string; role: 'user' | 'admin' };

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

export function createAccountsService(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  async function startSession(userId: string): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000);
    await repository.insertSession(db, userId, hashToken(token), expiresAt);
    return token;
  }

  return {
    async register(body: unknown) {
      const input = parseInput(registerSchema, body);
      if (await repository.findConflictingUser(db, input.email, input.mobile))
        throw conflict(MESSAGES.duplicate);
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await repository.insertUser(db, { ...input, passwordHash });
        return presentUser(user);
      } catch (error) {
        // Two sign-ups racing with one e-mail: the unique index lets exactly one through.
        if (isUniqueViolation(error)) throw conflict(MESSAGES.duplicate);
        throw error;
      }
    },

    async login(body: unknown) {
      const input = parseInput(loginSchema, body);
      const user = await repository.findUserByEmail(db, input.email);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) throw new AppError(401, MESSAGES.invalidCredentials);
      if (user.isBlocked) throw forbidden(MESSAGES.blocked);
      const token = await startSession(user.id);
      const { createdAt: _createdAt, ...publicUser } = presentUser(user);
      return { ...publicUser, token };
    },

    /** Resolves a bearer token to its user on every request; throws 401/403 otherwise. */
    async authenticate(token: string | undefined): Promise<AuthenticatedUser> {
      if (!token) throw unauthorized('Please log in to continue.');
      const current = now();
      const session = await repository.findActiveSession(db, hashToken(token), current);
      if (!session) throw unauthorized('Your session has expired. Please log in again.');
      if (session.user.isBlocked) throw forbidden(MESSAGES.blocked);
      if (current.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(db, session.sessionId, current);
      }
      return { id: session.user.id, sessionId: session.sessionId, role: session.user.role };
    },

    async logout(auth: AuthenticatedUser) {
      await repository.revokeSession(db, auth.sessionId, now());
      return { message: 'You have been logged out.' };
    },

    async me(auth: AuthenticatedUser) {
      const user = await repository.findUserById(db, auth.id);
      if (!user) throw notFound('Account not found.');
      return presentUser(user);
    },

    async editProfile(auth: AuthenticatedUser, body: unknown) {
      const input = parseInput(profileSchema, body);
      if (await repository.findConflictingUser(db, input.email, input.mobile, auth.id)) {
        throw conflict('That e-mail or mobile number belongs to another account.');
      }
      try {
        const user = await repository.updateUser(db, auth.id, input);
        if (!user) throw notFound('Account not found.');
        return presentUser(user);
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict('That e-mail or mobile number belongs to another account.');
        throw error;
      }
    },

    /** Same answer whether or not the address is known; the token only ever leaves by e-mail. */
    async forgotPassword(body: unknown) {
      const { email } = parseInput(forgotPasswordSchema, body);
      const user = await repository.findUserByEmail(db, email);
      if (user && !user.isBlocked) {
        const token = newToken();
        const current = now();
        await repository.replaceResetToken(
          db,
          user.id,
          hashToken(token),
          new Date(current.getTime() + RESET_TOKEN_MINUTES * 60_000),
          current,
        );
        const link = `${deps.publicUrl}/reset-password/${token}`;
        await mailer.send(passwordResetEmail(user.email, user.firstname, link, RESET_TOKEN_MINUTES));
      }
      return { message: MESSAGES.forgotNeutral };
    },

    async resetPassword(token: string, body: unknown) {
      const { password } = parseInput(resetPasswordSchema, body);
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(MESSAGES.resetInvalid);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
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
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
