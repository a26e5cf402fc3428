import { formatDeliveryDay } from '../../../shared/delivery-day.js';
import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

/**
 * The e-mail telling a customer the courier could not deliver their parcel (an NDR): why, by when
 * to answer, and the order page where they choose a day or correct the phone or address. Escaped
 * by layoutEmail: the reason is the courier's words.
 */

const deadline = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** "Thu, 4 Dec, 10:30 am" in India time. */
export const formatDeadline = (at: Date) => {
  const parts = Object.fromEntries(deadline.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.weekday}, ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`;
};

export function deliveryFailedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  courier: string;
  awb: string;
  reason: string;
  attempt: number;
  respondBy: Date;
  days: string[];
  orderUrl: string;
}): Mail {
  const name = input.firstname.trim();
  const attempt = input.attempt > 1 ? `again (attempt ${input.attempt})` : 'today';
  return {
    ...layoutEmail({
      subject: `We could not deliver your ${SHOP_NAME} order ${input.orderNumber}: when should we try again?`,
      greeting: name ? `Hello ${name},` : 'Hello,',
      paragraphs: [
        `${input.courier} tried to deliver your parcel (AWB ${input.awb}) ${attempt} but could not. The courier's reason: ${input.reason}`,
        `Please tell us by ${formatDeadline(input.respondBy)} when to try again (${input.days.map(formatDeliveryDay).join(', ')}), or correct the phone number or the address for the courier, on your order page.`,
        'If we do not hear from you by then, the courier may send the parcel back to us.',
      ],
      action: { label: 'Choose a delivery day', url: input.orderUrl },
    }),
    to: input.to,
  };
}
