import { formatPaise } from '../../../shared/money.js';
import { layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';

/**
 * The e-mails of an order's life after payment: shipped, delivered, cancelled, return
 * approved or rejected, refund issued. Each is a plain-text part and a simple HTML part from
 * layoutEmail, which escapes everything: carriers, AWB numbers and reasons are typed by staff or
 * customers and must never become HTML. Dates are India time; amounts en-IN rupees.
 */

const longDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });

/** The customer's name as the greeting uses it; a blank name still reads as a greeting. */
function greeting(firstname: string): string {
  const name = firstname.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

function mail(to: string, subject: string, firstname: string, paragraphs: string[], orderUrl: string): Mail {
  return {
    ...layoutEmail({
      subject,
      greeting: greeting(firstname),
      paragraphs,
      action: { label: 'View your order', url: orderUrl },
    }),
    to,
  };
}

/** When refunded money reaches the customer, as Indian banks and Razorpay state it. */
const REFUND_TIMING =
  'Refunds reach the original payment method in 5–7 working days; UPI refunds usually arrive sooner.';

export function orderShippedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  carrier: string;
  awb: string;
  trackingUrl: string | null;
  orderUrl: string;
}): Mail {
  return mail(
    input.to,
    `Your ${SHOP_NAME} order ${input.orderNumber} has shipped`,
    input.firstname,
    [
      `Good news: your order ${input.orderNumber} is on its way.`,
      `Carrier: ${input.carrier}. AWB (tracking) number: ${input.awb}.`,
      input.trackingUrl
        ? `Track the parcel on the carrier's site: ${input.trackingUrl}`
        : `You can track the parcel on ${input.carrier}'s website with the AWB number above.`,
      'Your order page shows the tracking and every step of your order.',
    ],
    input.orderUrl,
  );
}

export function orderDeliveredEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  orderUrl: string;
  returnUntil: Date | null;
  /** The tax invoice attached to the message, if the order has one. */
  invoiceNumber?: string | null;
}): Mail {
  return mail(
    input.to,
    `Your ${SHOP_NAME} order ${input.orderNumber} has been delivered`,
    input.firstname,
    [
      `Your order ${input.orderNumber} has been delivered. We hope you enjoy it.`,
      ...(input.invoiceNumber
        ? [`Your tax invoice ${input.invoiceNumber} is attached; your order page has it too.`]
        : []),
      input.returnUntil
        ? `If something is not right, you can ask to return it from your order page until ${longDate.format(input.returnUntil)}.`
        : 'If something is not right, write to us from the contact page.',
      'If you did not receive the parcel, please contact us right away.',
    ],
    input.orderUrl,
  );
}

export function orderCancelledEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  reason: string;
  byCustomer: boolean;
  /** A cash-on-delivery order its customer did not confirm with the code in time. */
  lapsed?: boolean;
  refundPaise: number;
  orderUrl: string;
}): Mail {
  const opening = input.lapsed
    ? `Your cash-on-delivery order ${input.orderNumber} was not confirmed with the code we sent in time, so we have cancelled it and released its items. You can order them again at any time.`
    : input.byCustomer
      ? `As you asked, your order ${input.orderNumber} is cancelled.`
      : `We are sorry: we had to cancel your order ${input.orderNumber}.`;
  return mail(
    input.to,
    `Your ${SHOP_NAME} order ${input.orderNumber} is cancelled`,
    input.firstname,
    [
      opening,
      ...(input.lapsed ? [] : [`Reason: ${input.reason}`]),
      ...(input.refundPaise > 0
        ? [
            `The full amount, ${formatPaise(input.refundPaise)}, will be refunded to your original payment method. ${REFUND_TIMING}`,
            'We will e-mail you again with the refund reference once it is issued.',
          ]
        : ['Nothing was charged for this order, so there is nothing to refund.']),
    ],
    input.orderUrl,
  );
}

export function returnApprovedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  lines: { title: string; quantity: number }[];
  note: string | null;
  orderUrl: string;
}): Mail {
  const items = input.lines.map((l) => `${l.title} × ${l.quantity}`).join('; ');
  return mail(
    input.to,
    `Your return for order ${input.orderNumber} is approved`,
    input.firstname,
    [
      `We have approved your return for order ${input.orderNumber}: ${items}.`,
      ...(input.note ? [`A note from our team: ${input.note}`] : []),
      `How to send it back: pack the items securely with their tags and original packaging, write the order number ${input.orderNumber} on a slip inside the parcel, and hand it to our courier when they call to collect it, or send it to the address our team gives you.`,
      `Once we receive the items and check them, we refund them to your original payment method and e-mail you the reference. ${REFUND_TIMING}`,
    ],
    input.orderUrl,
  );
}

export function returnRejectedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  reason: string;
  orderUrl: string;
}): Mail {
  return mail(
    input.to,
    `About your return for order ${input.orderNumber}`,
    input.firstname,
    [
      `We are sorry: we cannot accept the return you asked for on order ${input.orderNumber}.`,
      `Reason: ${input.reason}`,
      'If you think this is a mistake, write to us from the contact page and we will look at it again.',
    ],
    input.orderUrl,
  );
}

export function refundIssuedEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  amountPaise: number;
  reference: string | null;
  orderUrl: string;
  /** A cash-on-delivery refund the shop paid out itself. */
  paidOutBy?: 'bank_transfer' | 'upi' | undefined;
}): Mail {
  const paragraphs = input.paidOutBy
    ? [
        `We have paid ${formatPaise(input.amountPaise)} back to you by ${input.paidOutBy === 'upi' ? 'UPI' : 'bank transfer'} for your order ${input.orderNumber}.`,
        `${input.paidOutBy === 'upi' ? 'UPI reference' : 'Transfer reference (UTR)'}: ${input.reference}. Your bank can trace the payment with it.`,
      ]
    : [
        `We have refunded ${formatPaise(input.amountPaise)} for your order ${input.orderNumber}.`,
        input.reference
          ? `Refund reference: ${input.reference}. Your bank can trace the refund with it.`
          : 'Your order page shows the refund reference once the payment provider gives it.',
        REFUND_TIMING,
      ];
  return mail(
    input.to,
    `Refund of ${formatPaise(input.amountPaise)} issued for order ${input.orderNumber}`,
    input.firstname,
    paragraphs,
    input.orderUrl,
  );
}

/**
 * A parcel could not be delivered and the courier is bringing it back to the shop (a return to
 * origin). What happens to the money is said now, as it will happen: a prepaid order is refunded
 * for the parcel once it reaches the shop; cash on delivery is simply never asked for.
 */
export function parcelReturningEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  awb: string;
  reason: string | null;
  paymentMethod: 'online' | 'cod';
  orderUrl: string;
}): Mail {
  return mail(
    input.to,
    `Your ${SHOP_NAME} parcel for order ${input.orderNumber} is coming back to us`,
    input.firstname,
    [
      `The courier could not deliver parcel ${input.awb} of your order ${input.orderNumber}${input.reason ? ` (${input.reason})` : ''}, and is bringing it back to us.`,
      input.paymentMethod === 'cod'
        ? 'You have nothing to pay for it: it was cash on delivery, and no cash will be asked for the items in this parcel.'
        : `Once it reaches us we refund what you paid for its items in full (and the delivery charge, if nothing of the order reached you), with nothing deducted. ${REFUND_TIMING}`,
      'If you still want the items, you are welcome to order them again.',
    ],
    input.orderUrl,
  );
}
