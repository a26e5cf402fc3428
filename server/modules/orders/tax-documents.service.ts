import { taxDocumentFileName } from '../../../shared/api/tax-documents.js';
import { gstState } from '../../../shared/gst.js';
import { paiseToRupees } from '../../../shared/money.js';
import type { Executor } from '../../db/client.js';
import type { ShippingInfo } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { MailAttachment } from '../../lib/mailer.js';
import type { Seller } from '../../seller-setting.js';
import { findOrder, findRefund } from './order-lifecycle.repository.js';
import type { OrderRow } from './orders.repository.js';
import {
  creditNoteRows,
  invoiceRows,
  placeOfSupplyOf,
  type TaxedLine,
  totalsOf,
  wasIntraState,
} from './tax-document.js';
import { type DocumentParty, renderTaxDocument, type TaxDocumentView } from './tax-document-pdf.js';
import * as repository from './tax-documents.repository.js';

const ORDER_NOT_FOUND = 'There is no order with that id.';
const NOTE_NOT_FOUND = 'This order has no credit note with that id.';
const NO_INVOICE =
  'This order has no tax invoice: it was placed before the shop issued invoices online. Contact us with the order number and we will send one.';

/** Who may read a document: its customer (anyone else gets a 404, as if there were none) or staff. */
export type DocumentReader = { kind: 'customer'; userId: string } | { kind: 'staff' };

export type PdfFile = { fileName: string; pdf: Buffer };

/** The delivery address as the invoice prints it, with the state's name and GST code. */
function partyOf(address: ShippingInfo): DocumentParty {
  const state = gstState(address.state);
  const place = [address.city, address.pincode].filter(Boolean).join(' ');
  return {
    name: `${address.firstName} ${address.lastName}`.trim() || 'Customer',
    lines: [address.address, address.landmark, place].map((l) => l.trim()).filter((l) => l && l !== '-'),
    stateName: state?.name ?? (address.state && address.state !== '-' ? address.state : null),
    stateCode: state?.code ?? null,
    mobile: address.mobile || null,
  };
}

/**
 * Tax invoices and credit notes: the invoice of an order (its number and date were
 * given when it was placed, its GST stored per line), the credit notes of its processed refunds,
 * as PDFs for the customer, for staff and for the delivered e-mail; and what the order pages list.
 */
export function createTaxDocuments(deps: { db: Executor; seller: Seller }) {
  const { db, seller } = deps;

  async function readable(reader: DocumentReader, orderId: string): Promise<OrderRow> {
    const order = await findOrder(db, orderId);
    if (!order || (reader.kind === 'customer' && order.userId !== reader.userId)) {
      throw notFound(ORDER_NOT_FOUND);
    }
    return order;
  }

  function baseView(order: OrderRow & { invoiceNumber: string }, lines: TaxedLine[]) {
    const intraState = wasIntraState(order, lines, seller.state);
    const place = placeOfSupplyOf(order.placeOfSupply);
    const party = partyOf(order.shippingInfo);
    return {
      intraState,
      common: {
        orderNumber: order.orderNumber,
        orderDate: order.createdAt,
        seller,
        billTo: party,
        shipTo: party,
        placeOfSupply: place,
        intraState,
        stateTaxName: intraState && place && gstState(place.code)?.utgst ? 'UTGST' : 'SGST',
      } satisfies Partial<TaxDocumentView>,
    };
  }

  function invoiced(order: OrderRow): OrderRow & { invoiceNumber: string } {
    if (!order.invoiceNumber) throw notFound(NO_INVOICE);
    return order as OrderRow & { invoiceNumber: string };
  }

  async function invoiceOf(order: OrderRow): Promise<PdfFile> {
    const withNumber = invoiced(order);
    const lines = await repository.taxedLinesOf(db, [order.id]);
    const { intraState, common } = baseView(withNumber, lines);
    const rows = invoiceRows(order, lines, intraState);
    const pdf = await renderTaxDocument({
      ...common,
      kind: 'invoice',
      number: withNumber.invoiceNumber,
      date: order.invoiceDate ?? order.paidAt,
      rows,
      totals: totalsOf(rows),
    });
    return { fileName: taxDocumentFileName(withNumber.invoiceNumber), pdf };
  }

  return {
    /** The order's tax invoice as a PDF; 404 for another customer's order or one without an invoice. */
    async invoice(reader: DocumentReader, orderId: string): Promise<PdfFile> {
      return invoiceOf(await readable(reader, orderId));
    },

    /** A credit note of the order as a PDF; 404 for another customer's order or another order's note. */
    async creditNote(reader: DocumentReader, orderId: string, noteId: string): Promise<PdfFile> {
      const order = invoiced(await readable(reader, orderId));
      const note = await repository.findCreditNote(db, order.id, noteId);
      const refund = note && (await findRefund(db, note.refundId));
      if (!note || !refund) throw notFound(NOTE_NOT_FOUND);
      const lines = await repository.taxedLinesOf(db, [order.id]);
      const { intraState, common } = baseView(order, lines);
      const rows = creditNoteRows(order, lines, refund, intraState);
      const pdf = await renderTaxDocument({
        ...common,
        kind: 'credit-note',
        number: note.number,
        date: note.createdAt,
        against: { number: order.invoiceNumber, date: order.invoiceDate },
        reason: refund.reason,
        rows,
        totals: totalsOf(rows),
      });
      return { fileName: taxDocumentFileName(note.number), pdf };
    },

    /** The invoice as an e-mail attachment (the delivered e-mail); none for an order without one. */
    async invoiceAttachment(orderId: string): Promise<MailAttachment | undefined> {
      const order = await findOrder(db, orderId);
      if (!order?.invoiceNumber) return undefined;
      const { fileName, pdf } = await invoiceOf(order);
      return { filename: fileName, content: pdf, contentType: 'application/pdf' };
    },

    /** What the order pages list: the invoice's number and date, and each credit note (rupees). */
    async listed(order: OrderRow) {
      const notes = await repository.creditNotesOf(db, order.id);
      return {
        invoice:
          order.invoiceNumber && order.invoiceDate
            ? { number: order.invoiceNumber, date: order.invoiceDate.toISOString() }
            : null,
        creditNotes: notes.map((note) => ({
          _id: note.id,
          number: note.number,
          date: note.createdAt.toISOString(),
          amount: paiseToRupees(note.amountPaise),
        })),
      };
    },
  };
}

export type TaxDocuments = ReturnType<typeof createTaxDocuments>;
