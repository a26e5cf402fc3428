import type { Locale } from '../../../shared/locales.js';
import { formatPaise } from '../../../shared/money.js';
import { type Translate, translator } from '../../i18n/index.js';
import { greeting, layoutEmail, type Mail } from '../../lib/mailer.js';

/**
 * The e-mails of an order's life after payment: shipped, delivered, cancelled, return
 * approved or rejected, refund issued. Each is a plain-text part and a simple HTML part from
 * layoutEmail, which escapes everything: carriers, AWB numbers and reasons are typed by staff or
 * customers and must never become HTML. Each is written in the customer's language (`locale`,
 * server/i18n/messages/<locale>/orders.json); dates are India time; amounts en-IN rupees in every
 * language. What staff, couriers or customers typed (reasons, notes) stays as typed.
 */

type Recipient = { to: string; firstname: string; locale: Locale };

function mail(
  { to, firstname, locale }: Recipient,
  t: Translate,
  subject: string,
  paragraphs: string[],
  orderUrl: string,
): Mail {
  return {
    ...layoutEmail({
      subject,
      greeting: greeting(t, firstname),
      paragraphs,
      action: { label: t('orders.viewOrder'), url: orderUrl },
      locale,
    }),
    to,
  };
}

export function orderShippedEmail(
  input: Recipient & {
    orderNumber: string;
    carrier: string;
    awb: string;
    trackingUrl: string | null;
    orderUrl: string;
  },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber, carrier, awb } = input;
  return mail(
    input,
    t,
    t('orders.shipped.subject', { orderNumber }),
    [
      t('orders.shipped.onItsWay', { orderNumber }),
      t('orders.shipped.carrier', { carrier, awb }),
      input.trackingUrl
        ? t('orders.shipped.trackLink', { url: input.trackingUrl })
        : t('orders.shipped.trackOnSite', { carrier }),
      t('orders.shipped.orderPage'),
    ],
    input.orderUrl,
  );
}

export function orderDeliveredEmail(
  input: Recipient & {
    orderNumber: string;
    orderUrl: string;
    returnUntil: Date | null;
    /** The tax invoice attached to the message, if the order has one (in English: decision 052). */
    invoiceNumber?: string | null;
  },
): Mail {
  const { t, date } = translator(input.locale);
  const { orderNumber } = input;
  return mail(
    input,
    t,
    t('orders.delivered.subject', { orderNumber }),
    [
      t('orders.delivered.delivered', { orderNumber }),
      ...(input.invoiceNumber ? [t('orders.delivered.invoice', { invoiceNumber: input.invoiceNumber })] : []),
      input.returnUntil
        ? t('orders.delivered.returnUntil', { date: date(input.returnUntil, 'date') })
        : t('orders.delivered.contact'),
      t('orders.delivered.notReceived'),
    ],
    input.orderUrl,
  );
}

export function orderCancelledEmail(
  input: Recipient & {
    orderNumber: string;
    reason: string;
    byCustomer: boolean;
    /** A cash-on-delivery order its customer did not confirm with the code in time. */
    lapsed?: boolean;
    refundPaise: number;
    orderUrl: string;
  },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber } = input;
  const opening = input.lapsed
    ? t('orders.cancelled.lapsed', { orderNumber })
    : input.byCustomer
      ? t('orders.cancelled.byCustomer', { orderNumber })
      : t('orders.cancelled.byShop', { orderNumber });
  return mail(
    input,
    t,
    t('orders.cancelled.subject', { orderNumber }),
    [
      opening,
      ...(input.lapsed ? [] : [t('orders.reason', { reason: input.reason })]),
      ...(input.refundPaise > 0
        ? [
            `${t('orders.cancelled.refund', { amount: formatPaise(input.refundPaise) })} ${t('orders.refundTiming')}`,
            t('orders.cancelled.willEmail'),
          ]
        : [t('orders.cancelled.nothingCharged')]),
    ],
    input.orderUrl,
  );
}

export function returnApprovedEmail(
  input: Recipient & {
    orderNumber: string;
    lines: { title: string; quantity: number }[];
    note: string | null;
    orderUrl: string;
  },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber } = input;
  // Product names stay as the catalogue has them, in every language.
  const items = input.lines.map((l) => `${l.title} × ${l.quantity}`).join('; ');
  return mail(
    input,
    t,
    t('orders.returnApproved.subject', { orderNumber }),
    [
      t('orders.returnApproved.approved', { orderNumber, items }),
      ...(input.note ? [t('orders.returnApproved.note', { note: input.note })] : []),
      t('orders.returnApproved.howTo', { orderNumber }),
      `${t('orders.returnApproved.refundAfter')} ${t('orders.refundTiming')}`,
    ],
    input.orderUrl,
  );
}

export function returnRejectedEmail(
  input: Recipient & { orderNumber: string; reason: string; orderUrl: string },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber } = input;
  return mail(
    input,
    t,
    t('orders.returnRejected.subject', { orderNumber }),
    [
      t('orders.returnRejected.sorry', { orderNumber }),
      t('orders.reason', { reason: input.reason }),
      t('orders.returnRejected.mistake'),
    ],
    input.orderUrl,
  );
}

export function refundIssuedEmail(
  input: Recipient & {
    orderNumber: string;
    amountPaise: number;
    reference: string | null;
    orderUrl: string;
    /** A cash-on-delivery refund the shop paid out itself. */
    paidOutBy?: 'bank_transfer' | 'upi' | undefined;
  },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber } = input;
  const amount = formatPaise(input.amountPaise);
  const paragraphs = input.paidOutBy
    ? [
        t('orders.refundIssued.paidOut', { amount, method: input.paidOutBy, orderNumber }),
        t('orders.refundIssued.payoutReference', {
          method: input.paidOutBy,
          reference: String(input.reference),
        }),
      ]
    : [
        t('orders.refundIssued.refunded', { amount, orderNumber }),
        input.reference
          ? t('orders.refundIssued.reference', { reference: input.reference })
          : t('orders.refundIssued.referenceLater'),
        t('orders.refundTiming'),
      ];
  return mail(
    input,
    t,
    t('orders.refundIssued.subject', { amount, orderNumber }),
    paragraphs,
    input.orderUrl,
  );
}

/**
 * A parcel could not be delivered and the courier is bringing it back to the shop (a return to
 * origin). What happens to the money is said now, as it will happen: a prepaid order is refunded
 * for the parcel once it reaches the shop; cash on delivery is simply never asked for.
 */
export function parcelReturningEmail(
  input: Recipient & {
    orderNumber: string;
    awb: string;
    reason: string | null;
    paymentMethod: 'online' | 'cod';
    orderUrl: string;
  },
): Mail {
  const { t } = translator(input.locale);
  const { orderNumber, awb } = input;
  return mail(
    input,
    t,
    t('orders.returning.subject', { orderNumber }),
    [
      input.reason
        ? t('orders.returning.couldNotReason', { awb, orderNumber, reason: input.reason })
        : t('orders.returning.couldNot', { awb, orderNumber }),
      input.paymentMethod === 'cod'
        ? t('orders.returning.cod')
        : `${t('orders.returning.prepaid')} ${t('orders.refundTiming')}`,
      t('orders.returning.orderAgain'),
    ],
    input.orderUrl,
  );
}
