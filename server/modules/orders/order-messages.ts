import { type Locale, localizePath } from '../../../shared/locales.js';
import { formatPaise } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import type { Shipment } from '../../db/schema.js';
import { messageReach } from '../accounts/index.js';
import { type MessageParams, queueMessage } from '../messages/index.js';
import type { OrderRow } from './orders.repository.js';

/**
 * An order's updates by SMS and WhatsApp, beside its e-mails: built here, queued in the transaction
 * of the change that causes them (the outbox, decision 019), on each channel the customer has a
 * confirmed number for and has not turned off (`messageReach`). Each names its event
 * (`order:<id>:shipped`), so an event that happens twice (a webhook delivered again, a status set
 * twice) queues one message per channel.
 */

type OrderUpdateKind =
  | 'order-placed'
  | 'order-shipped'
  | 'out-for-delivery'
  | 'order-delivered'
  | 'refund-issued'
  | 'delivery-failed';

/** The customer an update is written for: their name, language, and links to the shop in it. */
export type UpdateReader = { firstname: string; language: Locale; link: (path: string) => string };

export type OrderUpdate = {
  [K in OrderUpdateKind]: {
    kind: K;
    /** The event, after `order:<id>:`: "shipped", "refund:<refund id>"... */
    event: string;
    params: (to: UpdateReader) => MessageParams[K];
  };
}[OrderUpdateKind];

type OrderFacts = Pick<
  OrderRow,
  'id' | 'orderNumber' | 'paymentMethod' | 'totalPriceAfterDiscountPaise' | 'refundedPaise'
>;

const orderPage = (order: Pick<OrderRow, 'id'>) => `/my-orders/${order.id}`;

/** A failed delivery the courier gave no reason for, said in the customer's language. */
const NO_REASON: Record<Locale, string> = {
  en: 'the courier gave no reason',
  hi: 'कूरियर ने कारण नहीं बताया',
};

export const orderUpdates = {
  placed: (order: OrderFacts): OrderUpdate => ({
    kind: 'order-placed',
    event: 'placed',
    params: (to) => ({
      name: to.firstname,
      orderNumber: order.orderNumber,
      amount: formatPaise(order.totalPriceAfterDiscountPaise),
      url: to.link(orderPage(order)),
    }),
  }),

  /** All of the order in parcels and on its way: the couriers and AWBs (joined when several). */
  shipped: (order: OrderFacts, shipment: Shipment): OrderUpdate => ({
    kind: 'order-shipped',
    event: 'shipped',
    params: (to) => ({
      name: to.firstname,
      orderNumber: order.orderNumber,
      courier: shipment.carrier,
      awb: shipment.awb,
      // Several parcels have no single tracking link: the order page tracks each.
      trackingUrl: shipment.trackingUrl ?? to.link(orderPage(order)),
    }),
  }),

  /** The cash to keep ready for a cash-on-delivery order (what is left after refunds). */
  outForDelivery: (order: OrderFacts & Pick<OrderRow, 'paymentStatus'>): OrderUpdate => ({
    kind: 'out-for-delivery',
    event: 'out-for-delivery',
    params: (to) => ({
      name: to.firstname,
      orderNumber: order.orderNumber,
      codAmount:
        order.paymentMethod === 'cod' && order.paymentStatus !== 'paid'
          ? formatPaise(order.totalPriceAfterDiscountPaise - order.refundedPaise)
          : '',
    }),
  }),

  delivered: (order: OrderFacts): OrderUpdate => ({
    kind: 'order-delivered',
    event: 'delivered',
    params: (to) => ({ name: to.firstname, orderNumber: order.orderNumber, url: to.link(orderPage(order)) }),
  }),

  refundIssued: (order: OrderFacts, refund: { id: string; amountPaise: number }): OrderUpdate => ({
    kind: 'refund-issued',
    event: `refund:${refund.id}`,
    params: (to) => ({
      name: to.firstname,
      orderNumber: order.orderNumber,
      amount: formatPaise(refund.amountPaise),
    }),
  }),

  /** One per parcel and attempt; the link opens the order page, where the customer answers. */
  deliveryFailed: (
    order: OrderFacts,
    attempt: { shipmentId: string; attempt: number; reason: string | null },
  ): OrderUpdate => ({
    kind: 'delivery-failed',
    event: `delivery-failed:${attempt.shipmentId}:${attempt.attempt}`,
    params: (to) => ({
      name: to.firstname,
      orderNumber: order.orderNumber,
      reason: attempt.reason ?? NO_REASON[to.language],
      url: to.link(orderPage(order)),
    }),
  }),
};

const PHONE_CHANNELS = ['sms', 'whatsapp'] as const;

/**
 * Queues the update on SMS and WhatsApp in the caller's transaction, where the customer may be
 * reached; answers how many messages were queued (none for a repeat of the event).
 */
export async function queueOrderUpdate(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'userId'>,
  update: OrderUpdate,
  publicUrl: string,
): Promise<number> {
  const reach = await messageReach(tx, order.userId);
  if (!reach?.mobile) return 0;
  const language = reach.language;
  const params = update.params({
    firstname: reach.firstname,
    language,
    link: (path) => `${publicUrl}${localizePath(language, path)}`,
  });
  let queued = 0;
  for (const channel of PHONE_CHANNELS) {
    if (!reach.orders[channel]) continue;
    const id = await queueMessage(tx, {
      channel,
      to: reach.mobile,
      userId: order.userId,
      kind: update.kind,
      language,
      params,
      eventKey: `order:${order.id}:${update.event}`,
    });
    if (id) queued++;
  }
  return queued;
}
