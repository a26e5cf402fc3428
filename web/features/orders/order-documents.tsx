import { useState } from 'react';
import { urlOf } from '../../../shared/api/endpoint';
import type { ApiMyOrder } from '../../../shared/api/orders.schemas';
import { myCreditNote, myInvoice, taxDocumentFileName } from '../../../shared/api/tax-documents';
import { useErrorText } from '../../i18n/errors';
import { useLocale, useT } from '../../i18n/i18n';
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
  const t = useT();
  const locale = useLocale();
  const shown = useErrorText()(problem);
  if (!order.invoice) return null;

  const download = async (key: string, url: string, number: string) => {
    setBusy(key);
    setProblem('');
    try {
      await downloadFile(url, taxDocumentFileName(number));
    } catch (error) {
      setProblem(isApiError(error) ? error.message : t('order.documents.failed'));
    } finally {
      setBusy(null);
    }
  };

  const invoice = order.invoice;
  return (
    <section className="order-panel" aria-labelledby="order-documents-title" data-testid="order-documents">
      <h2 id="order-documents-title" className="order-panel-title">
        {t('order.documents.title')}
      </h2>
      <ul className="order-documents">
        <li className="order-document">
          <span>
            <strong>{t('order.documents.invoice', { number: invoice.number })}</strong>
            <span className="order-muted">
              {' '}
              · <time dateTime={invoice.date}>{formatDay(invoice.date, locale)}</time>
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
            {busy === 'invoice' ? t('order.documents.downloading') : t('order.documents.downloadInvoice')}
            <span className="visually-hidden">
              {' '}
              {t('order.documents.invoicePdf', { number: invoice.number })}
            </span>
          </button>
        </li>
        {order.creditNotes.map((note) => (
          <li key={note._id} className="order-document" data-testid="order-credit-note">
            <span>
              <strong>{t('order.documents.creditNote', { number: note.number })}</strong>
              <span className="order-muted">
                {' '}
                · {formatRupees(note.amount)} ·{' '}
                <time dateTime={note.date}>{formatDay(note.date, locale)}</time>
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
              {busy === note._id ? t('order.documents.downloading') : t('order.documents.download')}
              <span className="visually-hidden">
                {' '}
                {t('order.documents.creditNotePdf', { number: note.number })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {order.creditNotes.length > 0 && <p className="order-muted">{t('order.documents.note')}</p>}
      <div role="alert" className="order-document-problem">
        {problem && <p lang={shown.lang}>{shown.text}</p>}
      </div>
    </section>
  );
}
