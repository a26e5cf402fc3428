import { type ApiImportReport, IMPORT_REPORT_MAX_REJECTED } from '../../../shared/api/catalog-admin.schemas';
import { DataTable } from './data-table';

/**
 * A CSV import's report (the shape every console import answers): what was or would be written,
 * or each rejected row with its column and problem. `thing` names what the rows add ("pincode",
 * "product").
 */
export function ImportReport({ report, thing }: { report: ApiImportReport; thing: string }) {
  const ok = report.rejectedRows === 0;
  const n = (count: number) => count.toLocaleString('en-IN');
  const rows = (count: number) => `${n(count)} ${count === 1 ? 'row' : 'rows'}`;
  const things = (count: number) => `${n(count)} ${count === 1 ? thing : `${thing}s`}`;
  const summary = report.written
    ? `Imported ${rows(report.rows)}: ${things(report.created)} added, ${n(report.updated)} changed, ${n(report.unchanged)} unchanged.`
    : ok
      ? report.created + report.updated === 0
        ? `Checked ${rows(report.rows)}: nothing would change.`
        : `Checked ${rows(report.rows)}: ${things(report.created)} would be added, ${n(report.updated)} changed, ${n(report.unchanged)} unchanged. Nothing is written until you import.`
      : `${n(report.rejectedRows)} of ${rows(report.rows)} ${report.rejectedRows === 1 ? 'has' : 'have'} problems. Nothing was imported: fix them and check the file again.`;
  return (
    <div
      className={ok ? 'import-report import-report--ok' : 'import-report import-report--bad'}
      role="status"
    >
      <p>
        <strong>{summary}</strong>
      </p>
      {ok &&
        report.warnings?.map((warning) => (
          <p key={warning} className="muted">
            {warning}
          </p>
        ))}
      {!ok && (
        <>
          <DataTable
            caption="Rows with problems"
            captionHidden={false}
            rows={report.rejected}
            rowKey={(r) => `${r.row}-${r.field}-${r.message}`}
            columns={[
              { key: 'row', header: 'Row', align: 'end', width: '5rem', render: (r) => n(r.row) },
              { key: 'field', header: 'Column', width: '8rem', render: (r) => <code>{r.field}</code> },
              { key: 'message', header: 'Problem', render: (r) => r.message },
            ]}
          />
          {report.rejected.length >= IMPORT_REPORT_MAX_REJECTED && (
            <p className="muted">The first {n(report.rejected.length)} problems are listed.</p>
          )}
        </>
      )}
    </div>
  );
}
