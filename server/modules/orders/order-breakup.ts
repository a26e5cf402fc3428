import type { ApiPriceBreakup } from '../../../shared/api/price-breakup.schemas.js';
import type { Executor } from '../../db/client.js';
import { findCheckoutById, presentBreakup, type StoredBreakup } from '../checkout/index.js';
import type { OrderRow } from './orders.repository.js';

/**
 * An order's price breakup as the shopper saw it at checkout, from what the order
 * stores (coupon, discount, delivery, GST, total paid) and the MRPs its checkout recorded: the
 * order page and the confirmation e-mail show these figures. They add up by construction:
 * items at MRP − product discount − coupon + delivery + COD fee = total paid. Orders from before the
 * breakup existed have no MRPs, coupon or delivery: their items at MRP are what was paid.
 */
export async function orderBreakup(
  db: Executor,
  order: Pick<
    OrderRow,
    | 'checkoutId'
    | 'couponCode'
    | 'couponDiscountPaise'
    | 'deliveryPaise'
    | 'codFeePaise'
    | 'taxPaise'
    | 'totalPriceAfterDiscountPaise'
  >,
): Promise<StoredBreakup> {
  const checkout = await findCheckoutById(db, order.checkoutId);
  const productDiscountPaise = (checkout?.lines ?? []).reduce(
    (sum, line) => sum + Math.max(0, (line.mrpPaise ?? line.pricePaise) - line.pricePaise) * line.quantity,
    0,
  );
  const subtotalPaise =
    order.totalPriceAfterDiscountPaise + order.couponDiscountPaise - order.deliveryPaise - order.codFeePaise;
  return {
    itemsMrpPaise: subtotalPaise + productDiscountPaise,
    productDiscountPaise,
    coupon: order.couponCode ? { code: order.couponCode, discountPaise: order.couponDiscountPaise } : null,
    deliveryPaise: order.deliveryPaise,
    codFeePaise: order.codFeePaise,
    totalPaise: order.totalPriceAfterDiscountPaise,
    taxPaise: order.taxPaise,
  };
}

/** The same, in rupees, as the order detail answers it. */
export async function orderBreakupAnswer(
  db: Executor,
  order: Parameters<typeof orderBreakup>[1],
): Promise<ApiPriceBreakup> {
  return presentBreakup(await orderBreakup(db, order));
}
