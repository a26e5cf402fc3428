import * as z from 'zod/mini';
import { colorAnswer, imageAnswer, productAnswer } from './catalog.schemas.js';

export const orderStatuses = [
  'Ordered',
  'Processing',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Cancelled',
  'Refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Where an order goes, as stored with it and answered. Validated at checkout; an address that
 * arrived only after payment and could not be read is kept as typed (`addressToConfirm`).
 */
export const shippingInfoAnswer = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  mobile: z.optional(z.string()),
});
export type ShippingInfo = z.output<typeof shippingInfoAnswer>;

/** What a client keeps as the order's `paymentInfo` once the payment is verified. */
export const paymentInfoAnswer = z.object({ razorpayOrderId: z.string(), razorpayPaymentId: z.string() });
export type ApiPaymentInfo = z.output<typeof paymentInfoAnswer>;

export const orderLineAnswer = z.object({
  _id: z.string(),
  /** The product as the catalogue shows it now; what the order recorded if it is gone. */
  product: z.union([
    productAnswer,
    z.object({ _id: z.string(), title: z.string(), images: z.array(imageAnswer) }),
  ]),
  /** The title when bought. */
  title: z.string(),
  color: colorAnswer,
  quantity: z.number(),
  /** Rupees, as paid. */
  price: z.number(),
});

export const orderAnswer = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  user: z.string(),
  shippingInfo: shippingInfoAnswer,
  orderItems: z.array(orderLineAnswer),
  totalPrice: z.number(),
  totalPriceAfterDiscount: z.number(),
  orderStatus: z.enum(orderStatuses),
  /** The address could not be validated: kept as typed, the customer asked to confirm it. */
  addressToConfirm: z.boolean(),
  paymentInfo: paymentInfoAnswer,
  paidAt: z.string(),
  createdAt: z.string(),
});
export type ApiOrder = z.output<typeof orderAnswer>;

export const listMyOrders = { response: z.object({ orders: z.array(orderAnswer) }) };
