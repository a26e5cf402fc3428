import { useState } from 'react';
import {
  type ApiTaxonomyRow,
  type TaxonomyTableSort,
  taxonomyTableSorts,
} from '../../../shared/api/taxonomy.schemas';
import { formatGstRate } from '../../../shared/gst';
import { reportSubmitError } from '../../components/forms/submit-error';
import { isApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useConfirm } from '../components/confirm-dialog';
import { type Column, DataTable, formatSort, parseSort } from '../components/data-table';
import { LoadError } from '../components/load-error';
import { PageHeader } from '../components/page-header';
import { Pager } from '../components/pager';
import { DeleteRowButton } from '../components/row-buttons';
import { SearchField } from '../components/search-field';
import { ShortDay } from '../components/short-day';
import { ColorSwatch } from '../features/taxonomy/color-swatch';
import { SizeChartPanel } from '../features/taxonomy/size-chart-translation';
import { TaxonomyForm, type TaxonomySubmit } from '../features/taxonomy/taxonomy-form';
import { isTaxonomyKind, type TaxonomyConfig, taxonomyConfigs } from '../features/taxonomy/taxonomy-kinds';
import {
  sizeChartColumn,
  translatedNameColumns,
  translatedNameOf,
} from '../features/taxonomy/taxonomy-translated';
import '../features/taxonomy/taxonomy.css';
import { translatedLocales } from '../features/translations/translations';
import '../features/translations/translations.css';
import { adminApi } from '../lib/admin-api';
import type { ConsolePageProps } from '../lib/page-props';
import { useAdminQuery } from '../lib/use-admin-query';
import { useSearchState } from '../lib/use-search-state';

const DEFAULT_SORT = { key: 'title', direction: 'asc' } as const;

/** Brands, categories, colours or blog categories: one page, told which by its route. */
export default function TaxonomyPage({ kind }: ConsolePageProps) {
  const config = taxonomyConfigs[isTaxonomyKind(kind) ? kind : 'brand'];
  // A fresh page (no half-typed rename or old notice) when the sidebar moves to another kind.
  return <TaxonomyScreen key={config.kind} config={config} />;
}

/** The table's columns; the row being renamed shows its form in place of its name and buttons. */
function taxonomyColumns({
  config,
  editing,
  onEdit,
  busy,
  label,
  rename,
  remove,
  onTranslateChart,
}: {
  config: TaxonomyConfig;
  editing: string | null;
  onEdit: (id: string | null) => void;
  busy: string | null;
  label: (row: ApiTaxonomyRow) => string;
  rename: (row: ApiTaxonomyRow, body: TaxonomySubmit) => Promise<void>;
  remove: (row: ApiTaxonomyRow) => Promise<void>;
  onTranslateChart: (row: ApiTaxonomyRow) => void;
}): Column<ApiTaxonomyRow>[] {
  const isColor = config.kind === 'color';
  const isCategory = config.kind === 'category';
  const translatedName = (row: ApiTaxonomyRow, code: (typeof translatedLocales)[number]) =>
    translatedNameOf(config.kind, row, code);
  return [
    {
      key: 'title',
      header: isColor ? 'Colour' : 'Name',
      sortable: true,
      render: (row) =>
        editing === row._id ? (
          <TaxonomyForm
            compact
            config={config}
            initial={{
              title: row.title,
              name: row.name && row.name !== row.title ? row.name : '',
              hsnCode: row.hsnCode ?? '',
              gstRate: row.gstRate != null ? String(row.gstRate) : '',
              translated: Object.fromEntries(
                translatedLocales.map((code) => [code, translatedName(row, code)]),
              ),
            }}
            submitLabel="Save"
            busyLabel="Saving…"
            onSubmit={(body) => rename(row, body)}
            onCancel={() => onEdit(null)}
          />
        ) : isColor ? (
          <span className="taxonomy-title">
            <ColorSwatch value={row.title} />
            <span>
              {row.name && row.name !== row.title ? row.name : 'Unnamed'} <code>{row.title}</code>
            </span>
          </span>
        ) : (
          <strong>{row.title}</strong>
        ),
    },
    ...translatedNameColumns(config.kind, editing),
    ...(isCategory
      ? [
          {
            key: 'gst',
            header: 'GST',
            width: '9rem',
            render: (row: ApiTaxonomyRow) =>
              editing === row._id ? null : row.hsnCode || row.gstRate != null ? (
                <span>
                  {row.hsnCode ? <code>{row.hsnCode}</code> : null}
                  {row.hsnCode && row.gstRate != null ? ' · ' : null}
                  {row.gstRate != null ? formatGstRate(row.gstRate * 100) : null}
                </span>
              ) : (
                <span className="used-none">Not set</span>
              ),
          },
          sizeChartColumn(editing, onTranslateChart),
        ]
      : []),
    {
      key: 'used',
      header: config.usedBy,
      sortable: true,
      align: 'end',
      width: '9rem',
      render: (row) =>
        row.used === 0 ? <span className="used-none">None</span> : row.used.toLocaleString('en-IN'),
    },
    {
      key: 'createdAt',
      header: 'Added',
      sortable: true,
      width: '8rem',
      render: (row) => <ShortDay value={row.createdAt} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      width: '13rem',
      render: (row) =>
        editing === row._id ? null : (
          <div className="row-actions">
            <button
              type="button"
              className="button button--small button--plain"
              aria-label={`${isCategory ? 'Edit' : 'Rename'} ${label(row)}`}
              onClick={() => onEdit(row._id)}
            >
              {/* A category has GST defaults as well as a name. */}
              {isCategory ? 'Edit' : 'Rename'}
            </button>
            <DeleteRowButton
              label={`Delete ${label(row)}`}
              disabled={busy === row._id}
              onClick={() => void remove(row)}
            />
          </div>
        ),
    },
  ];
}

function TaxonomyScreen({ config }: { config: TaxonomyConfig }) {
  const confirm = useConfirm();
  const [state, setState] = useSearchState();
  const [editing, setEditing] = useState<string | null>(null);
  const [chartOf, setChartOf] = useState<ApiTaxonomyRow | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const parsed = parseSort(state.sort, DEFAULT_SORT);
  const sort = (taxonomyTableSorts as readonly string[]).includes(formatSort(parsed)) ? parsed : DEFAULT_SORT;
  const page = Math.max(1, Number(state.page) || 1);
  const query = { q: state.q ?? '', sort: formatSort(sort) as TaxonomyTableSort, page };
  const table = useAdminQuery(
    (signal) => adminApi.call(config.table, { query, signal }),
    [config.kind, query.q, query.sort, query.page],
  );
  const isColor = config.kind === 'color';

  const label = (row: ApiTaxonomyRow) =>
    isColor && row.name && row.name !== row.title ? `${row.name} (${row.title})` : row.title;
  const uses = (count: number) =>
    `${count.toLocaleString('en-IN')} ${count === 1 ? config.usedOne : config.usedMany}`;

  const add = async (body: TaxonomySubmit) => {
    const created = await adminApi.call(config.create, { body });
    toast.success(`Added the ${config.one} ${label({ ...created, used: 0 })}.`, { autoClose: 4000 });
    setRefusal(null);
    table.reload();
  };

  const rename = async (row: ApiTaxonomyRow, body: TaxonomySubmit) => {
    await adminApi.call(config.update, { params: { id: row._id }, body });
    toast.success(
      config.kind === 'blogcategory' && row.used > 0 && body.title !== row.title
        ? `Renamed to ${body.title}, on its ${uses(row.used)} too.`
        : `Saved the ${config.one} ${body.title}.`,
      { autoClose: 4000 },
    );
    setEditing(null);
    table.reload();
  };

  const remove = async (row: ApiTaxonomyRow) => {
    const ok = await confirm({
      title: `Delete the ${config.one} ${label(row)}?`,
      message:
        row.used > 0
          ? `${uses(row.used)} ${row.used === 1 ? 'uses' : 'use'} it, so the shop will refuse until ${row.used === 1 ? 'it is' : 'they are'} moved elsewhere.`
          : 'It is removed for good; the audit trail keeps a record.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!ok) return;
    setBusy(row._id);
    try {
      await adminApi.call(config.remove, { params: { id: row._id } });
      toast.success(`Deleted the ${config.one} ${label(row)}.`, { autoClose: 4000 });
      setRefusal(null);
      table.reload();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setRefusal({ title: `${label(row)} was not deleted`, message: error.message });
      } else {
        reportSubmitError(error);
      }
    } finally {
      setBusy(null);
    }
  };

  const rows = table.data?.items ?? [];
  return (
    <>
      <PageHeader title={config.title} description={config.description} />

      <section className="panel" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a {config.one}</h2>
        <AddForm config={config} onAdd={add} />
      </section>

      {refusal && (
        <div className="taxonomy-refusal" role="alert">
          <p>
            <strong>{refusal.title}</strong>
            {refusal.message}
          </p>
          <button
            type="button"
            className="button button--small button--plain"
            onClick={() => setRefusal(null)}
          >
            Dismiss
          </button>
        </div>
      )}

      <div className="toolbar">
        <SearchField
          label={`Search ${config.title.toLowerCase()}`}
          value={state.q ?? ''}
          placeholder={isColor ? 'Name or #value' : 'Name'}
          onSearch={(q) => setState({ q })}
        />
      </div>

      <SizeChartPanel
        row={chartOf}
        onClose={(saved) => {
          setChartOf(null);
          if (saved) table.reload();
        }}
      />

      {table.error && <LoadError message={table.error} onRetry={table.reload} />}
      <DataTable
        caption={config.title}
        loading={table.loading}
        rows={rows}
        rowKey={(row) => row._id}
        sort={sort}
        onSortChange={(next) => setState({ sort: formatSort(next) })}
        empty={
          state.q
            ? `No ${config.title.toLowerCase()} match “${state.q}”.`
            : `No ${config.title.toLowerCase()} yet.`
        }
        columns={taxonomyColumns({
          config,
          editing,
          onEdit: setEditing,
          busy,
          label,
          rename,
          remove,
          onTranslateChart: setChartOf,
        })}
      />
      {table.data && (
        <Pager
          label={`${config.title} pages`}
          page={table.data.page}
          pageSize={table.data.pageSize}
          total={table.data.total}
          onPageChange={(next) => setState({ page: next })}
        />
      )}
    </>
  );
}

/** The add form, cleared after each success (a new key remounts it empty). */
function AddForm({
  config,
  onAdd,
}: {
  config: TaxonomyConfig;
  onAdd: (body: TaxonomySubmit) => Promise<void>;
}) {
  const [generation, setGeneration] = useState(0);
  return (
    <TaxonomyForm
      key={generation}
      config={config}
      initial={{ title: '', name: '' }}
      submitLabel={`Add ${config.one}`}
      busyLabel="Adding…"
      onSubmit={async (body) => {
        await onAdd(body);
        setGeneration((n) => n + 1);
      }}
    />
  );
}
