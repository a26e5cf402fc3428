import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

const shortDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/** A quoted enquiry stays readable in a phone's mail app. */
const QUOTE_MAX = 600;

/**
 * The console's reply to an enquiry. Plain text from staff, each line a paragraph (layoutEmail
 * escapes it: nothing typed in the console becomes HTML). Our sender address takes no replies, so
 * the customer is pointed to the contact page, which lands in the same inbox.
 */
export function enquiryReplyEmail(input: {
  to: string;
  name: string;
  message: string;
  enquiry: { comment: string; createdAt: Date };
  /** A complaint's or data request's ticket, named in the subject so the customer can follow it. */
  ticketNumber?: string | null;
  contactUrl: string;
}): Mail {
  const quoted =
    input.enquiry.comment.length > QUOTE_MAX
      ? `${input.enquiry.comment.slice(0, QUOTE_MAX).trimEnd()}…`
      : input.enquiry.comment;
  return {
    ...layoutEmail({
      subject: input.ticketNumber
        ? `Re: your ticket ${input.ticketNumber} with ${SHOP_NAME}`
        : `Re: your enquiry to ${SHOP_NAME}`,
      greeting: `Hello ${input.name},`,
      paragraphs: [
        ...input.message
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
        `You wrote to us on ${shortDate.format(input.enquiry.createdAt)}: "${quoted}"`,
        input.ticketNumber
          ? `This address does not receive replies. To write back, quote ${input.ticketNumber} on our complaints page.`
          : 'This address does not receive replies. To write back, use the contact page.',
      ],
      action: input.ticketNumber
        ? { label: 'Complaints and data requests', url: input.contactUrl }
        : { label: 'Contact us', url: input.contactUrl },
      footer: `— The ${SHOP_NAME} team`,
    }),
    to: input.to,
  };
}
