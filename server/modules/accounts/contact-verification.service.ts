import { randomUUID } from 'node:crypto';
import type { ApiMessage } from '../../../shared/api/accounts.schemas.js';
import type { Locale } from '../../../shared/locales.js';
import type { Database, Executor, Transaction } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { hashToken, newToken, safeEqual } from '../../lib/secrets.js';
import { queueEmail } from '../email-outbox/index.js';
import { emailVerificationEmail } from './accounts.emails.js';
import * as repository from './accounts.repository.js';
import * as verifications from './contact-verification.repository.js';
import { newCode, type OneTimeCodeSender } from './one-time-codes.js';

export const EMAIL_LINK_HOURS = 48;
export const MOBILE_CODE_MINUTES = 10;
const MOBILE_CODE_ATTEMPTS = 5;

export const VERIFY_MESSAGES = {
  emailDone: 'Thank you: your e-mail address is confirmed.',
  emailSent: 'We have sent a new link to your e-mail address. It works for 48 hours.',
  emailAlready: 'Your e-mail address is already confirmed.',
  linkInvalid:
    'This confirmation link is not valid. Once signed in, ask for a new one from the notice at the top of the page or from your profile.',
  linkUsed:
    'This confirmation link was already used, or a newer one was sent. If your address is not confirmed yet, ask for a new link.',
  linkExpired: 'This confirmation link has expired. Ask for a new one: it works for 48 hours.',
  linkOtherAddress:
    'This link was sent to an address your account no longer uses. Ask for a new link for your current address.',
  mobileSent: 'We have sent a 6-digit code to confirm your mobile number.',
  mobileDone: 'Thank you: your mobile number is confirmed.',
  mobileAlready: 'Your mobile number is already confirmed.',
  codeWrong: 'That code is not right. Check it and try again.',
  codeNone: 'There is no code waiting for this mobile number, or it has expired. Ask for a new code.',
  codeSpent: 'Too many wrong codes. Ask for a new code.',
} as const;

const CODE_FORMAT = /^\d{6}$/;
const codeHash = (id: string, code: string) => hashToken(`mobile:${id}:${code}`);

/**
 * Proof that a customer holds their e-mail address (a link) and mobile number (a code sent through
 * the shop's one-time-code sender). Until the address is proved, nothing filed under it while
 * signed out belongs to the account (decision 029). Links and codes are random, kept as hashes,
 * expire, work once, and each is for the address it was sent to.
 */
export function createContactVerification(deps: {
  db: Database;
  publicUrl: string;
  codeSender: Pick<OneTimeCodeSender, 'sendVerification' | 'destination'>;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Sends a link to `email` in the caller's transaction (sign-up, a changed address, a resend). */
  async function sendEmailLink(
    tx: Transaction,
    user: { id: string; email: string; firstname: string; language: Locale },
  ) {
    const at = now();
    const token = newToken();
    await verifications.retireVerifications(tx, user.id, 'email', at);
    await verifications.insertVerification(tx, {
      userId: user.id,
      channel: 'email',
      target: user.email,
      tokenHash: hashToken(token),
      createdAt: at,
      expiresAt: new Date(at.getTime() + EMAIL_LINK_HOURS * 3_600_000),
    });
    await queueEmail(
      tx,
      emailVerificationEmail({
        to: user.email,
        firstname: user.firstname,
        link: `${deps.publicUrl}/verify-email/${token}`,
        validHours: EMAIL_LINK_HOURS,
        locale: user.language,
      }),
      'e-mail verification',
    );
  }

  async function userOf(db: Executor, userId: string) {
    const user = await repository.findUserById(db, userId);
    if (!user || user.erasedAt) throw notFound('Account not found.');
    return user;
  }

  return {
    sendEmailLink,

    async resendEmailLink(userId: string): Promise<ApiMessage> {
      const user = await userOf(db, userId);
      if (user.emailVerifiedAt) throw conflict(VERIFY_MESSAGES.emailAlready);
      await db.transaction((tx) => sendEmailLink(tx, user));
      return { message: VERIFY_MESSAGES.emailSent };
    },

    /** The link from the e-mail: 400 unknown, used or for another address; 410 expired. */
    async confirmEmail(token: string): Promise<ApiMessage> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(VERIFY_MESSAGES.linkInvalid);
      return db.transaction(async (tx) => {
        const at = now();
        const row = await verifications.lockVerificationByHash(tx, hashToken(token));
        if (row?.channel !== 'email') throw badRequest(VERIFY_MESSAGES.linkInvalid);
        const user = await repository.findUserById(tx, row.userId);
        if (!user || user.erasedAt) throw badRequest(VERIFY_MESSAGES.linkInvalid);
        if (row.usedAt) {
          if (user.emailVerifiedAt && user.email === row.target)
            return { message: VERIFY_MESSAGES.emailAlready };
          throw badRequest(VERIFY_MESSAGES.linkUsed);
        }
        if (row.expiresAt <= at) throw new AppError(410, VERIFY_MESSAGES.linkExpired);
        if (user.email !== row.target) throw badRequest(VERIFY_MESSAGES.linkOtherAddress);
        await verifications.retireVerifications(tx, user.id, 'email', at);
        await verifications.markVerified(tx, user.id, 'email', row.target, at);
        return { message: VERIFY_MESSAGES.emailDone };
      });
    },

    /** A 6-digit code for the account's current mobile number, through the one-time-code sender. */
    async sendMobileCode(userId: string): Promise<ApiMessage & { sentTo: string }> {
      const user = await userOf(db, userId);
      if (user.mobileVerifiedAt) throw conflict(VERIFY_MESSAGES.mobileAlready);
      const to = {
        email: user.email,
        mobile: user.mobile,
        firstname: user.firstname,
        language: user.language,
      };
      await db.transaction(async (tx) => {
        const at = now();
        const id = randomUUID();
        const secret = newCode();
        await verifications.retireVerifications(tx, user.id, 'mobile', at);
        const expiresAt = new Date(at.getTime() + MOBILE_CODE_MINUTES * 60_000);
        await verifications.insertVerification(tx, {
          id,
          userId: user.id,
          channel: 'mobile',
          target: user.mobile,
          tokenHash: codeHash(id, secret),
          createdAt: at,
          expiresAt,
        });
        await deps.codeSender.sendVerification(tx, {
          to,
          code: secret,
          expiresAt,
          profileUrl: `${deps.publicUrl}/my-profile`,
        });
      });
      return { message: VERIFY_MESSAGES.mobileSent, sentTo: deps.codeSender.destination(to) };
    },

    /** Confirms the code; five wrong tries spend it. */
    async confirmMobile(userId: string, code: string): Promise<ApiMessage> {
      const digits = code.replace(/\s/g, '');
      if (!CODE_FORMAT.test(digits))
        throw badRequest(VERIFY_MESSAGES.codeWrong, { code: VERIFY_MESSAGES.codeWrong });
      const outcome = await db.transaction(async (tx) => {
        const at = now();
        const user = await repository.lockUser(tx, userId);
        if (!user || user.erasedAt) throw notFound('Account not found.');
        if (user.mobileVerifiedAt) return 'already' as const;
        const row = await verifications.lockLatestOpenVerification(tx, userId, 'mobile');
        if (!row || row.expiresAt <= at || row.target !== user.mobile) return 'none' as const;
        if (row.attempts >= MOBILE_CODE_ATTEMPTS) return 'spent' as const;
        if (!safeEqual(codeHash(row.id, digits), row.tokenHash)) {
          await verifications.countWrongAttempt(tx, row.id);
          return row.attempts + 1 >= MOBILE_CODE_ATTEMPTS ? ('spent' as const) : ('wrong' as const);
        }
        await verifications.retireVerifications(tx, userId, 'mobile', at);
        await verifications.markVerified(tx, userId, 'mobile', row.target, at);
        return 'done' as const;
      });
      if (outcome === 'already') return { message: VERIFY_MESSAGES.mobileAlready };
      if (outcome === 'done') return { message: VERIFY_MESSAGES.mobileDone };
      const message =
        outcome === 'none'
          ? VERIFY_MESSAGES.codeNone
          : outcome === 'spent'
            ? VERIFY_MESSAGES.codeSpent
            : VERIFY_MESSAGES.codeWrong;
      throw badRequest(message, { code: message });
    },
  };
}

export type ContactVerification = ReturnType<typeof createContactVerification>;
