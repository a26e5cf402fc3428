import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/** To the address the account had, in its language: it was erased, what was kept and why. */
export function accountErasedEmail(input: {
  to: string;
  firstname: string;
  keptInvoicedOrders: number;
  inactive?: { months: number };
  /** Erased by staff, answering a request the customer made to the shop. */
  byRequest?: boolean;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('data-rights.erased.subject'),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        input.inactive
          ? t('data-rights.erased.inactive', { months: input.inactive.months })
          : input.byRequest
            ? t('data-rights.erased.byRequest')
            : t('data-rights.erased.asked'),
        t('data-rights.erased.whatGoes'),
        input.keptInvoicedOrders > 0
          ? t('data-rights.erased.kept', { orders: input.keptInvoicedOrders })
          : t('data-rights.erased.keptNone'),
        t('data-rights.erased.welcomeBack'),
      ],
      locale: input.locale,
    }),
    to: input.to,
  };
}

/** 48 hours before an inactive account is erased (DPDP Rules 2025, Third Schedule). */
export function inactivityWarningEmail(input: {
  to: string;
  firstname: string;
  months: number;
  erasesAt: Date;
  signInUrl: string;
  locale: Locale;
}): Mail {
  const { t, date } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('data-rights.inactivity.subject'),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('data-rights.inactivity.notUsed', { months: input.months, at: date(input.erasesAt, 'dateTime') }),
        t('data-rights.inactivity.keep'),
      ],
      action: { label: t('data-rights.inactivity.action'), url: input.signInUrl },
      locale: input.locale,
    }),
    to: input.to,
  };
}
