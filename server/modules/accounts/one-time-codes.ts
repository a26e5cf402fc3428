import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { formatPaise } from '../../../shared/money.js';
import type { Transaction } from '../../db/client.js';
import { layoutEmail } from '../../lib/mailer.js';
import { queueEmail } from '../email-outbox/index.js';

/**
 * One-time codes sent to a customer: one that confirms a cash-on-delivery order, one that proves
 * their mobile number; and how they reach the customer.
 * A code is 6 random digits; only its hash is stored, salted with the order id so one hash says
 * nothing about another order's code. Guessing is bounded online (5 wrong tries per code, 5 codes
 * per order, each living minutes), which is what keeps a 6-digit code safe.
 */

export type CodeMessage = {
  to: { email: string; mobile: string | null; firstname: string };
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

const time = new Intl.DateTimeFormat('en-IN', {
  timeStyle: 'short',
  dateStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

/** The code by e-mail, through the outbox (retries included); the request never waits for SMTP. */
export function emailCodeSender(): OneTimeCodeSender {
  return {
    channel: 'email',
    destination: (to) => maskEmail(to.email),
    async send(tx, message) {
      await queueEmail(
        tx,
        {
          ...layoutEmail({
            subject: `${message.code} is your code to confirm order ${message.orderNumber}`,
            greeting: message.to.firstname.trim() ? `Hello ${message.to.firstname.trim()},` : 'Hello,',
            paragraphs: [
              `Your confirmation code is ${message.code}.`,
              `Enter it on your order page to confirm cash-on-delivery order ${message.orderNumber} (${formatPaise(message.amountPaise)} to pay on delivery). The code works until ${time.format(message.expiresAt)}.`,
              'If you did not place this order, ignore this e-mail: an order that is not confirmed is cancelled by itself. Never share this code with anyone, including callers who say they are from the shop.',
            ],
            action: { label: 'Confirm your order', url: message.orderUrl },
          }),
          to: message.to.email,
        },
        'cash-on-delivery code',
      );
    },
    async sendVerification(tx, message) {
      await queueEmail(
        tx,
        {
          ...layoutEmail({
            subject: `${message.code} is your code to confirm your mobile number`,
            greeting: message.to.firstname.trim() ? `Hello ${message.to.firstname.trim()},` : 'Hello,',
            paragraphs: [
              `Your code to confirm the mobile number ${message.to.mobile ?? ''} on your account is ${message.code}.`,
              `Enter it on your profile page. The code works until ${time.format(message.expiresAt)}.`,
              'If you did not ask for it, ignore this e-mail. Never share this code with anyone, including callers who say they are from the shop.',
            ],
            action: { label: 'Open my profile', url: message.profileUrl },
          }),
          to: message.to.email,
        },
        'mobile verification code',
      );
    },
  };
}
