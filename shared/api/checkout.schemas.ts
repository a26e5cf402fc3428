import * as z from 'zod/mini';
import { shippingAddressSchema } from '../schemas/address.js';
import { myOrderDetail, paymentInfoAnswer } from './orders.schemas.js';
import { pincodeField } from './pincodes.schemas.js';
import { checkoutQuoteAnswer, priceBreakupAnswer } from './price-breakup.schemas.js';

/*
 * The payment flow's three calls, start, verify and create the order, are one area: the checkout
 * page is their only caller and loads them together. The order's shapes are in orders.schemas.ts.
 */

/**
 * Razorpay's order entity, as the checkout answers it whichever provider is behind it (the
 * storefront speaks Razorpay's Standard Checkout). Amounts in paise.
 */
export const providerOrderAnswer = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number(),
  amount_paid: z.number(),
  amount_due: z.number(),
  currency: z.string(),
  receipt: z.string(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number(),
  notes: z.record(z.string(), z.string()),
  created_at: z.number(),
});
export type ApiProviderOrder = z.output<typeof providerOrderAnswer>;

export const checkoutStartAnswer = z.object({
  success: z.boolean(),
  order: providerOrderAnswer,
  /** The provider's public key, for `new Razorpay({key})`. */
  key: z.string(),
  /** The Standard Checkout script to load: Razorpay's, or the test gateway's /pay/checkout.js. */
  checkoutScript: z.string(),
  /** Until when the cart's stock is held for this checkout. */
  heldUntil: z.optional(z.string()),
  /** What the provider order charges, item by item: `total` is its amount in rupees. */
  breakup: z.optional(priceBreakupAnswer),
});
export type ApiCheckoutStart = z.output<typeof checkoutStartAnswer>;

export const COUPON_CODE_MAX = 30;

/** A coupon code as a shopper types it; blank means none. */
export const couponCodeField = z.optional(
  z
    .pipe(
      z.nullable(z.string({ error: 'Coupon must be a code such as DIWALI25' })),
      z.transform((value: string | null) => value?.trim().toUpperCase() || undefined),
    )
    .check(
      z.refine((code) => code === undefined || code.length <= COUPON_CODE_MAX, {
        message: 'That coupon code is too long. Please check it.',
      }),
    ),
);

export const startCheckout = {
  body: z.object({
    // Sent by old clients (sometimes with a shipping surcharge); never used: the server computes it.
    amount: z.optional(z.unknown()),
    shippingInfo: z.optional(shippingAddressSchema),
    /** One coupon, applied on the server (400 saying why when it cannot be used). */
    coupon: couponCodeField,
    /**
     * The total the shopper was shown, in rupees: a checkout that would charge anything else is
     * refused (409) rather than charging more (or less) than the page said. Optional for old clients.
     */
    expectedTotal: z.optional(z.number({ error: 'expectedTotal must be a number of rupees' })),
  }),
  response: checkoutStartAnswer,
};
export type CheckoutStartInput = z.output<typeof startCheckout.body>;

/** The cart's total and its breakup with a coupon, before paying: nothing is reserved. */
export const quoteCheckout = {
  body: z.object({
    coupon: couponCodeField,
    /** The delivery pincode, when known: delivery is priced to it (by the shop's rate card) and dated. */
    pincode: z.optional(pincodeField),
  }),
  response: checkoutQuoteAnswer,
};
export type CheckoutQuoteInput = z.output<typeof quoteCheckout.body>;

/**
 * Cash on delivery: the order is placed now, unpaid, its stock taken at once, and waits
 * for the 6-digit code e-mailed to the customer (`POST /api/user/orders/{id}/confirm-cod`).
 */
export const placeCashOnDeliveryOrder = {
  body: z.object({
    shippingInfo: shippingAddressSchema,
    coupon: couponCodeField,
    /** As for the online checkout: the total the shopper was shown, in rupees (409 if it differs). */
    expectedTotal: z.optional(z.number({ error: 'expectedTotal must be a number of rupees' })),
  }),
  response: z.object({ success: z.boolean(), order: myOrderDetail }),
};
export type CashOnDeliveryInput = z.output<typeof placeCashOnDeliveryOrder.body>;

const providerId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(100));

export const verifyPayment = {
  body: z.object({
    orderCreationId: z.optional(providerId('orderCreationId')),
    razorpayOrderId: providerId('razorpayOrderId'),
    razorpayPaymentId: providerId('razorpayPaymentId'),
    // Older clients send none: the provider is asked about the payment either way.
    razorpaySignature: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  }),
  response: paymentInfoAnswer,
};
export type PaymentVerificationInput = z.output<typeof verifyPayment.body>;
