import type { Locale } from '../../../shared/locales.js';
import { formatPaise } from '../../../shared/money.js';
import type { ShippingInfo } from '../../db/schema.js';
import { type Translate, translator } from '../../i18n/index.js';
import { escapeHtml, greeting, htmlMessage, layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';
import type { StoredBreakup } from '../checkout/index.js';

/**
 * The e-mails of placing an order, in the customer's language (`locale`; server/i18n/messages/
 * <locale>/orders.json). Product names, colours and addresses stay as they were written; amounts
 * are en-IN rupees in every language.
 */

type Line = { title: string; colorName: string; quantity: number; pricePaise: number };

/**
 * The rows under the lines: the same breakup the checkout and the order page show,
 * as [label, amount] pairs; without one (older callers), the total alone: delivery is not
 * always free any more, so nothing is claimed about it.
 */
function breakupRows(
  t: Translate,
  breakup: StoredBreakup | undefined,
  totalPaise: number,
  totalLabel: string,
): [string, string][] {
  if (!breakup) return [[totalLabel, formatPaise(totalPaise)]];
  return [
    [t('orders.breakup.itemsMrp'), formatPaise(breakup.itemsMrpPaise)],
    ...(breakup.productDiscountPaise > 0
      ? [[t('orders.breakup.discount'), `−${formatPaise(breakup.productDiscountPaise)}`] as [string, string]]
      : []),
    ...(breakup.coupon
      ? [
          [
            t('orders.breakup.coupon', { code: breakup.coupon.code }),
            `−${formatPaise(breakup.coupon.discountPaise)}`,
          ] as [string, string],
        ]
      : []),
    [
      t('orders.breakup.delivery'),
      breakup.deliveryPaise > 0 ? formatPaise(breakup.deliveryPaise) : t('orders.breakup.free'),
    ],
    ...(breakup.codFeePaise > 0
      ? [[t('orders.breakup.codFee'), formatPaise(breakup.codFeePaise)] as [string, string]]
      : []),
    [totalLabel, formatPaise(breakup.totalPaise)],
    [t('orders.breakup.gst'), formatPaise(breakup.taxPaise)],
  ];
}

/** The opening of an HTML message: the same frame as layoutEmail's, in the message's language. */
const htmlOpening = (lang: string, firstLine: string) =>
  `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f3d91;padding-bottom:16px">${SHOP_NAME}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>${escapeHtml(firstLine)}</p>`;

export function orderConfirmationEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  lines: Line[];
  totalPaise: number;
  /** The order's breakup (order-breakup.ts orderBreakup); shown under the lines. */
  breakup?: StoredBreakup;
  shipping: ShippingInfo;
  ordersUrl: string;
  /** Cash on delivery: confirmed, the total to be paid when it arrives. */
  cashOnDelivery?: boolean;
  locale: Locale;
}): Mail {
  const { t, lang } = translator(input.locale);
  const { orderNumber } = input;
  const totalLabel = t(input.cashOnDelivery ? 'orders.breakup.toPayOnDelivery' : 'orders.breakup.totalPaid');
  const gstLabel = t('orders.breakup.gst');
  const totals = breakupRows(t, input.breakup, input.totalPaise, totalLabel);
  const fee = input.breakup?.codFeePaise ?? 0;
  const total = formatPaise(input.totalPaise);
  // The fee is inside the total the shopper saw before ordering; nothing is added at the door.
  const confirmed = input.cashOnDelivery
    ? fee > 0
      ? t('orders.confirmation.codFee', { orderNumber, total, fee: formatPaise(fee) })
      : t('orders.confirmation.codNoFee', { orderNumber, total })
    : t('orders.confirmation.paid', { orderNumber });
  const address = [
    `${input.shipping.firstName} ${input.shipping.lastName}`,
    input.shipping.address,
    input.shipping.landmark,
    `${input.shipping.city}, ${input.shipping.state} ${input.shipping.pincode}`,
    input.shipping.country,
  ];
  const hello = greeting(t, input.firstname);
  const text = [
    hello,
    '',
    `${t('orders.confirmation.thanks')} ${confirmed}`,
    '',
    ...input.lines.map(
      (l) => `- ${l.title} (${l.colorName}) x ${l.quantity}: ${formatPaise(l.pricePaise * l.quantity)}`,
    ),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    `${t('orders.confirmation.shippingTo')}:`,
    ...address,
    '',
    `${t('orders.confirmation.willEmail')} ${t('orders.confirmation.followAt')}`,
    input.ordersUrl,
    '',
    t('email.signature'),
  ].join('\n');
  const rows = input.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${escapeHtml(l.title)} <span style="color:#6b7280">(${escapeHtml(l.colorName)}) × ${l.quantity}</span></td><td align="right">${formatPaise(l.pricePaise * l.quantity)}</td></tr>`,
    )
    .join('');
  const html = `${htmlOpening(lang, hello)}
<p>${escapeHtml(t('orders.confirmation.thanksUs'))} ${escapeHtml(confirmed)}</p>
<table role="presentation" width="100%" style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;margin:16px 0">${rows}
${totals
  .map(([label, amount]) =>
    label === totalLabel
      ? `<tr><td style="padding:6px 0;border-top:1px solid #e5e7eb"><strong>${escapeHtml(label)}</strong></td><td align="right" style="border-top:1px solid #e5e7eb"><strong>${amount}</strong></td></tr>`
      : `<tr><td style="padding:6px 0${label === gstLabel ? ';color:#6b7280;font-size:13px' : ''}">${escapeHtml(label)}</td><td align="right"${label === gstLabel ? ' style="color:#6b7280;font-size:13px"' : ''}>${escapeHtml(amount)}</td></tr>`,
  )
  .join('')}</table>
<p><strong>${escapeHtml(t('orders.confirmation.shippingTo'))}</strong><br>${address.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(t('orders.confirmation.willEmail'))} <a href="${escapeHtml(input.ordersUrl)}">${escapeHtml(t('orders.confirmation.follow'))}</a>.</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('email.signature'))}</p></td></tr></table></td></tr></table></body></html>`;
  return { to: input.to, subject: t('orders.confirmation.subject', { orderNumber }), text, html };
}

/** Asks the customer to confirm a paid order's delivery address, shown as it was typed. */
export function addressConfirmationEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  shipping: ShippingInfo;
  ordersUrl: string;
  contactUrl: string;
  locale: Locale;
}): Mail {
  const { t, lang } = translator(input.locale);
  const { orderNumber } = input;
  const s = input.shipping;
  const typed = [
    `${s.firstName} ${s.lastName}`.trim(),
    s.address,
    s.landmark,
    [s.city, s.state, s.pincode].filter(Boolean).join(', '),
    s.mobile ? t('orders.addressCheck.mobile', { mobile: s.mobile }) : '',
  ].filter((line) => line && line !== '-');
  const asked = t('orders.addressCheck.asked');
  const noAddress = t('orders.addressCheck.noAddress');
  const hello = greeting(t, input.firstname);
  const text = [
    hello,
    '',
    t('orders.addressCheck.unreadable', { orderNumber }),
    '',
    `${t('orders.addressCheck.whatWeHave')}:`,
    ...(typed.length ? typed : [noAddress]),
    '',
    t('orders.addressCheck.replyText', { contactUrl: input.contactUrl, asked }),
    '',
    `${t('orders.addressCheck.yourOrders')}: ${input.ordersUrl}`,
    '',
    t('email.signature'),
  ].join('\n');
  const writeToUs = `<a href="${escapeHtml(input.contactUrl)}">${escapeHtml(t('orders.addressCheck.writeToUs'))}</a>`;
  const html = `${htmlOpening(lang, hello)}
<p>${htmlMessage(t, 'orders.addressCheck.unreadable', {}, { orderNumber: `<strong>${escapeHtml(orderNumber)}</strong>` })}</p>
<p><strong>${escapeHtml(t('orders.addressCheck.whatWeHave'))}</strong><br>${typed.length ? typed.map(escapeHtml).join('<br>') : escapeHtml(noAddress)}</p>
<p>${htmlMessage(t, 'orders.addressCheck.replyHtml', { asked }, { writeToUs })}</p>
<p><a href="${escapeHtml(input.ordersUrl)}">${escapeHtml(t('orders.viewOrders'))}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t('email.signature'))}</p></td></tr></table></td></tr></table></body></html>`;
  return { to: input.to, subject: t('orders.addressCheck.subject', { orderNumber }), text, html };
}

/**
 * Why a payment is being given back (decision 034), as data: the e-mail says it in the customer's
 * language, and the API answer to the browser in English (refundWhyText).
 */
export type RefundWhy =
  | { reason: 'already-ordered'; orderNumber: string }
  | { reason: 'checkout-closed'; coupon?: string | undefined }
  | { reason: 'coupon-used-up'; coupon: string; problem: CouponProblem }
  | {
      reason: 'coupon-used-up-excess';
      coupon: string;
      problem: CouponProblem;
      orderNumber: string;
      placedPaise: number;
      paidPaise: number;
    };

/** Why a coupon could not be used once more (coupons' claimCouponUse). */
export type CouponProblem = { coupon: string; perCustomerLimit?: number | undefined };

function couponProblemText(t: Translate, problem: CouponProblem): string {
  return problem.perCustomerLimit !== undefined
    ? t('coupons.usedUp.perCustomer', { coupon: problem.coupon, limit: problem.perCustomerLimit })
    : t('coupons.usedUp.all', { coupon: problem.coupon });
}

/** One or two sentences: why this payment bought nothing (or less), in the customer's terms. */
export function refundWhyText(why: RefundWhy, locale: Locale): string {
  const { t } = translator(locale);
  switch (why.reason) {
    case 'already-ordered':
      return t('orders.refundWhy.alreadyOrdered', { orderNumber: why.orderNumber });
    case 'checkout-closed':
      return why.coupon !== undefined
        ? t('orders.refundWhy.closedCoupon', { coupon: why.coupon })
        : t('orders.refundWhy.closed');
    case 'coupon-used-up':
      return t('orders.refundWhy.couponUsedUp', {
        problem: couponProblemText(t, why.problem),
        coupon: why.coupon,
      });
    case 'coupon-used-up-excess':
      return t('orders.refundWhy.couponUsedUpExcess', {
        problem: couponProblemText(t, why.problem),
        orderNumber: why.orderNumber,
        placed: formatPaise(why.placedPaise),
        paid: formatPaise(why.paidPaise),
      });
  }
}

/**
 * A payment the shop is giving back without the customer asking (decision 034): the cart it paid
 * for was already ordered, or its coupon could no longer be used. Says why, how much and when.
 */
export function paymentRefundEmail(input: {
  to: string;
  firstname: string;
  amountPaise: number;
  why: RefundWhy;
  ordersUrl: string;
  locale: Locale;
}): Mail {
  const { t } = translator(input.locale);
  const amount = formatPaise(input.amountPaise);
  return {
    ...layoutEmail({
      subject: t('orders.paymentRefund.subject', { amount }),
      greeting: greeting(t, input.firstname),
      paragraphs: [refundWhyText(input.why, input.locale), t('orders.paymentRefund.refunding', { amount })],
      action: { label: t('orders.viewOrders'), url: input.ordersUrl },
      locale: input.locale,
    }),
    to: input.to,
  };
}
