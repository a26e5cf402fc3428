import type { Locale } from '../../../shared/locales.js';
import { formatPaise } from '../../../shared/money.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * The e-mails of a customer's account, in the account's language (`locale`; server/i18n/messages/
 * <locale>/accounts.json). The console's sign-in warning is the staff's, and stays English.
 */

export function passwordResetEmail(input: {
  to: string;
  firstname: string;
  link: string;
  validMinutes: number;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('accounts.passwordReset.subject'),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.passwordReset.asked'),
        t('accounts.passwordReset.validity', { minutes: input.validMinutes }),
      ],
      action: { label: t('accounts.passwordReset.action'), url: input.link },
      locale: input.locale,
    }),
    to: input.to,
  };
}

/** To the address an account had before a change, with the way to undo it. */
export function emailChangedEmail(input: {
  to: string;
  firstname: string;
  newEmail: string;
  restoreLink: string;
  validDays: number;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('accounts.emailChanged.subject'),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.emailChanged.changed', { oldEmail: input.to, newEmail: input.newEmail }),
        t('accounts.emailChanged.undo', { days: input.validDays }),
      ],
      action: { label: t('accounts.emailChanged.action'), url: input.restoreLink },
      locale: input.locale,
    }),
    to: input.to,
  };
}

/**
 * To an account's owner when sign-ins to it keep failing (once per lock-out window): what happened,
 * that their own sign-in still works, and what to do if it was not them. A staff member's (the
 * console's) is written in English.
 */
export function signInAttemptsEmail(input: {
  to: string;
  firstname: string;
  failures: number;
  at: Date;
  resetLink: string;
  staff?: boolean;
  locale?: Locale;
}): Mail {
  const locale = input.staff ? 'en' : (input.locale ?? 'en');
  const { t, date } = translator(locale);
  const where = input.staff ? 'console' : 'account';
  return {
    ...layoutEmail({
      subject: t('accounts.signInAttempts.subject', { where }),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.signInAttempts.tried', {
          where,
          failures: input.failures,
          at: date(input.at, 'shortDateTime'),
        }),
        t('accounts.signInAttempts.stillWorks'),
        t('accounts.signInAttempts.ifNotYou'),
      ],
      action: { label: t('accounts.signInAttempts.action'), url: input.resetLink },
      locale,
    }),
    to: input.to,
  };
}

/** The link that proves an e-mail address (sign-up, a changed address, a resend). */
export function emailVerificationEmail(input: {
  to: string;
  firstname: string;
  link: string;
  validHours: number;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('accounts.emailVerification.subject'),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.emailVerification.confirm', { email: input.to }),
        t('accounts.emailVerification.validity', { hours: input.validHours }),
      ],
      action: { label: t('accounts.emailVerification.action'), url: input.link },
      locale: input.locale,
    }),
    to: input.to,
  };
}

/** The code that confirms a cash-on-delivery order. */
export function codOrderCodeEmail(input: {
  to: string;
  firstname: string;
  code: string;
  orderNumber: string;
  amountPaise: number;
  expiresAt: Date;
  orderUrl: string;
  locale: Locale;
}): Mail {
  const { t, date } = translator(input.locale);
  const { code, orderNumber } = input;
  return {
    ...layoutEmail({
      subject: t('accounts.codCode.subject', { code, orderNumber }),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.codCode.code', { code }),
        t('accounts.codCode.enter', {
          orderNumber,
          amount: formatPaise(input.amountPaise),
          until: date(input.expiresAt, 'shortDateTime'),
        }),
        t('accounts.codCode.ignore'),
      ],
      action: { label: t('accounts.codCode.action'), url: input.orderUrl },
      locale: input.locale,
    }),
    to: input.to,
  };
}

/** The code that proves the account's mobile number. */
export function mobileCodeEmail(input: {
  to: string;
  firstname: string;
  mobile: string | null;
  code: string;
  expiresAt: Date;
  profileUrl: string;
  locale: Locale;
}): Mail {
  const { t, date } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('accounts.mobileCode.subject', { code: input.code }),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('accounts.mobileCode.code', { mobile: input.mobile ?? '', code: input.code }),
        t('accounts.mobileCode.enter', { until: date(input.expiresAt, 'shortDateTime') }),
        t('accounts.mobileCode.ignore'),
      ],
      action: { label: t('accounts.mobileCode.action'), url: input.profileUrl },
      locale: input.locale,
    }),
    to: input.to,
  };
}
