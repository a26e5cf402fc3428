import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * An offer e-mail: sent only with the customer's consent, and every one says how to stop them, in
 * one click (the link), and to mail programs (List-Unsubscribe with One-Click, RFC 8058, which
 * Gmail and Yahoo require of bulk senders). The frame is in the customer's language; the words of
 * the offer are the console's, in that language when it gave them (offer-emails.service.ts).
 */
export function offerEmail(input: {
  to: string;
  firstname: string;
  subject: string;
  message: string;
  action?: { label: string; url: string };
  /** The page with the "Stop offers by e-mail" button. */
  stopUrl: string;
  /** Where mail programs post the one-click withdrawal. */
  oneClickUrl: string;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  const paragraphs = input.message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
  return {
    ...layoutEmail({
      subject: input.subject,
      greeting: greeting(t, input.firstname),
      paragraphs,
      action: input.action,
      footerLink: { text: t('marketing.offer.why'), label: t('marketing.offer.stop'), url: input.stopUrl },
      locale: input.locale,
    }),
    to: input.to,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
