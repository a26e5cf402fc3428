import { randomUUID } from 'node:crypto';
import { formatPaise } from '../../../shared/money.js';
import type { Transaction } from '../../db/client.js';
import { type CodeMessage, emailCodeSender, type OneTimeCodeSender } from '../accounts/index.js';
import type { MessageParams } from './message-params.js';
import { queueMessage } from './messages.js';
import { maskMobile } from './messages-admin.js';

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

const minutesLeft = (expiresAt: Date, now: Date) =>
  String(Math.max(1, Math.round((expiresAt.getTime() - now.getTime()) / 60_000)));

/**
 * One-time codes by SMS, when an SMS provider is set (the test one included). A cash-on-delivery
 * code goes by SMS to the customer's mobile and by e-mail as today (an SMS can be late; the e-mail
 * stays the fallback). The code that proves a mobile number goes by SMS only, to that number: an
 * e-mail proves nothing about a number. Each code is its own event (a resend is a new message).
 */
/** A code by SMS to `to`'s mobile, when it has a valid one; each call a new event. */
async function queueCode<K extends 'cod-code' | 'mobile-code'>(
  tx: Transaction,
  to: CodeMessage['to'],
  kind: K,
  params: MessageParams[K],
) {
  if (!to.mobile || !INDIAN_MOBILE.test(to.mobile)) return;
  await queueMessage(tx, {
    channel: 'sms',
    to: to.mobile,
    userId: null,
    kind,
    language: to.language,
    params,
    eventKey: `${kind}:${randomUUID()}`,
  });
}

export function smsCodeSender(): OneTimeCodeSender {
  const email = emailCodeSender();
  return {
    channel: 'sms',
    destination: (to) =>
      to.mobile && INDIAN_MOBILE.test(to.mobile) ? maskMobile(to.mobile) : email.destination(to),
    async send(tx, message) {
      await email.send(tx, message);
      await queueCode(tx, message.to, 'cod-code', {
        code: message.code,
        orderNumber: message.orderNumber,
        amount: formatPaise(message.amountPaise),
        minutes: minutesLeft(message.expiresAt, new Date()),
      });
    },
    async sendVerification(tx, message) {
      await queueCode(tx, message.to, 'mobile-code', {
        code: message.code,
        minutes: minutesLeft(message.expiresAt, new Date()),
      });
    },
  };
}
