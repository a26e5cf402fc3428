import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { colors, orderLines, orders, type PaymentInfo, type ShippingInfo } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = Pick<
  typeof orderLines.$inferSelect,
  | 'id'
  | 'orderId'
  | 'productId'
  | 'variantId'
  | 'colorId'
  | 'title'
  | 'sku'
  | 'variantTitle'
  | 'quantity'
  | 'pricePaise'
> & { colorTitle: string; colorName: string };
/** A line with the coupon share and GST stored when the order was placed. */
export type OrderLineTaxRow = OrderLineRow &
  Pick<
    typeof orderLines.$inferSelect,
    'discountPaise' | 'hsnCode' | 'gstRateBp' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'
  >;

export async function findOrderByCheckout(db: Executor, checkoutId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId)).limit(1);
  return row;
}

/** The order a round of checkouts became, if any (older orders: the round is their checkout). */
export async function findOrderOfRound(db: Executor, roundId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(or(eq(orders.roundId, roundId), eq(orders.checkoutId, roundId)))
    .limit(1);
  return row;
}

/** Cash-on-delivery orders not yet paid for, cancelled or lapsed: the cash still to collect. */
const codOutstanding = sql`${orders.paymentMethod} = 'cod' and ${orders.paymentStatus} = 'unpaid' and ${orders.state} <> 'cancelled'`;

/** A delivery address as couriers find it: the PIN code and the address line without spaces or punctuation. */
const addressKey = (shipping: SQL | string) =>
  sql`lower(regexp_replace(${shipping}->>'address', '[^[:alnum:]]', '', 'g')) || ':' || (${shipping}->>'pincode')`;

/** The customer's cash-on-delivery orders still waiting for their one-time code. */
export async function unconfirmedCodOrdersOf(db: Executor, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.state, 'unconfirmed')))
    .orderBy(desc(orders.createdAt));
}

/** The unpaid cash-on-delivery orders of a customer, or to an address (anyone's), with their totals. */
export async function outstandingCodOrders(
  db: Executor,
  of: { userId: string } | { address: ShippingInfo },
): Promise<{ orderNumber: string; totalPaise: number }[]> {
  const whose =
    'userId' in of
      ? eq(orders.userId, of.userId)
      : sql`${addressKey(sql`${orders.shippingInfo}`)} = ${addressKey(sql`${JSON.stringify(of.address)}::jsonb`)}`;
  return db
    .select({ orderNumber: orders.orderNumber, totalPaise: orders.totalPriceAfterDiscountPaise })
    .from(orders)
    .where(and(codOutstanding, whose))
    .orderBy(orders.createdAt);
}

/** Serialises cash-on-delivery placements to one address, whoever places them. */
export async function lockCodAddress(db: Executor, address: ShippingInfo): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('cod-address:' || ${addressKey(sql`${JSON.stringify(address)}::jsonb`)}, 0))`,
  );
}

export async function insertOrder(
  db: Executor,
  values: {
    /** Chosen by placement (the coupon's use names the order first); else the database's. */
    id?: string;
    orderNumber: string;
    userId: string;
    checkoutId: string;
    /** The checkouts' round (one order per cart): unique among orders. */
    roundId: string;
    shippingInfo: ShippingInfo;
    totalPricePaise: number;
    totalPriceAfterDiscountPaise: number;
    paymentInfo: PaymentInfo;
    paidAt: Date;
    addressToConfirm: boolean;
    paymentStatus: 'authorized' | 'paid' | 'unpaid';
    /** Cash on delivery: placed unpaid and unconfirmed. */
    paymentMethod?: 'online' | 'cod';
    state?: 'placed' | 'unconfirmed';
    couponCode: string | null;
    couponDiscountPaise: number;
    deliveryPaise: number;
    /** Cash on delivery's handling fee (0 paid online). */
    codFeePaise: number;
    taxPaise: number;
    placeOfSupply: string;
  },
  lines: (Omit<typeof orderLines.$inferInsert, 'id' | 'orderId'> & { productId: string })[],
): Promise<OrderRow> {
  const [order] = await db.insert(orders).values(values).returning();
  await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order!.id })));
  return order!;
}

export async function ordersOf(db: Executor, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** The order numbers of these orders, by id (lists that name many orders: pickups, manifests). */
export async function orderNumbersOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.orderNumber]));
}

export async function linesOfOrders(db: Executor, orderIds: string[]): Promise<OrderLineTaxRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      colorId: orderLines.colorId,
      title: orderLines.title,
      sku: orderLines.sku,
      variantTitle: orderLines.variantTitle,
      quantity: orderLines.quantity,
      pricePaise: orderLines.pricePaise,
      discountPaise: orderLines.discountPaise,
      hsnCode: orderLines.hsnCode,
      gstRateBp: orderLines.gstRateBp,
      taxablePaise: orderLines.taxablePaise,
      cgstPaise: orderLines.cgstPaise,
      sgstPaise: orderLines.sgstPaise,
      igstPaise: orderLines.igstPaise,
      colorTitle: colors.title,
      colorName: colors.name,
    })
    .from(orderLines)
    .innerJoin(colors, eq(colors.id, orderLines.colorId))
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(orderLines.id);
}

/** Claims the right to send the confirmation: true for exactly one caller per order. */
export async function claimConfirmation(db: Executor, orderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ confirmationSentAt: at })
    .where(and(eq(orders.id, orderId), sql`${orders.confirmationSentAt} is null`))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** A better address for an order whose address was still to be confirmed. */
export async function updateUnconfirmedAddress(
  db: Executor,
  orderId: string,
  shippingInfo: ShippingInfo,
  addressToConfirm: boolean,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ shippingInfo, addressToConfirm })
    .where(and(eq(orders.id, orderId), eq(orders.addressToConfirm, true)))
    .returning();
  return row;
}

/** Claims the right to ask the customer to confirm the address: true for one caller per order. */
export async function claimAddressRequest(db: Executor, orderId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ addressRequestSentAt: at })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.addressToConfirm, true),
        sql`${orders.addressRequestSentAt} is null`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** Orders still without a confirmed address whose customer has not been asked yet. */
export async function ordersAwaitingAddressRequest(
  db: Executor,
  placedBefore: Date,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.addressToConfirm, true),
        sql`${orders.addressRequestSentAt} is null`,
        lt(orders.createdAt, placedBefore),
      ),
    )
    .limit(limit);
}

/** The invoice number and date, given at the end of the placing transaction (document-numbers.ts). */
export async function setInvoice(db: Executor, orderId: string, invoiceNumber: string, invoiceDate: Date) {
  await db.update(orders).set({ invoiceNumber, invoiceDate }).where(eq(orders.id, orderId));
}

/** A placed order's lines as its GST was computed from them, oldest first. */
export async function taxLinesOfOrder(db: Executor, orderId: string) {
  return db
    .select({
      id: orderLines.id,
      quantity: orderLines.quantity,
      pricePaise: orderLines.pricePaise,
      discountPaise: orderLines.discountPaise,
      hsnCode: orderLines.hsnCode,
      gstRateBp: orderLines.gstRateBp,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

/** New GST figures for an order whose place of supply changed before anything was shipped. */
export async function updateOrderTax(
  db: Executor,
  orderId: string,
  order: { taxPaise: number; placeOfSupply: string },
  lines: { id: string; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }[],
) {
  await db.update(orders).set(order).where(eq(orders.id, orderId));
  for (const { id, ...tax } of lines) await db.update(orderLines).set(tax).where(eq(orderLines.id, id));
}
