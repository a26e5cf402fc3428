import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  getCodRemittance,
  listCodRemittances,
  uploadCodRemittance,
} from '../../../shared/api/cod-remittances';
import {
  type ApiRemittance,
  type ApiRemittanceRow,
  REMITTANCE_CSV_MAX_BYTES,
  type RemittanceOutcome,
} from '../../../shared/api/cod-remittances.schemas';
import { reportSubmitError } from '../../components/forms/submit-error';
import { formatDayAndTime } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { type Column, DataTable } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { WordBadge } from '../features/orders/order-status';
import '../features/dashboard/dashboard.css';
import '../features/orders/orders.css';
import '../features/products/products.css';
import '../features/shipments/shipments.css';
import { adminApi } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const outcomeWords: Record<RemittanceOutcome, { label: string; tone: string }> = {
  applied: { label: 'Applied', tone: 'badge--success' },
  unknown_awb: { label: 'Unknown AWB', tone: 'badge--danger' },
  amount_mismatch: { label: 'Amount differs', tone: 'badge--danger' },
  not_delivered: { label: 'Not delivered', tone: 'badge--danger' },
  prepaid: { label: 'Prepaid order', tone: 'badge--warning' },
  already_remitted: { label: 'Already remitted', tone: 'badge--warning' },
  already_paid: { label: 'Already paid', tone: 'badge--warning' },
  repeated_in_file: { label: 'Repeated in file', tone: 'badge--warning' },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const rowColumns: Column<ApiRemittanceRow>[] = [
  { key: 'line', header: 'Line', align: 'end', width: '4rem', render: (r) => r.line },
  {
    key: 'awb',
    header: 'AWB',
    render: (r) => (
      <>
        <code>{r.awb}</code>
        {r.orderRef && <span className="cell-sub">Order id {r.orderRef}</span>}
      </>
    ),
  },
  {
    key: 'order',
    header: 'Order',
    render: (r) => (r.orderId ? <Link href={`/orders/${r.orderId}`}>{r.orderNumber ?? 'Order'}</Link> : '—'),
  },
  {
    key: 'amount',
    header: 'COD amount',
    align: 'end',
    render: (r) => (
      <>
        {formatRupees(r.amount)}
        {r.expected !== null && r.expected !== r.amount && (
          <span className="cell-sub">expected {formatRupees(r.expected)}</span>
        )}
      </>
    ),
  },
  { key: 'reference', header: 'Reference', render: (r) => <code>{r.reference}</code> },
  {
    key: 'outcome',
    header: 'Outcome',
    render: (r) => (
      <div className="outcome-cell">
        <WordBadge words={outcomeWords} value={r.outcome} />
        <span className="cell-sub">{r.message}</span>
      </div>
    ),
  },
];

/** What one report did: applied rows and their sum, then every difference with its reason. */
function RemittanceOutcomePanel({ remittance }: { remittance: ApiRemittance }) {
  const differences = remittance.lines.filter((l) => l.outcome !== 'applied');
  const applied = remittance.lines.filter((l) => l.outcome === 'applied');
  return (
    <section className="panel remittance-outcome" aria-labelledby="remittance-outcome-heading">
      <h2 id="remittance-outcome-heading">{remittance.fileName}</h2>
      {remittance.duplicate && (
        <p className="notice-inline" role="status">
          This file was uploaded before ({formatDayAndTime(remittance.uploadedAt)}): nothing changed. This is
          what it did then.
        </p>
      )}
      <dl className="stat-grid remittance-figures">
        <div className="stat-card">
          <dt>Applied</dt>
          <dd>
            <span className="stat-value">{formatRupees(remittance.applied.amount)}</span>
            <span className="stat-note">
              {remittance.applied.count} of {remittance.rows} rows
            </span>
          </dd>
        </div>
        <div className={differences.length ? 'stat-card stat-card--attention' : 'stat-card'}>
          <dt>Differences, not applied</dt>
          <dd>
            <span className="stat-value">{formatRupees(remittance.differences.amount)}</span>
            <span className="stat-note">
              {remittance.differences.count} {remittance.differences.count === 1 ? 'row' : 'rows'}
            </span>
          </dd>
        </div>
      </dl>
      <p className="muted">
        Uploaded {formatDayAndTime(remittance.uploadedAt)} by {remittance.uploadedBy}. References:{' '}
        {remittance.references.join(', ')}.
      </p>
      <h3>Differences</h3>
      <DataTable
        caption="Rows not applied, with the reason"
        columns={rowColumns}
        rows={differences}
        rowKey={(r) => String(r.line)}
        empty="None: every row matched what the parcel was to collect."
      />
      <h3>Applied</h3>
      <DataTable
        caption="Rows applied"
        columns={rowColumns}
        rows={applied}
        rowKey={(r) => String(r.line)}
        empty="No row was applied."
      />
    </section>
  );
}

function UploadForm({ onUploaded }: { onUploaded: (remittance: ApiRemittance) => void }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > REMITTANCE_CSV_MAX_BYTES) {
      toast.error(`${file.name} is larger than 5 MB.`, { autoClose: 6000 });
      return;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await adminApi.upload(uploadCodRemittance, form, {});
      toast.success(
        answer.duplicate
          ? 'This report was uploaded before: nothing changed.'
          : `${plural(answer.applied.count, 'parcel')} applied (${formatRupees(answer.applied.amount)}); ${plural(answer.differences.count, 'difference')} listed.`,
        { autoClose: 6000 },
      );
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded(answer);
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel remittance-upload" aria-labelledby="remittance-upload-heading">
      <h2 id="remittance-upload-heading">Upload a remittance report</h2>
      <p>
        The courier’s COD remittance report as it exports it (CSV): its <code>AWB</code>,{' '}
        <code>Order ID</code>, <code>COD Amount</code>, <code>UTR</code> or <code>CRF ID</code> and{' '}
        <code>Remittance Date</code> columns are read, whatever their case. A delivered cash-on-delivery
        parcel with the amount it was to collect is marked remitted, and its order paid once all its cash is
        in; anything else is listed as a difference and changes nothing. The same file twice changes nothing.
      </p>
      <form className="import-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="form-field">
          <label className="form-label" htmlFor={fileId}>
            Remittance report (CSV)
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="form-input"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="form-actions import-actions">
          <button type="submit" className="button button--primary" disabled={busy || !file}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * COD remittances: upload the courier's remittance report, see what it applied and every
 * difference it did not, and the reports uploaded before (each opens with `?id=`).
 */
export default function CodRemittancesPage() {
  const { can } = useStaff();
  const [search, setSearch] = useSearchState();
  const [latest, setLatest] = useState<ApiRemittance | null>(null);
  const list = useAdminQuery((signal) => adminApi.call(listCodRemittances, { signal }), []);
  const chosenId = search.id ?? null;
  const chosen = useAdminQuery(
    (signal) =>
      chosenId && chosenId !== latest?._id
        ? adminApi.call(getCodRemittance, { params: { id: chosenId }, signal })
        : Promise.resolve(null),
    [chosenId, latest?._id],
  );
  const shown = chosenId && chosenId !== latest?._id ? chosen.data : latest;

  return (
    <>
      <PageHeader
        title="COD remittances"
        description="Cash on delivery the courier has paid over to the shop, from its remittance reports."
      />
      {can('orders.write') && (
        <UploadForm
          onUploaded={(remittance) => {
            setLatest(remittance);
            setSearch({ id: remittance._id });
            list.reload();
          }}
        />
      )}
      {chosen.error && <LoadError message={chosen.error} onRetry={chosen.reload} />}
      {shown && <RemittanceOutcomePanel remittance={shown} />}
      <section className="panel" aria-labelledby="remittances-heading">
        <h2 id="remittances-heading">Reports uploaded</h2>
        {list.error && <LoadError message={list.error} onRetry={list.reload} />}
        <DataTable
          caption="Remittance reports uploaded, newest first"
          columns={[
            {
              key: 'file',
              header: 'Report',
              render: (r) => (
                <>
                  <Link href={`/shipping/remittances?id=${r._id}`}>{r.fileName}</Link>
                  <span className="cell-sub">{r.references.slice(0, 3).join(', ')}</span>
                </>
              ),
            },
            {
              key: 'uploaded',
              header: 'Uploaded',
              render: (r) => (
                <>
                  <time dateTime={r.uploadedAt}>{formatDayAndTime(r.uploadedAt)}</time>
                  <span className="cell-sub">{r.uploadedBy}</span>
                </>
              ),
            },
            {
              key: 'applied',
              header: 'Applied',
              align: 'end',
              render: (r) => `${formatRupees(r.applied.amount)} (${r.applied.count})`,
            },
            {
              key: 'differences',
              header: 'Differences',
              align: 'end',
              render: (r) =>
                r.differences.count
                  ? `${r.differences.count} ${r.differences.count === 1 ? 'row' : 'rows'}`
                  : 'None',
            },
          ]}
          rows={list.data?.remittances ?? []}
          rowKey={(r) => r._id}
          loading={!list.data && !list.error}
          empty={list.data ? 'No remittance report has been uploaded yet.' : 'Loading…'}
        />
      </section>
    </>
  );
}
