import type { ApiCheckoutQuote } from '../../../shared/api/price-breakup.schemas.js';
import { formatPaise, paiseToRupees } from '../../../shared/money.js';
import type { PriceBreakup } from './pricing.js';

/**
 * Cash on delivery's side of a price: whether the shop takes cash for a total, and what the
 * quote says paying in cash would add (the handling fee) before the shopper chooses.
 */

/** The largest cash-on-delivery order by default, ₹50,000 (config: COD_MAX_ORDER). */
export const DEFAULT_CASH_ON_DELIVERY = { maxOrderPaise: 5_000_000 };

export type CashOnDeliveryLimit = { maxOrderPaise: number };

/**
 * Whether cash on delivery may pay `totalPaise` (the fee included: it is all collected at the
 * door), and why not; the pincode is checked apart.
 */
export function cashOnDeliveryFor(limit: CashOnDeliveryLimit, totalPaise: number) {
  const rupees = paiseToRupees(limit.maxOrderPaise);
  if (limit.maxOrderPaise <= 0)
    return { available: false, reason: 'This shop does not offer cash on delivery.', limit: rupees };
  if (totalPaise > limit.maxOrderPaise)
    return {
      available: false,
      reason: `Cash on delivery is available for orders up to ${formatPaise(limit.maxOrderPaise)}.`,
      limit: rupees,
    };
  return { available: true, reason: null, limit: rupees };
}

/**
 * The quote's `cashOnDelivery`: the limit checked against the cash total, and the fee with the
 * total and GST paying in cash would come to, from the same cart priced with the fee.
 */
export function cashOnDeliveryQuote(
  limit: CashOnDeliveryLimit,
  inCash: Pick<PriceBreakup, 'codFeePaise' | 'totalPaise' | 'taxPaise'>,
): ApiCheckoutQuote['cashOnDelivery'] {
  return {
    ...cashOnDeliveryFor(limit, inCash.totalPaise),
    fee: paiseToRupees(inCash.codFeePaise),
    total: paiseToRupees(inCash.totalPaise),
    taxIncluded: paiseToRupees(inCash.taxPaise),
  };
}
