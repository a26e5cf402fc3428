import { type FormEvent, useId, useRef, useState } from 'react';
import type { ApiImportReport } from '../../../shared/api/catalog-admin.schemas';
import { urlOf } from '../../../shared/api/endpoint';
import { exportPincodes, importPincodes, pincodesTable } from '../../../shared/api/pincodes';
import {
  type ApiPincodeRow,
  PINCODE_CSV_MAX_BYTES,
  PINCODE_CSV_MAX_ROWS,
  type PincodeStatus,
  pincodeStatuses,
} from '../../../shared/api/pincodes.schemas';
import { INDIAN_REGION_NAMES } from '../../../shared/india';
import { SelectField } from '../../components/forms/form-field';
import { reportSubmitError } from '../../components/forms/submit-error';
import { toast } from '../../lib/toast';
import { useStaff } from '../app/staff-context';
import { DataTable } from '../components/data-table';
import { ImportReport } from '../components/import-report';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { SearchField } from '../components/search-field';
import { ShortDay } from '../components/short-day';
import '../features/products/products.css';
import { adminApi, downloadFile } from '../lib/admin-api';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const statusLabels: Record<PincodeStatus, string> = {
  serviceable: 'Delivered to',
  unserviceable: 'Not delivered to',
  'no-cod': 'Delivered to, no cash on delivery',
};

function ServiceBadge({ row }: { row: ApiPincodeRow }) {
  if (!row.serviceable) return <span className="badge badge--danger">Not delivered</span>;
  return <span className="badge badge--success">Delivered</span>;
}

/**
 * Where the shop delivers: the list of serviceable pincodes (searched and paged by the server),
 * its CSV export, and the CSV import (the console's layout or the All India Pincode Directory's),
 * checked first and then written all or nothing. Staff who handle orders keep it, as they know
 * where the couriers go; everyone who sees orders can read it.
 */
export default function PincodesPage() {
  const { can } = useStaff();
  const [state, setState] = useSearchState();
  const page = Math.max(1, Number(state.page) || 1);
  const region = INDIAN_REGION_NAMES.includes(state.state ?? '') ? state.state : undefined;
  const status = (pincodeStatuses as readonly string[]).includes(state.status ?? '')
    ? (state.status as PincodeStatus)
    : undefined;
  const filters = { q: state.q ?? '', state: region, status };
  const table = useAdminQuery(
    (signal) => adminApi.call(pincodesTable, { query: { ...filters, page }, signal }),
    [filters.q, filters.state, filters.status, page],
  );
  const [exporting, setExporting] = useState(false);

  const exportShown = async () => {
    setExporting(true);
    try {
      await downloadFile(
        urlOf(exportPincodes, { query: filters }),
        `pincodes-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setExporting(false);
    }
  };

  const listed = table.data?.listed;
  return (
    <>
      <PageHeader
        title="Delivery pincodes"
        description="Where the shop delivers, how many days it takes from the warehouse, and where cash on delivery is offered. Shoppers see the promise on product pages; checkout refuses the rest."
        actions={
          <button
            type="button"
            className="button"
            disabled={exporting || listed === 0}
            onClick={() => void exportShown()}
          >
            {exporting ? 'Preparing…' : 'Export (CSV)'}
          </button>
        }
      />

      {listed === 0 && (
        <p className="panel" role="note">
          <strong>The list is empty, so the shop delivers everywhere</strong> (in 5 days). Import your
          courier’s pincodes, or the All India Pincode Directory, to deliver only where they go.
        </p>
      )}

      <div className="toolbar">
        <SearchField
          label="Search pincodes or places"
          value={state.q ?? ''}
          placeholder="5600 or Kochi"
          onSearch={(q) => setState({ q })}
        />
        <SelectField
          label="State"
          value={region ?? ''}
          onChange={(event) => setState({ state: event.target.value })}
        >
          <option value="">All states</option>
          {INDIAN_REGION_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Show"
          value={status ?? ''}
          onChange={(event) => setState({ status: event.target.value })}
        >
          <option value="">All pincodes</option>
          {pincodeStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>

      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable
        caption="Delivery pincodes"
        loading={table.loading}
        rows={table.data?.items ?? []}
        rowKey={(row) => row.pincode}
        empty={listed === 0 ? 'No pincodes yet: the shop delivers everywhere.' : 'No pincodes match.'}
        columns={[
          { key: 'pincode', header: 'Pincode', width: '7rem', render: (row) => <code>{row.pincode}</code> },
          {
            key: 'place',
            header: 'Place',
            render: (row) => (
              <>
                {row.city}
                {row.district && row.district !== row.city && (
                  <span className="muted"> · {row.district}</span>
                )}
              </>
            ),
          },
          { key: 'state', header: 'State', render: (row) => row.state },
          { key: 'service', header: 'Delivery', width: '9rem', render: (row) => <ServiceBadge row={row} /> },
          {
            key: 'days',
            header: 'Days',
            align: 'end',
            width: '5rem',
            render: (row) => (row.serviceable ? row.deliveryDays : '—'),
          },
          {
            key: 'cod',
            header: 'Cash on delivery',
            width: '9rem',
            render: (row) => (row.serviceable && row.cod ? 'Yes' : 'No'),
          },
          {
            key: 'updated',
            header: 'Updated (IST)',
            width: '9rem',
            render: (row) => <ShortDay value={row.updatedAt} />,
          },
        ]}
      />
      {table.data && (
        <Pager
          label="Pincode pages"
          page={table.data.page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
        />
      )}

      {can('orders.write') && <PincodeImport onImported={table.reload} />}
    </>
  );
}

function PincodeImport({ onImported }: { onImported: () => void }) {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ApiImportReport | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    if (file.size > PINCODE_CSV_MAX_BYTES) {
      toast.error(`${file.name} is larger than 50 MB. Split it into smaller files.`, { autoClose: 6000 });
      return;
    }
    setBusy(dryRun ? 'check' : 'import');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await adminApi.upload(importPincodes, form, {
        query: { dryRun: dryRun ? 'true' : 'false' },
      });
      setReport(answer);
      if (answer.written) {
        toast.success(`Imported: ${answer.created} added, ${answer.updated} changed.`, { autoClose: 5000 });
        setFile(null);
        if (input.current) input.current.value = '';
        onImported();
      } else if (answer.rejectedRows > 0) {
        toast.error(
          `${answer.rejectedRows} ${answer.rejectedRows === 1 ? 'row needs' : 'rows need'} fixing; nothing was imported.`,
          { autoClose: 5000 },
        );
      }
    } catch (failure) {
      setReport(null);
      reportSubmitError(failure);
    } finally {
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(true);
  };
  const canImport =
    report?.dryRun === true && report.rejectedRows === 0 && report.created + report.updated > 0;

  return (
    <section className="panel" aria-labelledby="pincode-import-heading">
      <h2 id="pincode-import-heading">Import</h2>
      <p>
        A CSV with the export’s columns — <code>pincode</code>, <code>city</code>, <code>district</code>,{' '}
        <code>state</code>, <code>serviceable</code> and <code>cod</code> (yes or no),{' '}
        <code>deliveryDays</code> — adds new pincodes and changes listed ones; an empty cell leaves a value as
        it is. The All India Pincode Directory (data.gov.in, CSV) can be imported as published: its post
        offices become one row per pincode. Check the file first: if any row has a problem, nothing is
        imported and each problem is listed with its row. At most{' '}
        {PINCODE_CSV_MAX_ROWS.toLocaleString('en-IN')} rows.
      </p>
      <form className="import-form" onSubmit={submit} noValidate>
        <div className="form-field">
          <label className="form-label" htmlFor={fileId}>
            CSV file
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="form-input"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
            }}
          />
        </div>
        <div className="form-actions import-actions">
          <button type="submit" className="button" disabled={busy !== null || !file}>
            {busy === 'check' ? 'Checking…' : 'Check the file'}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null || !canImport}
            onClick={() => void send(false)}
          >
            {busy === 'import' ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      {report && <ImportReport report={report} thing="pincode" />}
    </section>
  );
}
