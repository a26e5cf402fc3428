import type { ApiCheckoutQuote, ApiPriceBreakup } from '../../../shared/api/price-breakup.schemas.js';
import { type CodFee, codFeeOn } from '../../../shared/cod-fee.js';
import { lineRateBp, splitGst } from '../../../shared/gst.js';
import { formatPaise, paiseToRupees } from '../../../shared/money.js';

/**
 * The price of a cart, pure and in paise: the one computation behind the cart's and checkout's
 * breakup, the amount the provider charges and what the order stores.
 *
 *   items at MRP − product discount = subtotal (catalogue prices)
 *   subtotal − coupon = items after the coupon
 *   + delivery (free when the items after the coupon reach the threshold)
 *   + cash on delivery's handling fee (paid in cash only) = total
 *
 * Rules, in the order applied:
 * - A coupon applies to its eligible lines: every line, or those whose category is one of its
 *   categories AND whose brand is one of its brands (an empty list restricts nothing).
 * - Its minimum order value compares the eligible lines' subtotal (the whole cart when it is not
 *   restricted): a coupon for watches over ₹2,000 needs ₹2,000 of watches.
 * - Percent: floor(eligible × percent / 100), then the maximum discount; flat: its amount. Never
 *   more than the eligible subtotal, and never so much that less than ₹1 is left to pay (the least
 *   a payment provider takes).
 * - The discount is shared among the eligible lines in proportion to their subtotals, each share
 *   rounded down and the paise left over given one each to the largest remainders (the earliest
 *   line on a tie): the shares add up to the discount exactly and none exceeds its line.
 * - Delivery is free when the items AFTER the coupon come to at least the threshold: the
 *   threshold counts what the shopper pays for goods, so a coupon cannot buy free delivery too.
 * - Cash on delivery's handling fee, when the shop charges one: a fixed amount plus a percentage
 *   of the total before it (items after the coupon and delivery), rounded to the paisa. Priced
 *   only for an order paid in cash; the quote shows it beside the payment choice before the
 *   shopper chooses.
 * - GST is included in every price: the tax is split out of each line's net (its subtotal less
 *   its coupon share), of the delivery fee and of the COD fee (shared/gst.ts). Before the delivery state is known
 *   it is split as within the seller's state; the amount can differ by a paisa per line from the
 *   IGST split, never the total.
 */

export type PricingLine = {
  productId: string;
  variantId: string;
  /** The variant's SKU and option values ("Navy / L"; '' without options). */
  sku: string;
  variantTitle: string;
  colorId: string;
  /** The product's title. */
  title: string;
  quantity: number;
  /** The variant's price and MRP. */
  pricePaise: number;
  /** Null when it has none (then the price is its MRP). */
  mrpPaise: number | null;
  categoryId: string;
  brandId: string;
  /** HSN code and configured GST rate (the product's, else its category's). */
  hsnCode: string | null;
  gstRateBp: number | null;
};

export type PricingCoupon = {
  code: string;
  kind: 'percent' | 'flat';
  percent: number;
  flatPaise: number | null;
  minOrderPaise: number | null;
  maxDiscountPaise: number | null;
  categoryIds: readonly string[];
  brandIds: readonly string[];
};

export type DeliveryRules = {
  /** The fee below the threshold, GST included; 0: delivery is always free. */
  feePaise: number;
  /** Items after the coupon at or above this ship free. */
  freeFromPaise: number;
};

export type PricedLine = PricingLine & {
  /** This line's share of the coupon. */
  discountPaise: number;
  /** quantity × price − its share: what is paid for the line. */
  netPaise: number;
  rateBp: number;
  taxPaise: number;
};

export type PriceBreakup = {
  lines: PricedLine[];
  units: number;
  itemsMrpPaise: number;
  productDiscountPaise: number;
  /** At catalogue prices, before the coupon. */
  subtotalPaise: number;
  coupon: { code: string; discountPaise: number } | null;
  deliveryPaise: number;
  /** Cash on delivery's handling fee (0 paying online, or when the shop charges none). */
  codFeePaise: number;
  totalPaise: number;
  taxPaise: number;
  /** null when delivery is always free. */
  freeDeliveryFromPaise: number | null;
  addForFreeDeliveryPaise: number;
};

/** The least a payment provider takes (Razorpay: ₹1). */
export const MIN_PAYABLE_PAISE = 100;

/** A coupon that cannot be used on this cart; the message says why, for the shopper. */
export class CouponNotApplicable extends Error {
  constructor(
    message: string,
    /** Nothing in the cart is of its categories or brands (the caller may name them). */
    readonly noEligibleLines = false,
  ) {
    super(message);
  }
}

const lineSubtotal = (line: { pricePaise: number; quantity: number }) => line.pricePaise * line.quantity;

function isEligible(line: PricingLine, coupon: PricingCoupon): boolean {
  return (
    (coupon.categoryIds.length === 0 || coupon.categoryIds.includes(line.categoryId)) &&
    (coupon.brandIds.length === 0 || coupon.brandIds.includes(line.brandId))
  );
}

/** What the coupon takes off `eligiblePaise`, before the ₹1 floor. */
function couponAmount(coupon: PricingCoupon, eligiblePaise: number): number {
  let amount =
    coupon.kind === 'flat' ? (coupon.flatPaise ?? 0) : Math.floor((eligiblePaise * coupon.percent) / 100);
  if (coupon.maxDiscountPaise !== null) amount = Math.min(amount, coupon.maxDiscountPaise);
  return Math.max(0, Math.min(amount, eligiblePaise));
}

/**
 * Splits `totalPaise` over `weights` in proportion, the shares adding up exactly: each share
 * rounded down, then one more paisa to the largest remainders (the earlier index on a tie).
 * BigInt, so that ₹ crores × ₹ crores cannot lose precision.
 */
export function allocate(totalPaise: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0 || totalPaise === 0) return weights.map(() => 0);
  const total = BigInt(totalPaise);
  const whole = BigInt(sum);
  const shares = weights.map((w) => (total * BigInt(w)) / whole);
  const remainders = weights.map((w, i) => ({ i, rest: (total * BigInt(w)) % whole }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

function deliveryFor(itemsAfterCouponPaise: number, rules: DeliveryRules) {
  if (rules.feePaise === 0) return { deliveryPaise: 0, addForFreeDeliveryPaise: 0, freeFrom: null };
  const free = itemsAfterCouponPaise >= rules.freeFromPaise;
  return {
    deliveryPaise: free ? 0 : rules.feePaise,
    addForFreeDeliveryPaise: free ? 0 : rules.freeFromPaise - itemsAfterCouponPaise,
    freeFrom: rules.freeFromPaise,
  };
}

export function priceCart(input: {
  lines: readonly PricingLine[];
  coupon: PricingCoupon | null;
  delivery: DeliveryRules;
  /** Cash on delivery's handling fee: only for an order paid in cash. */
  codFee?: CodFee | undefined;
  /** For the GST split: the seller's state, and the delivery state when known. */
  sellerState: string;
  deliveryState?: string | null | undefined;
}): PriceBreakup {
  const { lines, coupon } = input;
  const subtotalPaise = lines.reduce((sum, line) => sum + lineSubtotal(line), 0);
  const itemsMrpPaise = lines.reduce(
    (sum, line) => sum + Math.max(line.mrpPaise ?? line.pricePaise, line.pricePaise) * line.quantity,
    0,
  );

  let discountPaise = 0;
  let eligible: boolean[] = lines.map(() => false);
  if (coupon) {
    eligible = lines.map((line) => isEligible(line, coupon));
    const eligiblePaise = lines.reduce((sum, line, i) => sum + (eligible[i] ? lineSubtotal(line) : 0), 0);
    if (eligiblePaise === 0)
      throw new CouponNotApplicable(`${coupon.code} does not apply to the items in your cart.`, true);
    if (coupon.minOrderPaise !== null && eligiblePaise < coupon.minOrderPaise) {
      const what = eligiblePaise === subtotalPaise ? 'an order' : 'eligible items';
      throw new CouponNotApplicable(
        `${coupon.code} needs ${what} of at least ${formatPaise(coupon.minOrderPaise)}: add ${formatPaise(coupon.minOrderPaise - eligiblePaise)} more to use it.`,
      );
    }
    discountPaise = couponAmount(coupon, eligiblePaise);
  }

  // Never less than ₹1 to pay: the coupon gives way (delivery follows the items after it). Giving
  // way can make delivery free, which opens a new shortfall: again until none is left (at most
  // twice, as the discount only shrinks and delivery can only become free).
  let delivery = deliveryFor(subtotalPaise - discountPaise, input.delivery);
  let shortfall = MIN_PAYABLE_PAISE - (subtotalPaise - discountPaise + delivery.deliveryPaise);
  while (shortfall > 0 && discountPaise > 0) {
    discountPaise = Math.max(0, discountPaise - shortfall);
    delivery = deliveryFor(subtotalPaise - discountPaise, input.delivery);
    shortfall = MIN_PAYABLE_PAISE - (subtotalPaise - discountPaise + delivery.deliveryPaise);
  }
  const codFeePaise = input.codFee
    ? codFeeOn(subtotalPaise - discountPaise + delivery.deliveryPaise, input.codFee)
    : 0;

  const shares = allocate(
    discountPaise,
    lines.map((line, i) => (eligible[i] ? lineSubtotal(line) : 0)),
  );
  const nets = lines.map((line, i) => lineSubtotal(line) - shares[i]!);
  const rates = lines.map((line, i) =>
    lineRateBp({
      hsnCode: line.hsnCode,
      rateBp: line.gstRateBp,
      netPaise: nets[i]!,
      quantity: line.quantity,
    }),
  );
  const gst = splitGst({
    lines: nets.map((netPaise, i) => ({ netPaise, rateBp: rates[i]! })),
    sellerState: input.sellerState,
    deliveryState: input.deliveryState,
    deliveryPaise: delivery.deliveryPaise,
    codFeePaise,
  });

  return {
    lines: lines.map((line, i) => ({
      ...line,
      discountPaise: shares[i]!,
      netPaise: nets[i]!,
      rateBp: rates[i]!,
      taxPaise: gst.lines[i]!.taxPaise,
    })),
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    itemsMrpPaise,
    productDiscountPaise: itemsMrpPaise - subtotalPaise,
    subtotalPaise,
    coupon: coupon ? { code: coupon.code, discountPaise } : null,
    deliveryPaise: delivery.deliveryPaise,
    codFeePaise,
    totalPaise: subtotalPaise - discountPaise + delivery.deliveryPaise + codFeePaise,
    taxPaise: gst.totals.taxPaise,
    freeDeliveryFromPaise: delivery.freeFrom,
    addForFreeDeliveryPaise: delivery.addForFreeDeliveryPaise,
  };
}

/** The paise of a breakup an order keeps, as the API shows it (rupees). */
export type StoredBreakup = {
  itemsMrpPaise: number;
  productDiscountPaise: number;
  coupon: { code: string; discountPaise: number } | null;
  deliveryPaise: number;
  codFeePaise: number;
  totalPaise: number;
  taxPaise: number;
};

export function presentBreakup(breakup: StoredBreakup): ApiPriceBreakup {
  return {
    itemsMrp: paiseToRupees(breakup.itemsMrpPaise),
    productDiscount: paiseToRupees(breakup.productDiscountPaise),
    coupon: breakup.coupon
      ? { code: breakup.coupon.code, discount: paiseToRupees(breakup.coupon.discountPaise) }
      : null,
    delivery: paiseToRupees(breakup.deliveryPaise),
    codFee: paiseToRupees(breakup.codFeePaise),
    total: paiseToRupees(breakup.totalPaise),
    taxIncluded: paiseToRupees(breakup.taxPaise),
  };
}

/** The quote's figures; the checkout service adds whether cash on delivery may pay them. */
export function presentQuote(breakup: PriceBreakup): Omit<ApiCheckoutQuote, 'cashOnDelivery'> {
  return {
    ...presentBreakup(breakup),
    items: breakup.units,
    freeDeliveryFrom:
      breakup.freeDeliveryFromPaise === null ? null : paiseToRupees(breakup.freeDeliveryFromPaise),
    addForFreeDelivery: paiseToRupees(breakup.addForFreeDeliveryPaise),
  };
}
