import { type FormEvent, useId, useState } from 'react';
import { adjustStock, listStockMovements } from '../../../../shared/api/catalog-admin';
import {
  type ApiStockMovement,
  STOCK_MOVEMENTS_PAGE,
  type StockAdjustmentReason,
  stockAdjustmentBody,
  stockAdjustmentReasons,
  stockMovementReasonLabels,
} from '../../../../shared/api/catalog-admin.schemas';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { formatDayAndTime } from '../../../lib/dates';
import { zodResolver } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { type Column, DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { adminApi } from '../../lib/admin-api';
import { useAdminQuery } from '../../lib/use-admin-query';
import { StockBadge } from './stock-badge';

const resolve = zodResolver(stockAdjustmentBody);
type Mode = 'change' | 'set';
type Errors = {
  variant?: string | undefined;
  amount?: string | undefined;
  reason?: string | undefined;
  note?: string | undefined;
};
/** A variant the stock form can change: "Navy / L · LEV-NVY-L". */
export type StockVariant = { _id: string; sku: string; label: string; quantity: number };

const signed = (n: number) =>
  n > 0 ? `+${n.toLocaleString('en-IN')}` : `−${Math.abs(n).toLocaleString('en-IN')}`;

const ledgerColumns: Column<ApiStockMovement>[] = [
  { key: 'when', header: 'When', width: '11rem', render: (row) => formatDayAndTime(row.createdAt) },
  { key: 'sku', header: 'SKU', width: '10rem', render: (row) => <code>{row.sku}</code> },
  {
    key: 'delta',
    header: 'Change',
    align: 'end',
    width: '6rem',
    render: (row) => (
      <span className={row.delta < 0 ? 'stock-delta stock-delta--out' : 'stock-delta'}>
        {signed(row.delta)}
      </span>
    ),
  },
  {
    key: 'after',
    header: 'Stock after',
    align: 'end',
    width: '7rem',
    render: (row) => row.quantityAfter.toLocaleString('en-IN'),
  },
  {
    key: 'reason',
    header: 'Reason',
    width: '9rem',
    render: (row) => stockMovementReasonLabels[row.reason] ?? row.reason,
  },
  { key: 'note', header: 'Note', render: (row) => row.note || <span className="muted">—</span> },
  {
    key: 'staff',
    header: 'By',
    width: '14rem',
    render: (row) => row.staff ?? <span className="muted">A former staff member</span>,
  },
];

function StockFigures({ product }: { product: { quantity: number; held: number; sold: number } }) {
  return (
    <dl className="stock-figures">
      <div>
        <dt>In the stockroom</dt>
        <dd>
          <strong>{product.quantity.toLocaleString('en-IN')}</strong>{' '}
          <StockBadge quantity={product.quantity} />
        </dd>
      </div>
      <div>
        <dt>Held by shoppers paying now</dt>
        <dd>{product.held.toLocaleString('en-IN')}</dd>
      </div>
      <div>
        <dt>Sold</dt>
        <dd>{product.sold.toLocaleString('en-IN')}</dd>
      </div>
    </dl>
  );
}

/** Whether the amount is added to the count or replaces it. */
function ModeChoice({ name, mode, onChange }: { name: string; mode: Mode; onChange: (mode: Mode) => void }) {
  return (
    <fieldset className="stock-mode">
      <legend className="form-label">Adjustment</legend>
      <label className="product-choice">
        <input type="radio" name={name} checked={mode === 'change'} onChange={() => onChange('change')} />
        <span>Add or remove units</span>
      </label>
      <label className="product-choice">
        <input type="radio" name={name} checked={mode === 'set'} onChange={() => onChange('set')} />
        <span>Set the count</span>
      </label>
    </fieldset>
  );
}

/** Which variant the form changes: asked only when the product has several. */
function VariantChoice({
  variants,
  value,
  error,
  onChange,
}: {
  variants: readonly StockVariant[];
  value: string;
  error: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <SelectField
      label="Variant"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Choose a variant</option>
      {variants.map((variant) => (
        <option key={variant._id} value={variant._id}>
          {variant.label} · {variant.sku} ({variant.quantity.toLocaleString('en-IN')} in stock)
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The product's stock: the count, what checkouts hold and what has sold; a form to add, remove or
 * set units of one variant with a reason; and the ledger of every change staff made, each with its
 * variant's SKU (sales are counted in "sold").
 */
export function StockPanel({
  product,
  variants = [],
  ledgerVersion = 0,
  onChanged,
}: {
  product: { _id: string; title: string; quantity: number; held: number; sold: number };
  /** The product's variants; a choice appears when there are several. */
  variants?: readonly StockVariant[];
  /** Changes when stock changed elsewhere on the page (the variant grid), to read the ledger again. */
  ledgerVersion?: number;
  onChanged: (quantity: number) => void;
}) {
  const id = useId();
  const [variantId, setVariantId] = useState('');
  const several = variants.length > 1;
  const chosen = variants.find((variant) => variant._id === variantId);
  const [mode, setMode] = useState<Mode>('change');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Bumped after each change made here, so the ledger shows it.
  const [changes, setChanges] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      change: mode === 'change' ? amount : undefined,
      set: mode === 'set' ? amount : undefined,
      reason: reason as StockAdjustmentReason,
      note,
    };
    const result = resolve(body);
    const unchosen = several && !chosen ? "Choose which variant's stock to change" : undefined;
    if (Object.keys(result.errors).length || unchosen) {
      const found = result.errors as Record<string, { message?: string } | undefined>;
      setErrors({
        variant: unchosen,
        amount: found.change?.message ?? found.set?.message,
        reason: found.reason?.message,
        note: found.note?.message,
      });
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi.call(adjustStock, {
        params: { id: product._id },
        body: { ...body, ...(chosen ? { variantId: chosen._id } : {}) },
      });
      const what = several && chosen ? `${product.title} (${chosen.label})` : product.title;
      toast.success(`Stock of ${what} is now ${answer.quantity.toLocaleString('en-IN')}.`, {
        autoClose: 4000,
      });
      setAmount('');
      setNote('');
      setErrors({});
      onChanged(answer.quantity);
      setChanges((n) => n + 1);
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 409 || failure.status === 400)) {
        setErrors({ amount: failure.fields?.change ?? failure.fields?.set ?? failure.message });
      }
      reportSubmitError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel stock-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Stock</h2>
      <StockFigures product={product} />

      <form className="stock-form" noValidate onSubmit={submit} aria-label="Adjust the stock">
        {several && (
          <VariantChoice
            variants={variants}
            value={variantId}
            error={errors.variant}
            onChange={(value) => {
              setVariantId(value);
              setErrors((current) => ({ ...current, variant: undefined }));
            }}
          />
        )}
        <ModeChoice name={`${id}-mode`} mode={mode} onChange={setMode} />
        <TextField
          label={mode === 'change' ? 'Units (a minus removes)' : 'New count'}
          inputMode="numeric"
          value={amount}
          placeholder={mode === 'change' ? '5 or -2' : String((chosen ?? product).quantity)}
          error={errors.amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
        />
        <SelectField
          label="Reason"
          value={reason}
          error={errors.reason}
          onChange={(event) => {
            setReason(event.target.value as StockAdjustmentReason);
            setErrors((current) => ({ ...current, reason: undefined }));
          }}
        >
          <option value="">Choose a reason</option>
          {stockAdjustmentReasons.map((value) => (
            <option key={value} value={value}>
              {stockMovementReasonLabels[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          className="grow"
          label="Note"
          value={note}
          maxLength={500}
          placeholder="Invoice number, what was damaged…"
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Adjust stock'}
        </button>
      </form>

      <StockLedger product={product} version={ledgerVersion + changes} />
    </section>
  );
}

/** The ledger, newest first, paged; read again from its first page whenever `version` changes. */
function StockLedger({ product, version }: { product: { _id: string; title: string }; version: number }) {
  const [page, setPage] = useState(1);
  const [seen, setSeen] = useState(version);
  if (seen !== version) {
    setSeen(version);
    setPage(1);
  }
  const ledger = useAdminQuery(
    (signal) =>
      adminApi.call(listStockMovements, {
        params: { id: product._id },
        query: { page: String(page) },
        signal,
      }),
    [product._id, page, version],
  );
  return (
    <>
      <h3 className="stock-ledger-heading">Ledger</h3>
      {ledger.error && <LoadError message={ledger.error} onRetry={ledger.reload} />}
      <DataTable<ApiStockMovement>
        caption={`Stock changes of ${product.title}, newest first`}
        loading={ledger.loading}
        rows={ledger.data?.movements ?? []}
        rowKey={(row) => row._id}
        empty="No changes yet."
        columns={ledgerColumns}
      />
      {(ledger.data?.total ?? 0) > STOCK_MOVEMENTS_PAGE && (
        <Pager
          page={page}
          pageSize={STOCK_MOVEMENTS_PAGE}
          total={ledger.data?.total ?? null}
          onPageChange={setPage}
          label="Ledger pages"
        />
      )}
    </>
  );
}
