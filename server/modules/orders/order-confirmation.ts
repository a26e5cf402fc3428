import type { Transaction } from '../../db/client.js';
import { customerContact } from '../accounts/index.js';
import { queueEmail } from '../email-outbox/index.js';
import { orderBreakup } from './order-breakup.js';
import { orderUpdates, queueOrderUpdate } from './order-messages.js';
import { orderConfirmationEmail } from './orders.emails.js';
import * as repository from './orders.repository.js';

/**
 * The order confirmation (by e-mail, SMS and WhatsApp), once per order, queued in the caller's transaction: the one that
 * places an online order, or the one that confirms a cash-on-delivery order with its code.
 */
export async function queueConfirmation(
  tx: Transaction,
  order: repository.OrderRow,
  { publicUrl, at }: { publicUrl: string; at: Date },
) {
  if (!(await repository.claimConfirmation(tx, order.id, at))) return;
  const [user, lines] = await Promise.all([
    customerContact(tx, order.userId),
    repository.linesOfOrders(tx, [order.id]),
  ]);
  if (!user) return;
  await queueEmail(
    tx,
    orderConfirmationEmail({
      to: user.email,
      firstname: user.firstname,
      orderNumber: order.orderNumber,
      lines: lines.map((l) => ({
        title: l.variantTitle ? `${l.title}, ${l.variantTitle}` : l.title,
        colorName: l.colorName,
        quantity: l.quantity,
        pricePaise: l.pricePaise,
      })),
      totalPaise: order.totalPriceAfterDiscountPaise,
      // The same breakup the checkout and the order page show.
      breakup: await orderBreakup(tx, order),
      shipping: order.shippingInfo,
      ordersUrl: `${publicUrl}/my-orders/${order.id}`,
      cashOnDelivery: order.paymentMethod === 'cod',
      locale: user.language,
    }),
    'order confirmation',
  );
  await queueOrderUpdate(tx, order, orderUpdates.placed(order), publicUrl);
}
