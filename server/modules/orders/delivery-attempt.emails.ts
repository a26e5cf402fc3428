import type { Locale } from '../../../shared/locales.js';
import { translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * The e-mail telling a customer the courier could not deliver their parcel (an NDR), in their
 * language: why, by when to answer, and the order page where they choose a day or correct the phone
 * or address. Escaped by layoutEmail: the reason is the courier's words.
 */
export function deliveryFailedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  courier: string;
  awb: string;
  /** The courier's words; null when it gave none. */
  reason: string | null;
  attempt: number;
  respondBy: Date;
  days: string[];
  orderUrl: string;
  locale: Locale;
}): Mail {
  const { t, date, deliveryDay } = translator(input.locale);
  return {
    ...layoutEmail({
      subject: t('orders.deliveryFailed.subject', { orderNumber: input.orderNumber }),
      greeting: greeting(t, input.firstname),
      paragraphs: [
        t('orders.deliveryFailed.tried', {
          courier: input.courier,
          awb: input.awb,
          attempt: input.attempt,
          reason: input.reason ?? t('orders.deliveryFailed.noReason'),
        }),
        t('orders.deliveryFailed.tellUs', {
          deadline: date(input.respondBy, 'deadline'),
          days: input.days.map(deliveryDay).join(', '),
        }),
        t('orders.deliveryFailed.sentBack'),
      ],
      action: { label: t('orders.deliveryFailed.action'), url: input.orderUrl },
      locale: input.locale,
    }),
    to: input.to,
  };
}
