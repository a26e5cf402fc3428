import type { Transaction } from '../../db/client.js';
import type { OrderLineQuantity } from '../../db/schema.js';
import { takeDocumentNumber } from './document-numbers.js';
import type { OrderRow } from './orders.repository.js';
import { creditNoteRows, totalsOf, wasIntraState } from './tax-document.js';
import * as repository from './tax-documents.repository.js';

/**
 * A credit note for a refund that has just been processed (CGST Act section 34, rule 53): written
 * in the transaction that marks the refund processed, under the order's lock, with the next
 * number of the CN series (document-numbers.ts), so a rollback leaves neither the note nor a gap.
 * Its taxable value and tax follow decision 012's "Credit notes": the refunded amount reversed at
 * the rates of the lines it pays back (all of the invoice's rows when no lines are named).
 *
 * An order placed before tax invoices existed has no invoice to credit: no note (null).
 */
export async function issueCreditNote(
  tx: Transaction,
  order: OrderRow,
  refund: { id: string; amountPaise: number; lines: OrderLineQuantity[] },
  at: Date,
) {
  if (!order.invoiceNumber) return null;
  const lines = await repository.taxedLinesOf(tx, [order.id]);
  const intraState = wasIntraState(order, lines);
  const totals = totalsOf(creditNoteRows(order, lines, refund, intraState));
  // Last, as placing an order does: the series row is locked only until this transaction commits.
  const number = await takeDocumentNumber(tx, 'CN', at);
  return repository.insertCreditNote(tx, {
    number,
    orderId: order.id,
    refundId: refund.id,
    amountPaise: refund.amountPaise,
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    createdAt: at,
  });
}
