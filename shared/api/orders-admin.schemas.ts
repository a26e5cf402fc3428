import * as z from 'zod/mini';
import { translatedLocales } from '../locales.js';
import { imageAnswer, productAnswer } from './catalog.schemas.js';
import {
  orderLifecycleFields,
  orderPaymentMethods,
  orderStatuses,
  paymentInfoAnswer,
  shippingInfoAnswer,
} from './orders.schemas.js';

/**
 * Orders for staff: the original admin client's calls (its own status words, its wrapper keys) and
 * the console's list, order page, status change and dashboard.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id in a path: anything else is a 400 before the database is asked. */
export const idParams = (what: string) =>
  z.object({
    id: z.string().check(z.regex(UUID_PATTERN, `That is not a valid ${what} id`), z.describe('A UUID.')),
  });

/** A whole number from a query string, within bounds. */
export const queryInt = (name: string, min: number, max: number) =>
  z.optional(
    z.pipe(
      z.transform((value: unknown) => Number(value)),
      z
        .number({ error: `${name} must be a number` })
        .check(
          z.int(`${name} must be a whole number`),
          z.minimum(min, `${name} must be at least ${min}`),
          z.maximum(max, `${name} must be at most ${max}`),
        ),
    ),
  );

/** Optional free text from a query string; an empty value means no filter. */
export const queryText = (max = 100) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, `Please keep the search under ${max} characters`)));

/** A calendar day in India, YYYY-MM-DD. */
export const indiaDate = z.optional(
  z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD'),
      z.describe('A day in India time, inclusive.'),
    ),
);

export const ADMIN_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// The original admin client (its order status words, its `orders` wrapper).
// ---------------------------------------------------------------------------------------------

/**
 * The statuses the original admin client's drop-down offers, spelt as it spells them (including
 * "Out For Delievery"); it preselects the order's status by exact match, so its answers use these.
 */
export const legacyOrderStatuses = [
  'Ordered',
  'Processed',
  'Shipped',
  'Out For Delievery',
  'Delivered',
  'Cancelled',
  'Refunded',
  'Returned',
] as const;
export type LegacyOrderStatus = (typeof legacyOrderStatuses)[number];

/**
 * What PUT user/updateOrder accepts: the client's five, the correct spelling too, and Cancelled
 * (cancels with a full refund, as the console's Cancel does).
 */
export const legacyStatusInputs = [
  'Ordered',
  'Processed',
  'Shipped',
  'Out For Delievery',
  'Out For Delivery',
  'Delivered',
  'Cancelled',
] as const;

export const legacyOrderUser = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string(),
});

const legacyOrderFields = {
  _id: z.string(),
  orderNumber: z.string(),
  user: legacyOrderUser,
  shippingInfo: shippingInfoAnswer,
  totalPrice: z.number(),
  totalPriceAfterDiscount: z.number(),
  orderStatus: z.enum(legacyOrderStatuses),
  addressToConfirm: z.boolean(),
  paymentInfo: paymentInfoAnswer,
  paidAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** getallorders: lines keep product and colour ids (the client only counts them). */
export const legacyOrderSummary = z.object({
  ...legacyOrderFields,
  orderItems: z.array(
    z.object({
      _id: z.string(),
      product: z.string(),
      color: z.string(),
      title: z.string(),
      quantity: z.number(),
      price: z.number(),
    }),
  ),
});

/** getOrder and updateOrder: lines with the product and the colour populated. */
export const legacyOrder = z.object({
  ...legacyOrderFields,
  orderItems: z.array(
    z.object({
      _id: z.string(),
      product: z.union([
        productAnswer,
        z.object({ _id: z.string(), title: z.string(), brand: z.string(), images: z.array(imageAnswer) }),
      ]),
      color: z.object({ _id: z.string(), title: z.string(), name: z.string() }),
      title: z.string(),
      quantity: z.number(),
      price: z.number(),
    }),
  ),
});
export type ApiLegacyOrder = z.output<typeof legacyOrder>;
export type ApiLegacyOrderSummary = z.output<typeof legacyOrderSummary>;

export const legacyListOrders = {
  response: z.object({ orders: z.array(legacyOrderSummary) }),
};
export const legacyGetOrder = {
  params: idParams('order'),
  response: z.object({ orders: legacyOrder }),
};
export const legacyUpdateOrder = {
  params: idParams('order'),
  body: z.object({
    status: z.enum(legacyStatusInputs, {
      error: `Status must be one of ${legacyStatusInputs.filter((s) => s !== 'Out For Delivery').join(', ')}`,
    }),
  }),
  response: z.object({ orders: legacyOrder }),
};
export const legacyMonthlyIncome = {
  response: z.array(
    z.object({
      /** 0 = January … 11 = December (the client indexes a January-first list of month names). */
      _id: z.object({ month: z.number() }),
      amount: z.number(),
      count: z.number(),
    }),
  ),
};
export const legacyYearlyTotals = {
  response: z.array(z.object({ _id: z.null(), count: z.number(), amount: z.number() })),
};

// ---------------------------------------------------------------------------------------------
// The console.
// ---------------------------------------------------------------------------------------------

export const orderSortKeys = ['createdAt', 'total'] as const;

export const adminOrderRow = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string(), mobile: z.string() }),
  itemCount: z.number(),
  /** Rupees paid (after discount). */
  total: z.number(),
  status: z.enum(orderStatuses),
  /**
   * A cash-on-delivery order still waiting for the customer's code (state `unconfirmed`): its
   * status reads Ordered, but it is not to be packed (the Ordered filter leaves it out).
   */
  awaitingCode: z.boolean(),
  /** upi, card, netbanking, wallet… as the payment provider reported it; `cod` for cash on
   * delivery; null when unknown. */
  paymentMethod: z.nullable(z.string()),
  addressToConfirm: z.boolean(),
});
export type ApiAdminOrderRow = z.output<typeof adminOrderRow>;

export const paymentMethods = [
  'upi',
  'card',
  'netbanking',
  'wallet',
  'emi',
  'cardless_emi',
  'paylater',
  'cod',
] as const;

export const listAdminOrders = {
  query: z.object({
    status: z.optional(z.enum(orderStatuses, { error: `status must be one of ${orderStatuses.join(', ')}` })),
    /** India days, inclusive. */
    from: indiaDate,
    to: indiaDate,
    payment: z.optional(
      z.enum(paymentMethods, { error: `payment must be one of ${paymentMethods.join(', ')}` }),
    ),
    /** An order number (or its start), an e-mail address, a mobile number or a name. */
    q: queryText(),
    sort: z.optional(
      z.enum(['createdAt:desc', 'createdAt:asc', 'total:desc', 'total:asc'], {
        error: 'sort must be createdAt:desc, createdAt:asc, total:desc or total:asc',
      }),
    ),
    page: queryInt('page', 1, 100_000),
    limit: queryInt('limit', 1, 100),
  }),
  response: z.object({
    orders: z.array(adminOrderRow),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
};

export const adminOrderLine = z.object({
  _id: z.string(),
  productId: z.string(),
  /** The variant's SKU; null on lines bought before variants. */
  sku: z.nullable(z.string()),
  /** The variant's option values ("Navy / L"); '' when it has none. */
  options: z.string(),
  /** The title when bought. */
  title: z.string(),
  /** The product's slug for a storefront link, null if it is gone. */
  slug: z.nullable(z.string()),
  image: z.nullable(z.string()),
  color: z.object({ _id: z.string(), title: z.string(), name: z.string() }),
  quantity: z.number(),
  /** Rupees each, as paid. */
  price: z.number(),
  /** Units refunded by line (refunds chosen by line, returns received and refunded). */
  refundedQuantity: z.number(),
  /** Units in return requests not rejected. */
  returnedQuantity: z.number(),
});

/** What staff may do with the order now (the console shows only these buttons). */
export const adminOrderActions = z.object({
  pack: z.boolean(),
  ship: z.boolean(),
  outForDelivery: z.boolean(),
  deliver: z.boolean(),
  cancel: z.boolean(),
  refund: z.boolean(),
  /** Cash on delivery, delivered and not yet paid: staff may mark the cash collected. */
  collectCash: z.boolean(),
});

export const adminPayment = z.object({
  provider: z.string(),
  paymentId: z.string(),
  providerOrderId: z.string(),
  method: z.nullable(z.string()),
  /** authorized, captured, failed, refunded: as the provider reported it. */
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  verifiedAt: z.nullable(z.string()),
  refundedAt: z.nullable(z.string()),
  createdAt: z.string(),
});

export const adminOrder = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  /** Where staff may move the order from here (forward only). */
  nextStatuses: z.array(z.enum(orderStatuses)),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string(),
  totalPrice: z.number(),
  totalPriceAfterDiscount: z.number(),
  /** Rupees of delivery charged, inside the total. */
  delivery: z.number(),
  /** Rupees of cash on delivery's handling fee inside the total (0 paid online or without a fee). */
  codFee: z.number(),
  addressToConfirm: z.boolean(),
  shippingInfo: shippingInfoAnswer,
  customer: z.object({
    _id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    mobile: z.string(),
    isBlocked: z.boolean(),
  }),
  lines: z.array(adminOrderLine),
  paymentInfo: paymentInfoAnswer,
  /** Online, or cash on delivery (then `payments` is empty and `cod` says what is due). */
  paymentMethod: z.enum(orderPaymentMethods),
  payments: z.array(adminPayment),
  ...orderLifecycleFields,
  actions: adminOrderActions,
  /** The return window's last day (India) once delivered, else null. */
  returnUntil: z.nullable(z.string()),
});
export type ApiAdminOrder = z.output<typeof adminOrder>;

export const getAdminOrder = { params: idParams('order'), response: adminOrder };
export const changeOrderStatus = {
  params: idParams('order'),
  body: z.object({
    status: z.enum(orderStatuses, { error: `Status must be one of ${orderStatuses.join(', ')}` }),
  }),
  response: adminOrder,
};

/**
 * Orders and net sales of a day, a month or a period, India time. An order counts on the India day
 * it was placed; cancelled orders count neither as orders nor as sales; net sales (rupees) are the
 * totals paid after discount less what processed refunds gave back.
 */
export const salesFigures = z.object({ orders: z.number(), netSales: z.number() });

export const dashboard = {
  response: z.object({
    today: salesFigures,
    thisMonth: salesFigures,
    /** Today and the 29 days before it, oldest first, as India dates `YYYY-MM-DD`; days without orders count 0. */
    days: z.array(z.extend(salesFigures, { date: z.string() })),
    /** The current month and the 11 before it, oldest first, as `YYYY-MM`; months without orders count 0. */
    months: z.array(z.extend(salesFigures, { month: z.string() })),
    recentOrders: z.array(adminOrderRow),
    /** Enquiries still Submitted (nobody has answered yet). */
    enquiriesWaiting: z.number(),
    /** Complaints and data requests past a time limit (not acknowledged in 48 hours, or not resolved in time). */
    requestsOverdue: z.number(),
    /** Orders not yet packed: the orders list's "Ordered". */
    ordersToPack: z.number(),
    /** Orders packed and not yet shipped: the orders list's "Processing". */
    ordersToShip: z.number(),
    /** Variants (sizes, colours...) on sale with 1 to LOW_STOCK_THRESHOLD units (the storefront's "Only N left"). */
    lowStockProducts: z.number(),
    /** Variants on sale with none left. */
    soldOutProducts: z.number(),
    /** The low variants with the fewest units left, fewest first (at most 5): `_id` is the product's. */
    lowStock: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        sku: z.string(),
        options: z.string(),
        quantity: z.number(),
      }),
    ),
    /**
     * The products most bought over the last 30 days (the same days as `days`), most units first:
     * `revenue` is their lines' value in rupees (price × units as bought, before an order-wide
     * discount or refunds). At most 5.
     */
    topProducts: z.array(
      z.object({
        _id: z.string(),
        title: z.string(),
        /** The variant's SKU and option values ("Navy / L"); null and '' for sales before variants. */
        sku: z.nullable(z.string()),
        options: z.string(),
        units: z.number(),
        revenue: z.number(),
      }),
    ),
    /**
     * Parcels that reached an end over the last 30 days (their delivered or return-to-origin scan in
     * those days): `returned` came back to the shop (RTO), `ended` is those plus the delivered;
     * `rate` is returned / ended (0 to 1), null when none ended.
     */
    rtoRate: z.object({ returned: z.number(), ended: z.number(), rate: z.nullable(z.number()) }),
    /**
     * Products on sale whose title, or description, is not yet in each other language (by code:
     * `{ "hi": 12 }`), counted up to 10,001 like the product table they link to (decision 050).
     */
    productsMissingTranslation: z.record(z.enum(translatedLocales), z.number()),
    /**
     * Offer reminders over the last 30 days (decision 057): price-drop messages and cart reminders
     * sent, and the cart reminders followed by an order of that customer within 7 days (each once).
     */
    reminders: z.object({ priceDrops: z.number(), cartReminders: z.number(), converted: z.number() }),
  }),
};
export type ApiDashboard = z.output<typeof dashboard.response>;
