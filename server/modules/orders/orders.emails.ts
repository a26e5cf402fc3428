import { formatPaise } from '../../../shared/money.js';
import type { ShippingInfo } from '../../db/schema.js';
import { escapeHtml, layoutEmail, type Mail, SHOP_NAME } from '../../lib/mailer.js';
import type { StoredBreakup } from '../checkout/index.js';

type Line = { title: string; colorName: string; quantity: number; pricePaise: number };

/**
 * The rows under the lines: the same breakup the checkout and the order page show,
 * as [label, amount] pairs; without one (older callers), the total alone: delivery is not
 * always free any more, so nothing is claimed about it.
 */
export function breakupRows(
  breakup: StoredBreakup | undefined,
  totalPaise: number,
  totalLabel = 'Total paid',
): [string, string][] {
  if (!breakup) return [[totalLabel, formatPaise(totalPaise)]];
  return [
    ['Items at MRP', formatPaise(breakup.itemsMrpPaise)],
    ...(breakup.productDiscountPaise > 0
      ? [['Discount', `−${formatPaise(breakup.productDiscountPaise)}`] as [string, string]]
      : []),
    ...(breakup.coupon
      ? [
          [`Coupon ${breakup.coupon.code}`, `−${formatPaise(breakup.coupon.discountPaise)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ['Delivery', breakup.deliveryPaise > 0 ? formatPaise(breakup.deliveryPaise) : 'Free'],
    ...(breakup.codFeePaise > 0
      ? [['Cash on delivery fee', formatPaise(breakup.codFeePaise)] as [string, string]]
      : []),
    [totalLabel, formatPaise(breakup.totalPaise)],
    ['Inclusive of GST', formatPaise(breakup.taxPaise)],
  ];
}

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
}): Mail {
  const totalLabel = input.cashOnDelivery ? 'To pay on delivery' : 'Total paid';
  const totals = breakupRows(input.breakup, input.totalPaise, totalLabel);
  const fee = input.breakup?.codFeePaise ?? 0;
  // The fee is inside the total the shopper saw before ordering; nothing is added at the door.
  const confirmed = input.cashOnDelivery
    ? `Your order ${input.orderNumber} is confirmed. Please pay ${formatPaise(input.totalPaise)} in cash when it is delivered${fee > 0 ? ` (the ${formatPaise(fee)} cash-on-delivery fee included); nothing more is charged.` : '; no extra fee is charged.'}`
    : `Your order ${input.orderNumber} is confirmed and paid.`;
  const address = [
    `${input.shipping.firstName} ${input.shipping.lastName}`,
    input.shipping.address,
    input.shipping.landmark,
    `${input.shipping.city}, ${input.shipping.state} ${input.shipping.pincode}`,
    input.shipping.country,
  ];
  const text = [
    `Hello ${input.firstname},`,
    '',
    `Thank you for shopping with ${SHOP_NAME}. ${confirmed}`,
    '',
    ...input.lines.map(
      (l) => `- ${l.title} (${l.colorName}) x ${l.quantity}: ${formatPaise(l.pricePaise * l.quantity)}`,
    ),
    '',
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Shipping to:',
    ...address,
    '',
    "We will e-mail you when it ships, with the courier's tracking. Follow your order at:",
    input.ordersUrl,
    '',
    `— ${SHOP_NAME}`,
  ].join('\n');
  const rows = input.lines
    .map(
      (l) =>
        `<tr><td style="padding:6px 0">${escapeHtml(l.title)} <span style="color:#6b7280">(${escapeHtml(l.colorName)}) × ${l.quantity}</span></td><td align="right">${formatPaise(l.pricePaise * l.quantity)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f3d91;padding-bottom:16px">${SHOP_NAME}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>Hello ${escapeHtml(input.firstname)},</p>
<p>Thank you for shopping with us. ${escapeHtml(confirmed)}</p>
<table role="presentation" width="100%" style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;margin:16px 0">${rows}
${totals
  .map(([label, amount]) =>
    label === totalLabel
      ? `<tr><td style="padding:6px 0;border-top:1px solid #e5e7eb"><strong>${label}</strong></td><td align="right" style="border-top:1px solid #e5e7eb"><strong>${amount}</strong></td></tr>`
      : `<tr><td style="padding:6px 0${label === 'Inclusive of GST' ? ';color:#6b7280;font-size:13px' : ''}">${escapeHtml(label)}</td><td align="right"${label === 'Inclusive of GST' ? ' style="color:#6b7280;font-size:13px"' : ''}>${amount}</td></tr>`,
  )
  .join('')}</table>
<p><strong>Shipping to</strong><br>${address.map(escapeHtml).join('<br>')}</p>
<p>We will e-mail you when it ships, with the courier's tracking. <a href="${escapeHtml(input.ordersUrl)}">Follow your order</a>.</p>
<p style="font-size:13px;color:#6b7280">— ${SHOP_NAME}</p></td></tr></table></td></tr></table></body></html>`;
  return { to: input.to, subject: `Your ${SHOP_NAME} order ${input.orderNumber} is confirmed`, text, html };
}

/** Asks the customer to confirm a paid order's delivery address, shown as it was typed. */
export function addressConfirmationEmail(input: {
  to: string;
  firstname: string;
  orderNumber: string;
  shipping: ShippingInfo;
  ordersUrl: string;
  contactUrl: string;
}): Mail {
  const s = input.shipping;
  const typed = [
    `${s.firstName} ${s.lastName}`.trim(),
    s.address,
    s.landmark,
    [s.city, s.state, s.pincode].filter(Boolean).join(', '),
    s.mobile ? `Mobile: ${s.mobile}` : '',
  ].filter((line) => line && line !== '-');
  const asked =
    'the full address with the city, the state and the 6-digit PIN code, and a mobile number the courier can call';
  const text = [
    `Hello ${input.firstname},`,
    '',
    `Your order ${input.orderNumber} is paid and confirmed, but we could not read its delivery address completely. We will not ship it until we have the right one.`,
    '',
    'What we have:',
    ...(typed.length ? typed : ['(no address arrived)']),
    '',
    `Please reply to this e-mail, or write to us at ${input.contactUrl}, with ${asked}.`,
    '',
    `Your orders: ${input.ordersUrl}`,
    '',
    `— ${SHOP_NAME}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f3d91;padding-bottom:16px">${SHOP_NAME}</td></tr>
<tr><td style="font-size:15px;line-height:1.6"><p>Hello ${escapeHtml(input.firstname)},</p>
<p>Your order <strong>${escapeHtml(input.orderNumber)}</strong> is paid and confirmed, but we could not read its delivery address completely. We will not ship it until we have the right one.</p>
<p><strong>What we have</strong><br>${typed.length ? typed.map(escapeHtml).join('<br>') : '(no address arrived)'}</p>
<p>Please reply to this e-mail, or <a href="${escapeHtml(input.contactUrl)}">write to us</a>, with ${asked}.</p>
<p><a href="${escapeHtml(input.ordersUrl)}">View your orders</a></p>
<p style="font-size:13px;color:#6b7280">— ${SHOP_NAME}</p></td></tr></table></td></tr></table></body></html>`;
  return {
    to: input.to,
    subject: `Please confirm the delivery address for order ${input.orderNumber}`,
    text,
    html,
  };
}

/**
 * A payment the shop is giving back without the customer asking (decision 034): the cart it paid
 * for was already ordered, or its coupon could no longer be used. Says why, how much and when.
 */
export function paymentRefundEmail(input: {
  to: string;
  firstname: string;
  amountPaise: number;
  /** One or two sentences: why this payment bought nothing (or less), in the customer's terms. */
  why: string;
  ordersUrl: string;
}): Mail {
  const amount = formatPaise(input.amountPaise);
  return {
    ...layoutEmail({
      subject: `We are refunding your payment of ${amount}`,
      greeting: `Hello ${input.firstname},`,
      paragraphs: [
        input.why,
        `We are refunding ${amount} to you. It reaches your account in 5–7 working days, by the way you paid; you do not need to do anything.`,
      ],
      action: { label: 'View your orders', url: input.ordersUrl },
    }),
    to: input.to,
  };
}
