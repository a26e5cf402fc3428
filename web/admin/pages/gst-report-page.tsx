import { useState } from 'react';
import { urlOf } from '../../../shared/api/endpoint';
import { gstReportCsv, gstSummary } from '../../../shared/api/tax-documents';
import type { ApiGstSummary } from '../../../shared/api/tax-documents.schemas';
import { SelectField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatRupees } from '../../lib/money';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import '../features/reports/gst-report.css';
import { adminApi, downloadFile } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const MONTH_WORDS = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** This India month and the 35 before it, newest first, as `YYYY-MM` with their names. */
function recentMonths(): { key: string; label: string }[] {
  const india = new Date(Date.now() + 330 * 60_000);
  const months = [];
  for (let back = 0; back < 36; back++) {
    const first = new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth() - back, 1));
    const key = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    months.push({ key, label: MONTH_WORDS.format(first) });
  }
  return months;
}

type Figures = { taxable: number; cgst: number; sgst: number; igst: number; tax: number };

function FigureCells({ row }: { row: Figures }) {
  return (
    <>
      <td className="align-end">{formatRupees(row.taxable)}</td>
      <td className="align-end">{formatRupees(row.cgst)}</td>
      <td className="align-end">{formatRupees(row.sgst)}</td>
      <td className="align-end">{formatRupees(row.igst)}</td>
      <td className="align-end">{formatRupees(row.tax)}</td>
    </>
  );
}

function FigureTable<Row extends Figures>({
  id,
  title,
  first,
  rows,
  rowKey,
  label,
  total,
}: {
  id: string;
  title: string;
  first: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  label: (row: Row) => string;
  total: Figures;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{first}</th>
              <th scope="col" className="align-end">
                Taxable value
              </th>
              <th scope="col" className="align-end">
                CGST
              </th>
              <th scope="col" className="align-end">
                SGST / UTGST
              </th>
              <th scope="col" className="align-end">
                IGST
              </th>
              <th scope="col" className="align-end">
                Total tax
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="muted">
                  No invoices or credit notes this month.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)}>
                  <th scope="row">{label(row)}</th>
                  <FigureCells row={row} />
                </tr>
              ))
            )}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr>
                <td>Total</td>
                <FigureCells row={total} />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

function Summary({ report }: { report: ApiGstSummary }) {
  const { invoices, creditNotes, net } = report;
  const documents = (n: number, one: string, many: string) =>
    `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
  return (
    <>
      <dl className="stat-grid" aria-label={`GST figures for ${report.label}`}>
        <div className="stat-card">
          <dt>Invoiced (GST included)</dt>
          <dd>
            {formatRupees(invoices.total)}
            <span className="stat-sub">
              {documents(invoices.count, 'invoice', 'invoices')} · GST {formatRupees(invoices.tax)}
            </span>
          </dd>
        </div>
        <div className="stat-card">
          <dt>Credit notes</dt>
          <dd>
            −{formatRupees(creditNotes.total)}
            <span className="stat-sub">
              {documents(creditNotes.count, 'credit note', 'credit notes')} · GST −
              {formatRupees(creditNotes.tax)}
            </span>
          </dd>
        </div>
        <div className="stat-card">
          <dt>Net taxable value</dt>
          <dd>{formatRupees(net.taxable)}</dd>
        </div>
        <div className="stat-card">
          <dt>Net GST</dt>
          <dd>
            {formatRupees(net.tax)}
            <span className="stat-sub">
              CGST {formatRupees(net.cgst)} · SGST {formatRupees(net.sgst)} · IGST {formatRupees(net.igst)}
            </span>
          </dd>
        </div>
      </dl>
      <div className="gst-tables">
        <FigureTable
          id="gst-by-rate"
          title="By rate"
          first="GST rate"
          rows={report.byRate}
          rowKey={(row) => String(row.rate)}
          label={(row) => `${row.rate}%`}
          total={net}
        />
        <FigureTable
          id="gst-by-state"
          title="By place of supply"
          first="State (code)"
          rows={report.byState}
          rowKey={(row) => row.code}
          label={(row) => `${row.state} (${row.code})`}
          total={net}
        />
      </div>
    </>
  );
}

/**
 * The monthly GST summary: the month's tax invoices less its credit notes, by rate and by place
 * of supply, India time; the CSV has a row per state and rate, as GSTR-1 asks for sales to consumers.
 */
export default function GstReportPage() {
  const [state, setState] = useSearchState();
  const months = recentMonths();
  const month = state.month ?? months[0]!.key;
  const report = useAdminQuery((signal) => adminApi.call(gstSummary, { query: { month }, signal }), [month]);
  const [downloading, setDownloading] = useState(false);

  const downloadCsv = async () => {
    setDownloading(true);
    try {
      await downloadFile(urlOf(gstReportCsv, { query: { month } }), `gst-summary-${month}.csv`);
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <PageHeader
        title="GST summary"
        description="Taxable value and GST of a month's tax invoices, less its credit notes, India time."
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void downloadCsv()}
            disabled={downloading}
            aria-busy={downloading}
          >
            {downloading ? 'Preparing…' : 'Download CSV'}
          </button>
        }
      />
      <form className="toolbar" onSubmit={(event) => event.preventDefault()} aria-label="Report period">
        <SelectField
          label="Month"
          value={month}
          onChange={(event) => setState({ month: event.target.value })}
        >
          {months.some((m) => m.key === month) ? null : <option value={month}>{month}</option>}
          {months.map((m) => (
            <option key={m.key} value={m.key}>
              {m.label}
            </option>
          ))}
        </SelectField>
      </form>
      <p className="gst-note">
        Every invoice dated in the month counts, including orders cancelled later; a refund's credit note
        takes its value back out in the month the refund was processed. Rupees, to the paisa, as the documents
        print them.
      </p>
      {report.error && <LoadError message={report.error} onRetry={report.reload} />}
      {report.data && <Summary report={report.data} />}
    </>
  );
}
