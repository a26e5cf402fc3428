import { useState } from 'react';
import { urlOf } from '../../../shared/api/endpoint';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { myCreditNote, myInvoice, taxDocumentFileName } from '../../../shared/api/tax-documents';
import { isApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { downloadFile } from '../../lib/download';
import { formatRupees } from '../../lib/money';
import './order-details.css';

/**
 * The order's tax invoice and the credit notes of its refunds, each a PDF the customer downloads
 * (the bearer token goes with the request, so these are buttons, not links).
 */
export function OrderDocuments({ order }: { order: ApiMyOrder }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  if (!order.invoice) return null;

  const download = async (key: string, url: string, number: string) => {
    setBusy(key);
    setProblem('');
    try {
      await downloadFile(url, taxDocumentFileName(number));
    } catch (error) {
      setProblem(
        isApiError(error) ? error.message : 'The download did not start. Please try again in a moment.',
      );
    } finally {
      setBusy(null);
    }
  };

  const invoice = order.invoice;
  return (
    <section className="order-panel" aria-labelledby="order-documents-title" data-testid="order-documents">
      <h2 id="order-documents-title" className="order-panel-title">
        Invoice
      </h2>
      <ul className="order-documents">
        <li className="order-document">
          <span>
            <strong>Tax invoice {invoice.number}</strong>
            <span className="order-muted">
              {' '}
              · <time dateTime={invoice.date}>{formatDay(invoice.date)}</time>
            </span>
          </span>
          <button
            type="button"
            className="button button--ghost order-document-button"
            disabled={busy !== null}
            aria-busy={busy === 'invoice'}
            onClick={() =>
              void download('invoice', urlOf(myInvoice, { params: { id: order._id } }), invoice.number)
            }
          >
            {busy === 'invoice' ? 'Downloading…' : 'Download invoice'}
            <span className="visually-hidden"> {invoice.number} (PDF)</span>
          </button>
        </li>
        {order.creditNotes.map((note) => (
          <li key={note._id} className="order-document" data-testid="order-credit-note">
            <span>
              <strong>Credit note {note.number}</strong>
              <span className="order-muted">
                {' '}
                · {formatRupees(note.amount)} · <time dateTime={note.date}>{formatDay(note.date)}</time>
              </span>
            </span>
            <button
              type="button"
              className="button button--ghost order-document-button"
              disabled={busy !== null}
              aria-busy={busy === note._id}
              onClick={() =>
                void download(
                  note._id,
                  urlOf(myCreditNote, { params: { id: order._id, noteId: note._id } }),
                  note.number,
                )
              }
            >
              {busy === note._id ? 'Downloading…' : 'Download'}
              <span className="visually-hidden"> credit note {note.number} (PDF)</span>
            </button>
          </li>
        ))}
      </ul>
      {order.creditNotes.length > 0 && (
        <p className="order-muted">Each refund has a credit note against the invoice.</p>
      )}
      <div role="alert" className="order-document-problem">
        {problem && <p>{problem}</p>}
      </div>
    </section>
  );
}
