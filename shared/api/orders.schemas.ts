import * as z from 'zod/mini';
import { shippingAddressSchema } from '../schemas/address.js';
import { colorAnswer, imageAnswer, productAnswer } from './catalog.schemas.js';
import { priceBreakupAnswer } from './price-breakup.schemas.js';

export const orderStatuses = [
  'Ordered',
  'Processing',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Cancelled',
  'Refunded',
  'Returned',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The three statuses an order really has; `orderStatus` is derived from them
 * (server/modules/orders/order-lifecycle.ts). Completed: delivered (returns may still follow).
 * Unconfirmed: a cash-on-delivery order waiting for the customer's one-time code; it is
 * not packed until confirmed and lapses (cancelled, stock back) if never confirmed.
 */
export const orderStates = ['unconfirmed', 'placed', 'cancelled', 'completed'] as const;
export type OrderState = (typeof orderStates)[number];
/** Unpaid: cash on delivery not collected yet. */
export const paymentStatuses = ['unpaid', 'authorized', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** Online: paid through the payment provider at checkout. Cod: cash collected on delivery. */
export const orderPaymentMethods = ['online', 'cod'] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];
/**
 * How a refund reached the customer: back through the provider, or paid out by the shop (COD);
 * `not_collected`: cash on delivery the shop will never collect because its parcel came back
 * undelivered (no money moves; its credit note reverses the invoice for those goods).
 */
export const refundMethods = ['provider', 'bank_transfer', 'upi', 'not_collected'] as const;
export type RefundMethod = (typeof refundMethods)[number];
export const fulfilmentStatuses = [
  'unfulfilled',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'returned',
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** Who made a change on an order's timeline. */
export const orderEventActors = ['customer', 'staff', 'system'] as const;
export type OrderEventActor = (typeof orderEventActors)[number];

export const refundStatuses = ['pending', 'processed', 'failed'] as const;
export const returnStatuses = ['requested', 'approved', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The carrier and the parcel's tracking, set when staff ship the order. */
export const shipmentAnswer = z.object({
  carrier: z.string(),
  awb: z.string(),
  /** A link to the carrier's tracking page, when staff gave one. */
  trackingUrl: z.nullable(z.string()),
});
export type Shipment = z.output<typeof shipmentAnswer>;

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
  /** The variant's SKU; null on lines bought before variants. */
  sku: z.nullable(z.string()),
  /** The variant's option values ("Navy / L"); '' when it has none. */
  options: z.string(),
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
  /**
   * Rupees of cash on delivery's handling fee inside `totalPriceAfterDiscount` (shown before the
   * order was placed); 0 for an order paid online and where the shop charges none.
   */
  codFee: z.number(),
  orderStatus: z.enum(orderStatuses),
  /** The address could not be validated: kept as typed, the customer asked to confirm it. */
  addressToConfirm: z.boolean(),
  paymentInfo: paymentInfoAnswer,
  /** unpaid (cash on delivery not collected), authorized, paid, partially_refunded, refunded. */
  paymentStatus: z.enum(paymentStatuses),
  /**
   * Online, or `cod`: a COD order's `paymentInfo` names its checkout (`cod_…`) with an
   * empty payment id, and `paidAt` is when it was placed until the cash is collected.
   */
  paymentMethod: z.enum(orderPaymentMethods),
  paidAt: z.string(),
  createdAt: z.string(),
});
export type ApiOrder = z.output<typeof orderAnswer>;

export const listMyOrders = { response: z.object({ orders: z.array(orderAnswer) }) };

/** One entry of an order's timeline. */
export const orderEventAnswer = z.object({
  /** placed, packed, shipped, out_for_delivery, delivered, cancelled, refund_requested, refunded,
   * refund_failed, return_requested, return_approved, return_rejected, return_received, note… */
  type: z.string(),
  at: z.string(),
  /** customer, staff or system. */
  by: z.enum(orderEventActors),
  /** What happened, in words a customer reads ("Shipped with Delhivery, AWB 1234"). */
  title: z.string(),
  note: z.nullable(z.string()),
  /** Staff answers only: the staff member's e-mail or the customer's name; null for customers. */
  actor: z.nullable(z.string()),
});
export type ApiOrderEvent = z.output<typeof orderEventAnswer>;

export const refundAnswer = z.object({
  _id: z.string(),
  /** Rupees. */
  amount: z.number(),
  status: z.enum(refundStatuses),
  /** Back through the payment provider, or (a COD order) paid out by bank transfer or UPI. */
  method: z.enum(refundMethods),
  /**
   * The provider's refund id once it has one, or the bank transfer's UTR / UPI reference staff
   * entered for a payout; else null.
   */
  reference: z.nullable(z.string()),
  reason: z.string(),
  createdAt: z.string(),
  processedAt: z.nullable(z.string()),
});
export type ApiRefund = z.output<typeof refundAnswer>;

export const orderLineQuantity = z.object({ lineId: z.string(), quantity: z.number() });

export const returnAnswer = z.object({
  _id: z.string(),
  status: z.enum(returnStatuses),
  lines: z.array(orderLineQuantity),
  reason: z.string(),
  /** Staff's reason for a rejection, or their note on approval. */
  decisionNote: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  receivedAt: z.nullable(z.string()),
});
export type ApiReturn = z.output<typeof returnAnswer>;

/** What a customer (and the console) may do with an order now, and how much is left to refund. */
export const orderAllowedAnswer = z.object({
  cancel: z.boolean(),
  /** A return can be asked for (delivered, within the return window, something left to return). */
  return: z.boolean(),
  /** The last day (India) a return may be asked for, once delivered; null before delivery. */
  returnUntil: z.nullable(z.string()),
  /**
   * The units of each line that can still be asked to return while a return can be asked for
   * (else none): bought, less those in a return not rejected and those in a parcel that came back
   * to the shop undelivered.
   */
  returnable: z.array(z.object({ lineId: z.string(), quantity: z.number() })),
  /**
   * A cash-on-delivery order waiting for its code may be sent a new one (at most once a minute: a
   * 429 says how long to wait; 5 codes per order).
   */
  resendCode: z.boolean(),
  /**
   * The delivery address can be corrected: not packed yet and no tax invoice issued (a
   * cash-on-delivery order before it ships); within the same state.
   */
  changeAddress: z.boolean(),
});

/**
 * A cash-on-delivery order's confirmation: until when the one-time code can confirm it
 * (after that the order lapses), where the code went (masked), whether it is confirmed.
 */
export const codConfirmationAnswer = z.object({
  confirmed: z.boolean(),
  confirmedAt: z.nullable(z.string()),
  /** The order lapses, its stock released, if not confirmed by then. */
  confirmBy: z.string(),
  /** Where the code was sent, masked: "pr•••@example.com". */
  sentTo: z.string(),
  /** e-mail today; sms once an SMS provider is configured. */
  channel: z.enum(['email', 'sms']),
  /**
   * When a new code may be asked for (one a minute); null once none can be (confirmed, lapsed,
   * cancelled, or all 5 sent).
   */
  nextCodeAt: z.nullable(z.string()),
  /** Rupees to pay on delivery: the order's total (nothing once paid). */
  amountDue: z.number(),
});
export type ApiCodConfirmation = z.output<typeof codConfirmationAnswer>;

/** One part of an order's GST, in rupees (decision 012). */
const taxAmounts = {
  /** The value the tax is charged on: what was paid less the tax it includes. */
  taxable: z.number(),
  cgst: z.number(),
  /** SGST, or UTGST in a union territory without a legislature (`stateTaxName`). */
  sgst: z.number(),
  igst: z.number(),
};

/**
 * The GST an order's total includes, as its tax invoice prints it: per line and for
 * the delivery fee and COD fee, CGST + SGST when delivered in the seller's state, IGST elsewhere.
 */
export const orderTaxAnswer = z.object({
  /** The delivery state with its GST code: "Kerala (32)". */
  placeOfSupply: z.string(),
  intraState: z.boolean(),
  stateTaxName: z.enum(['SGST', 'UTGST']),
  /** Rupees of GST included in the order's total (the delivery fee's too). */
  total: z.number(),
  ...taxAmounts,
  lines: z.array(
    z.object({
      /** The order line (`orderItems[]._id`, the console's `lines[]._id`). */
      lineId: z.string(),
      /** The HSN code as classified when ordered; null when none was set. */
      hsn: z.nullable(z.string()),
      /** Percent: 18, 5, 0.25. */
      rate: z.number(),
      /** Rupees of the coupon taken off this line. */
      discount: z.number(),
      ...taxAmounts,
    }),
  ),
  /** The delivery fee's tax (at the highest line rate); null when delivery was free. */
  delivery: z.nullable(z.object({ rate: z.number(), ...taxAmounts })),
  /** Cash on delivery's handling fee's tax, as the delivery fee's; null without a fee. */
  codFee: z.nullable(z.object({ rate: z.number(), ...taxAmounts })),
});
export type ApiOrderTax = z.output<typeof orderTaxAnswer>;

/** The statuses and money of an order, shared by the customer's and the console's order pages. */
export const orderLifecycleFields = {
  state: z.enum(orderStates),
  paymentStatus: z.enum(paymentStatuses),
  fulfilmentStatus: z.enum(fulfilmentStatuses),
  shipment: z.nullable(shipmentAnswer),
  /** Its GST: null for an order placed before GST was recorded on orders. */
  tax: z.nullable(orderTaxAnswer),
  events: z.array(orderEventAnswer),
  refunds: z.array(refundAnswer),
  returns: z.array(returnAnswer),
  /** Rupees refunded (processed), and still refundable (paid − refunded − pending). */
  refunded: z.number(),
  refundable: z.number(),
  /**
   * The tax invoice: null for an order placed before invoices were issued, and for a
   * cash-on-delivery order until it ships (its invoice is issued with the goods, decision 014).
   */
  invoice: z.nullable(z.object({ number: z.string(), date: z.string() })),
  /** Cash on delivery: its confirmation and the amount due; null for an order paid online. */
  cod: z.nullable(codConfirmationAnswer),
  /** Credit notes of processed refunds, oldest first; `amount` in rupees (GST included). */
  creditNotes: z.array(
    z.object({ _id: z.string(), number: z.string(), date: z.string(), amount: z.number() }),
  ),
};

/** GET /api/user/orders/:id: the getmyorders order, plus statuses, shipment, timeline, refunds. */
export const myOrderDetail = z.object({
  ...orderAnswer.shape,
  ...orderLifecycleFields,
  allowed: orderAllowedAnswer,
  /** The total and its breakup as the checkout showed it, in rupees. */
  breakup: priceBreakupAnswer,
});
export type ApiMyOrder = z.output<typeof myOrderDetail>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orderIdParams = z.object({ id: z.string().check(z.regex(UUID, 'That is not a valid order id')) });

/** A reason a person typed: required, trimmed, at most 500 characters. */
export const reasonText = (what: string) =>
  z
    .string({ error: `Please give ${what}` })
    .check(
      z.trim(),
      z.minLength(3, `Please give ${what} (a few words)`),
      z.maxLength(500, 'Please keep it under 500 characters'),
    );

/** Lines and units, each line once, 1..quantity bought (checked against the order on the server). */
/** Some units of one of the order's lines. */
export const lineQuantity = z.object({
  lineId: z.string().check(z.regex(UUID, 'That is not a valid line id')),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .check(z.int('Quantity must be a whole number'), z.minimum(1, 'Quantity must be at least 1')),
});

export const lineQuantities = z
  .array(lineQuantity, { error: 'Please choose the items' })
  .check(z.minLength(1, 'Please choose at least one item'), z.maxLength(100, 'Too many lines'));

export const getMyOrder = { params: orderIdParams, response: myOrderDetail };
export const cancelMyOrder = {
  params: orderIdParams,
  body: z.object({ reason: reasonText('a reason for cancelling') }),
  response: myOrderDetail,
};
/** The 6-digit one-time code sent when a cash-on-delivery order was placed. */
export const confirmCashOnDelivery = {
  params: orderIdParams,
  body: z.object({
    code: z
      .string({ error: 'Please enter the 6-digit code we sent you' })
      .check(z.trim(), z.regex(/^[0-9]{6}$/, 'The code is 6 digits, like 123456')),
  }),
  response: myOrderDetail,
};

/** A new one-time code for an unconfirmed cash-on-delivery order (the old one stops working). */
export const resendCashOnDeliveryCode = { params: orderIdParams, response: myOrderDetail };

export const changeMyOrderAddress = {
  params: orderIdParams,
  body: z.object({ shippingInfo: shippingAddressSchema }),
  response: myOrderDetail,
};

export const returnMyOrder = {
  params: orderIdParams,
  body: z.object({ lines: lineQuantities, reason: reasonText('a reason for the return') }),
  response: myOrderDetail,
};

const trimmedId = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const createOrder = {
  body: z.object({
    // Read leniently after the payment is checked (shared/schemas/lenient-address.ts): a paid order
    // never fails on what was typed, so nothing here may refuse it.
    shippingInfo: z.optional(z.unknown()),
    paymentInfo: z.object(
      { razorpayOrderId: trimmedId, razorpayPaymentId: trimmedId },
      { error: 'Please complete the payment first.' },
    ),
    // What the client believes it bought; checked against the server's record, prices ignored.
    orderItems: z.optional(
      z
        .array(
          z.object({
            product: z.string().check(z.trim(), z.maxLength(100)),
            color: z.string().check(z.trim(), z.maxLength(100)),
            quantity: z.coerce.number().check(z.int()),
          }),
        )
        .check(z.maxLength(100)),
    ),
    totalPrice: z.optional(z.unknown()),
    totalPriceAfterDiscount: z.optional(z.unknown()),
  }),
  response: z.object({ success: z.boolean(), order: orderAnswer }),
};
export type CreateOrderInput = z.output<typeof createOrder.body>;
