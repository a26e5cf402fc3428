import * as z from 'zod/mini';

/**
 * One total with its breakup, as the cart, the checkout, the order page and the order
 * e-mail show it, in rupees. Always: itemsMrp − productDiscount − coupon.discount + delivery +
 * codFee = total, to the paisa; taxIncluded is the GST inside that total (prices include it). The server
 * computes it (server/modules/checkout/pricing.ts); the browser only shows it.
 */
export const priceBreakupAnswer = z.object({
  /** The items at their MRP (their price where they have none). */
  itemsMrp: z.number(),
  /** MRP − catalogue price, over the items. */
  productDiscount: z.number(),
  /** The coupon applied and what it took off; null without one. */
  coupon: z.nullable(z.object({ code: z.string(), discount: z.number() })),
  /** 0 when delivery is free. */
  delivery: z.number(),
  /**
   * Cash on delivery's handling fee, taxed as delivery is; 0 for an order paid online and when the
   * shop charges none.
   */
  codFee: z.number(),
  /** What is paid. */
  total: z.number(),
  /** The GST included in the total. */
  taxIncluded: z.number(),
});
export type ApiPriceBreakup = z.output<typeof priceBreakupAnswer>;

/**
 * The cart's breakup before paying (POST user/order/quote), with what the page needs to say about
 * delivery: the fee and threshold in force and how much more would make delivery free.
 */
export const checkoutQuoteAnswer = z.object({
  ...priceBreakupAnswer.shape,
  /** Units in the cart. */
  items: z.number(),
  /** Delivery is free when the items, after the coupon, come to at least this; null: always free. */
  freeDeliveryFrom: z.nullable(z.number()),
  /** Rupees more of items that would make delivery free; 0 when it already is. */
  addForFreeDelivery: z.number(),
  /**
   * Whether this cart may be paid in cash on delivery, and if not, why ("Cash on delivery
   * is available for orders up to ₹50,000."). The delivery pincode's own COD flag is in
   * `GET /api/pincode/{pin}`; the order checks both again.
   */
  cashOnDelivery: z.object({
    available: z.boolean(),
    reason: z.nullable(z.string()),
    /** Rupees: the largest order the shop takes cash for (the fee included). */
    limit: z.number(),
    /**
     * Rupees cash on delivery adds to this cart: the shop's handling fee (0: none). The breakup
     * above is paying online; paying in cash its `codFee` is this, and `total` and `taxIncluded`
     * are the two below. The order is placed only for the total shown (`expectedTotal`).
     */
    fee: z.number(),
    /** Rupees to pay in cash on delivery: the total above plus the fee. */
    total: z.number(),
    /** The GST included in that total (the fee's too). */
    taxIncluded: z.number(),
  }),
  /** With the quote's pincode: the estimated delivery day there, `YYYY-MM-DD` in India. */
  deliveryBy: z.optional(z.string()),
});
export type ApiCheckoutQuote = z.output<typeof checkoutQuoteAnswer>;
