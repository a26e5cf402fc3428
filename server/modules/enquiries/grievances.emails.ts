import {
  kindLabels,
  type TicketKind,
  type TicketTopic,
  topicLabels,
} from '../../../shared/schemas/grievance.js';
import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const indiaDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/**
 * The acknowledgement of a complaint or data request, sent as soon as it is filed: the ticket
 * number to quote and the dates we hold ourselves to, in India time. Sending it is what the
 * E-Commerce Rules call acknowledging the complaint.
 */
export function ticketAcknowledgementEmail(input: {
  to: string;
  name: string;
  ticketNumber: string;
  kind: TicketKind;
  topic: TicketTopic;
  createdAt: Date;
  respondBy: Date;
  requestsUrl: string;
}): Mail {
  const what = input.kind === 'grievance' ? 'complaint' : 'data request';
  return {
    ...layoutEmail({
      subject: `We have received your ${what}: ticket ${input.ticketNumber}`,
      greeting: `Hello ${input.name},`,
      paragraphs: [
        `Thank you for writing to ${SHOP_NAME}. This e-mail acknowledges your ${what}; its ticket number is ${input.ticketNumber}. Please quote it whenever you write to us about it.`,
        `${kindLabels[input.kind]}: ${topicLabels[input.kind][input.topic] ?? input.topic}. Received on ${indiaDateTime.format(input.createdAt)} (India time).`,
        input.kind === 'grievance'
          ? `Our Grievance Officer will resolve it by ${indiaDate.format(input.respondBy)}, within one month as the Consumer Protection (E-Commerce) Rules, 2020 require.`
          : `We will answer it by ${indiaDate.format(input.respondBy)}, within the 30 days our privacy notice promises (the Digital Personal Data Protection Rules, 2025 allow 90).`,
        'We may write to you or call you to confirm who you are before we act on a data request.',
        'This address does not receive replies. You can follow the ticket on our complaints page.',
      ],
      action: { label: 'Complaints and data requests', url: input.requestsUrl },
      footer: `— The ${SHOP_NAME} team`,
    }),
    to: input.to,
  };
}
