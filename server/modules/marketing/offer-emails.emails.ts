import { layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * An offer e-mail: sent only with the customer's consent, and every one says how to stop them, in
 * one click (the link), and to mail programs (List-Unsubscribe with One-Click, RFC 8058, which
 * Gmail and Yahoo require of bulk senders).
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
}): Mail {
  const paragraphs = input.message
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
  return {
    ...layoutEmail({
      subject: input.subject,
      greeting: `Hello ${input.firstname},`,
      paragraphs,
      action: input.action,
      footerLink: {
        text: 'You get offers from us because you asked for them.',
        label: 'Stop offers by e-mail',
        url: input.stopUrl,
      },
    }),
    to: input.to,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
