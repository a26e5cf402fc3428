import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/** A quoted enquiry stays readable in a phone's mail app. */
const QUOTE_MAX = 600;

/**
 * The console's reply to an enquiry. Plain text from staff, each line a paragraph (layoutEmail
 * escapes it: nothing typed in the console becomes HTML), framed in the customer's language. Our
 * sender address takes no replies, so the customer is pointed to the contact page, which lands in
 * the same inbox.
 */
export function enquiryReplyEmail(input: {
  to: string;
  name: string;
  message: string;
  enquiry: { comment: string; createdAt: Date };
  /** A complaint's or data request's ticket, named in the subject so the customer can follow it. */
  ticketNumber?: string | null;
  contactUrl: string;
  locale: Locale;
}): Mail {
  const { t, date } = translator(input.locale);
  const quoted =
    input.enquiry.comment.length > QUOTE_MAX
      ? `${input.enquiry.comment.slice(0, QUOTE_MAX).trimEnd()}…`
      : input.enquiry.comment;
  const ticket = input.ticketNumber;
  return {
    ...layoutEmail({
      subject: ticket ? t('support.reply.subjectTicket', { ticket }) : t('support.reply.subjectEnquiry'),
      greeting: greeting(t, input.name),
      paragraphs: [
        ...input.message
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
        t('support.reply.youWrote', { date: date(input.enquiry.createdAt, 'date'), quoted }),
        ticket ? t('support.reply.noRepliesTicket', { ticket }) : t('support.reply.noReplies'),
      ],
      action: {
        label: ticket ? t('support.action.tickets') : t('support.action.contact'),
        url: input.contactUrl,
      },
      footer: t('email.teamSignature'),
      locale: input.locale,
    }),
    to: input.to,
  };
}
