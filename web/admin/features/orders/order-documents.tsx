import { useState } from 'react';
import { urlOf } from '../../../../shared/api/endpoint';
import type { ApiAdminOrder } from '../../../../shared/api/orders-admin.schemas';
import { adminCreditNote, adminInvoice, taxDocumentFileName } from '../../../../shared/api/tax-documents';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { formatDayAndTime } from '../../../lib/dates';
import { formatRupees } from '../../../lib/money';
import { downloadFile } from '../../lib/admin-api';

/** Downloads one document, saying so on the button while it comes; a refusal is a toast. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (key: string, url: string, number: string) => {
    setBusy(key);
    try {
      await downloadFile(url, taxDocumentFileName(number));
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** The order's tax invoice as a PDF (the page header's action); nothing for an order without one. */
export function InvoiceButton({ order }: { order: ApiAdminOrder }) {
  const { busy, download } = useDownload();
  const invoice = order.invoice;
  if (!invoice) return null;
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy !== null}
      aria-busy={busy !== null}
      onClick={() =>
        void download('invoice', urlOf(adminInvoice, { params: { id: order._id } }), invoice.number)
      }
    >
      {busy ? 'Downloading…' : 'Download invoice'}
      <span className="visually-hidden"> {invoice.number} (PDF)</span>
    </button>
  );
}

/** The invoice's number and date, and the credit notes of processed refunds with their PDFs. */
export function TaxDocuments({ order }: { order: ApiAdminOrder }) {
  const { busy, download } = useDownload();
  if (!order.invoice) {
    // Cash on delivery is invoiced when the goods leave (decision 014); older orders never were.
    if (order.paymentMethod === 'cod') {
      return (
        <p className="muted">
          {order.state === 'cancelled'
            ? 'No tax invoice: the order was cancelled before it shipped.'
            : 'The tax invoice is issued when the order ships (cash on delivery).'}
        </p>
      );
    }
    return <p className="muted">No tax invoice: this order was placed before invoices were issued.</p>;
  }
  return (
    <>
      <p>
        Tax invoice <strong>{order.invoice.number}</strong> of{' '}
        <time dateTime={order.invoice.date}>{formatDayAndTime(order.invoice.date)}</time>
      </p>
      {order.creditNotes.length === 0 ? (
        <p className="muted">No credit notes: one is issued for every refund once it is processed.</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">Credit notes for order {order.orderNumber}</caption>
            <thead>
              <tr>
                <th scope="col">Credit note</th>
                <th scope="col">Date</th>
                <th scope="col" className="align-end">
                  Amount
                </th>
                <th scope="col">
                  <span className="visually-hidden">Download</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {order.creditNotes.map((note) => (
                <tr key={note._id}>
                  <td>
                    <code>{note.number}</code>
                  </td>
                  <td>
                    <time dateTime={note.date}>{formatDayAndTime(note.date)}</time>
                  </td>
                  <td className="align-end">{formatRupees(note.amount)}</td>
                  <td className="align-end">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busy !== null}
                      aria-busy={busy === note._id}
                      onClick={() =>
                        void download(
                          note._id,
                          urlOf(adminCreditNote, { params: { id: order._id, noteId: note._id } }),
                          note.number,
                        )
                      }
                    >
                      {busy === note._id ? 'Downloading…' : 'Download'}
                      <span className="visually-hidden"> credit note {note.number} (PDF)</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
