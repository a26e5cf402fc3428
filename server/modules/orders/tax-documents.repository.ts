import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creditNotes, orderLines, orders, refunds } from '../../db/schema.js';
import type { TaxedLine } from './tax-document.js';

/** The SQL of tax documents: invoices (orders with a number), credit notes, and the month's of both. */

export type CreditNoteRow = typeof creditNotes.$inferSelect;

const taxedLineColumns = {
  id: orderLines.id,
  orderId: orderLines.orderId,
  title: orderLines.title,
  quantity: orderLines.quantity,
  pricePaise: orderLines.pricePaise,
  discountPaise: orderLines.discountPaise,
  hsnCode: orderLines.hsnCode,
  gstRateBp: orderLines.gstRateBp,
  taxablePaise: orderLines.taxablePaise,
  cgstPaise: orderLines.cgstPaise,
  sgstPaise: orderLines.sgstPaise,
  igstPaise: orderLines.igstPaise,
  sku: orderLines.sku,
  variantTitle: orderLines.variantTitle,
};

/** The lines of orders with their stored GST, in the order the invoice prints them (as placed). */
export async function taxedLinesOf(
  db: Executor,
  orderIds: string[],
): Promise<(TaxedLine & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  return db
    .select(taxedLineColumns)
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
}

export async function insertCreditNote(db: Executor, values: typeof creditNotes.$inferInsert) {
  const [row] = await db.insert(creditNotes).values(values).returning();
  return row!;
}

export async function creditNotesOf(db: Executor, orderId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number));
}

export async function findCreditNote(
  db: Executor,
  orderId: string,
  id: string,
): Promise<CreditNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.id, id)))
    .limit(1);
  return row;
}

const invoicedOrderColumns = {
  id: orders.id,
  invoiceNumber: orders.invoiceNumber,
  invoiceDate: orders.invoiceDate,
  totalPriceAfterDiscountPaise: orders.totalPriceAfterDiscountPaise,
  deliveryPaise: orders.deliveryPaise,
  codFeePaise: orders.codFeePaise,
  taxPaise: orders.taxPaise,
  placeOfSupply: orders.placeOfSupply,
  shippingInfo: orders.shippingInfo,
};

/** Orders invoiced in [from, to): every invoice counts, whatever became of the order later. */
export async function ordersInvoicedBetween(db: Executor, from: Date, to: Date) {
  return db
    .select(invoicedOrderColumns)
    .from(orders)
    .where(and(isNotNull(orders.invoiceNumber), gte(orders.invoiceDate, from), lt(orders.invoiceDate, to)))
    .orderBy(asc(orders.invoiceDate));
}

/** Credit notes dated in [from, to), with the refund they document and their order's figures. */
export async function creditNotesBetween(db: Executor, from: Date, to: Date) {
  return db
    .select({
      note: creditNotes,
      refundLines: refunds.lines,
      order: invoicedOrderColumns,
    })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(and(gte(creditNotes.createdAt, from), lt(creditNotes.createdAt, to)))
    .orderBy(asc(creditNotes.createdAt));
}
