import { type FormEvent, useId, useRef, useState } from 'react';
import { exportProducts, importProducts } from '../../../shared/api/catalog-admin';
import {
  type ApiImportReport,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_MAX_BYTES,
  PRODUCT_CSV_MAX_ROWS,
} from '../../../shared/api/catalog-admin.schemas';
import { urlOf } from '../../../shared/api/endpoint';
import { languageName } from '../../../shared/translations';
import { reportSubmitError } from '../../components/forms/submit-error';
import { toast } from '../../lib/toast';
import { DataTable } from '../components/data-table';
import { ImportReport } from '../components/import-report';
import { PageHeader } from '../components/page-header';
import '../features/products/products.css';
import { adminApi, downloadFile } from '../lib/admin-api';

type CsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** `title_hi`: what a translated column holds, in the language's English name. */
function translatedColumnNote(column: string): string {
  const [field, code = ''] = column.split('_');
  const language = languageName(code);
  return field === 'title'
    ? `Optional: the title in ${language}; empty removes it (the English shows)`
    : `Optional: the description in ${language}, HTML like the English; empty removes it`;
}

const columnNotes: Partial<Record<CsvColumn, string>> = {
  slug: 'Matches an existing product (update); empty or new creates one',
  title: 'Required for a new product',
  description: 'HTML; anything but formatting is removed',
  price: 'Rupees, such as 1299.50',
  mrp: 'Rupees, or empty when not discounted',
  category: 'A category’s name, as in Categories',
  brand: 'A brand’s name, as in Brands',
  colors: 'Colour values (#rrggbb) or names, separated by |',
  tags: 'featured, special, popular, separated by |',
  quantity: 'Stock; empty leaves it as it is (changes go to the ledger)',
  images: 'Picture URLs (https://…), separated by |',
  hsn_code: 'Optional: 4, 6 or 8 digits (8517); empty takes the category’s',
  gst_rate: 'Optional: percent, one of 0, 0.25, 3, 5, 18, 40; empty takes the category’s',
};

type Busy = 'check' | 'import' | 'export' | null;

/** The CSV file's columns and what each holds. */
function CsvColumns() {
  return (
    <section className="panel" aria-labelledby="columns-heading">
      <h2 id="columns-heading">Columns</h2>
      <DataTable
        caption="The CSV columns"
        rows={[...PRODUCT_CSV_COLUMNS]}
        rowKey={(column) => column}
        columns={[
          { key: 'column', header: 'Column', width: '9rem', render: (column) => <code>{column}</code> },
          {
            key: 'what',
            header: 'What it holds',
            render: (column) => columnNotes[column] ?? translatedColumnNote(column),
          },
        ]}
      />
    </section>
  );
}

function ExportPanel({
  busy,
  withArchived,
  onWithArchivedChange,
  onExport,
}: {
  busy: Busy;
  withArchived: boolean;
  onWithArchivedChange: (withArchived: boolean) => void;
  onExport: (format: 'shop' | 'shopify') => void;
}) {
  return (
    <section className="panel" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p>
        Every product on sale as a CSV file, ready to import back: in the shop's columns below (a row a
        product), or in Shopify's product CSV (a row a variant, with sizes, colours and stock per variant),
        which Shopify and this shop both import.
      </p>
      <div className="export-actions">
        <label className="product-choice">
          <input
            type="checkbox"
            checked={withArchived}
            onChange={(event) => onWithArchivedChange(event.target.checked)}
          />
          <span>Include archived products</span>
        </label>
        <button
          type="button"
          className="button product-button"
          disabled={busy !== null}
          onClick={() => onExport('shop')}
        >
          {busy === 'export' ? 'Preparing…' : 'Export products (CSV)'}
        </button>
        <button type="button" className="button" disabled={busy !== null} onClick={() => onExport('shopify')}>
          Export with variants (Shopify CSV)
        </button>
      </div>
    </section>
  );
}

/** CSV out (every product, for a spreadsheet) and in (checked first, then all or nothing). */
export default function ProductImportPage() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ApiImportReport | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [withArchived, setWithArchived] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) {
      toast.error('Choose a CSV file first.', { autoClose: 4000 });
      input.current?.focus();
      return;
    }
    if (file.size > PRODUCT_CSV_MAX_BYTES) {
      toast.error(`${file.name} is larger than 50 MB. Split it into smaller files.`, { autoClose: 6000 });
      return;
    }
    setBusy(dryRun ? 'check' : 'import');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await adminApi.upload(importProducts, form, {
        query: { dryRun: dryRun ? 'true' : 'false' },
      });
      setReport(answer);
      if (answer.written) {
        toast.success(`Imported: ${answer.created} created, ${answer.updated} updated.`, { autoClose: 5000 });
        setFile(null);
        if (input.current) input.current.value = '';
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

  const exportAll = async (format: 'shop' | 'shopify') => {
    setBusy('export');
    try {
      const query = {
        ...(withArchived ? { archived: 'all' } : {}),
        ...(format === 'shopify' ? { format } : {}),
      };
      const day = new Date().toISOString().slice(0, 10);
      await downloadFile(
        urlOf(exportProducts, { query }),
        format === 'shopify' ? `products-shopify-${day}.csv` : `products-${day}.csv`,
      );
    } catch (failure) {
      reportSubmitError(failure);
    } finally {
      setBusy(null);
    }
  };

  const canImport =
    report?.dryRun === true && report.rejectedRows === 0 && report.created + report.updated > 0;

  return (
    <>
      <PageHeader
        title="Import and export"
        back={{ href: '/products', label: 'Products' }}
        description="Edit the catalogue in a spreadsheet: export it, change it, check the file, then import it."
      />

      <ExportPanel
        busy={busy}
        withArchived={withArchived}
        onWithArchivedChange={setWithArchived}
        onExport={(format) => void exportAll(format)}
      />

      <section className="panel" aria-labelledby="import-heading">
        <h2 id="import-heading">Import</h2>
        <p>
          Rows are matched by slug: an existing product is updated, any other row creates one. Columns left
          out of the file are left as they are. A product export from Shopify or WooCommerce imports as it is,
          with its options and variants (told by its columns); brands, categories and colours the shop does
          not have yet are added. Check the file first: if any row has a problem, nothing is imported and each
          problem is listed with its row. At most {PRODUCT_CSV_MAX_ROWS.toLocaleString('en-IN')} rows.
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
        {report && <ImportReport report={report} thing="product" />}
      </section>

      <CsvColumns />
    </>
  );
}
