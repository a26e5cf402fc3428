import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '../../../shared/locales.js';
import type { Transaction } from '../../db/client.js';
import { queueEmail } from '../email-outbox/index.js';
import { codOrderCodeEmail, mobileCodeEmail } from './accounts.emails.js';

/**
 * One-time codes sent to a customer: one that confirms a cash-on-delivery order, one that proves
 * their mobile number; and how they reach the customer.
 * A code is 6 random digits; only its hash is stored, salted with the order id so one hash says
 * nothing about another order's code. Guessing is bounded online (5 wrong tries per code, 5 codes
 * per order, each living minutes), which is what keeps a 6-digit code safe.
 */

export type CodeMessage = {
  /** The customer, and the language of their account: the message is written in it. */
  to: { email: string; mobile: string | null; firstname: string; language: Locale };
  code: string;
  orderNumber: string;
  amountPaise: number;
  expiresAt: Date;
  orderUrl: string;
};

/** A code that proves a customer's mobile number (their profile), not tied to an order. */
export type VerificationCodeMessage = {
  to: CodeMessage['to'];
  code: string;
  expiresAt: Date;
  profileUrl: string;
};

/**
 * Sends a code. E-mail today; an SMS provider (MSG91, Gupshup… with a DLT-registered template, as
 * Indian SMS rules require) implements the same two members and is chosen in services.ts.
 */
export type OneTimeCodeSender = {
  channel: 'email' | 'sms';
  /** Where the code goes, masked for the page that asks for it: "pr•••@example.com". */
  destination(to: CodeMessage['to']): string;
  /**
   * Hands the message over in the transaction that stores the code's hash, so a code is sent
   * exactly when it is valid; delivery happens after the commit and never fails the request.
   */
  send(tx: Transaction, message: CodeMessage): Promise<void>;
  /** The code that proves the mobile number, handed over the same way (by SMS to that number once set). */
  sendVerification(tx: Transaction, message: VerificationCodeMessage): Promise<void>;
};

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(orderId: string, code: string): string {
  return createHash('sha256').update(`${orderId}:${code}`).digest('hex');
}

export function codeMatches(orderId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(orderId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** "priya@example.com" → "pr•••@example.com"; short names keep one letter. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const keep = local.length > 3 ? 2 : 1;
  return `${local.slice(0, keep)}•••@${domain}`;
}

/** The code by e-mail, through the outbox (retries included); the request never waits for SMTP. */
export function emailCodeSender(): OneTimeCodeSender {
  return {
    channel: 'email',
    destination: (to) => maskEmail(to.email),
    async send(tx, message) {
      await queueEmail(
        tx,
        codOrderCodeEmail({
          to: message.to.email,
          firstname: message.to.firstname,
          code: message.code,
          orderNumber: message.orderNumber,
          amountPaise: message.amountPaise,
          expiresAt: message.expiresAt,
          orderUrl: message.orderUrl,
          locale: message.to.language,
        }),
        'cash-on-delivery code',
      );
    },
    async sendVerification(tx, message) {
      await queueEmail(
        tx,
        mobileCodeEmail({
          to: message.to.email,
          firstname: message.to.firstname,
          mobile: message.to.mobile,
          code: message.code,
          expiresAt: message.expiresAt,
          profileUrl: message.profileUrl,
          locale: message.to.language,
        }),
        'mobile verification code',
      );
    },
  };
}
