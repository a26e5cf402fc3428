import { type FormEvent, useId, useState } from 'react';
import { adjustStock } from '../../../../shared/api/catalog-admin';
import {
  type StockAdjustmentReason,
  stockAdjustmentReasons,
  stockMovementReasonLabels,
} from '../../../../shared/api/catalog-admin.schemas';
import { readRupees } from '../../../../shared/api/product-fields.schemas';
import { SelectField, TextField } from '../../../components/forms/form-field';
import { isApiError } from '../../../lib/api-client';
import { adminApi } from '../../lib/admin-api';

export type SelectedVariant = { key: string; _id?: string | undefined; sku: string; label: string };
type Outcome = { sku: string; label: string; ok: boolean; text: string };

/** New price and MRP for the selected rows: written into the grid, kept when the grid is saved. */
function BulkPrices({
  selected,
  onPrices,
}: {
  selected: readonly SelectedVariant[];
  onPrices: (prices: { price?: string; mrp?: string }) => void;
}) {
  const [price, setPrice] = useState('');
  const [mrp, setMrp] = useState('');
  const [errors, setErrors] = useState<{ price?: string; mrp?: string }>({});
  const [done, setDone] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!price.trim() && !mrp.trim()) found.price = 'Give a price, an MRP or both';
    for (const [field, value, label] of [
      ['price', price, 'Price'],
      ['mrp', mrp, 'MRP'],
    ] as const) {
      const read = value.trim() ? readRupees(value, label) : 0;
      if (typeof read !== 'number') found[field] = read.message;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    onPrices({
      ...(price.trim() ? { price: price.trim() } : {}),
      ...(mrp.trim() ? { mrp: mrp.trim() } : {}),
    });
    setDone(
      `Set on ${selected.length} ${selected.length === 1 ? 'variant' : 'variants'}: save the variants to keep it.`,
    );
  };
  return (
    <form
      className="variant-bulk-form"
      noValidate
      onSubmit={apply}
      aria-label="Price of the selected variants"
    >
      <TextField
        label="New price (₹)"
        inputMode="decimal"
        value={price}
        error={errors.price}
        onChange={(event) => setPrice(event.target.value)}
      />
      <TextField
        label="New MRP (₹)"
        inputMode="decimal"
        value={mrp}
        error={errors.mrp}
        onChange={(event) => setMrp(event.target.value)}
      />
      <button type="submit" className="button" disabled={selected.length === 0}>
        Set for {selected.length} selected
      </button>
      <p className="variant-bulk-done" role="status">
        {done}
      </p>
    </form>
  );
}

/** One ledger entry per selected variant (change or set, with a reason); a line per outcome. */
function BulkStock({
  productId,
  selected,
  onChanged,
}: {
  productId: string;
  selected: readonly SelectedVariant[];
  onChanged: () => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<'change' | 'set'>('change');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^-?\d+$/.test(amount.trim())) found.amount = 'Give a whole number of units, such as 5 or -2';
    if (!reason) found.reason = 'Choose a reason';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const results: Outcome[] = [];
    // One after another: each is its own ledger entry, and a refusal (stock below 0) stops none.
    for (const variant of selected) {
      if (!variant._id) {
        results.push({ ...variant, ok: false, text: 'not saved yet: save the variants first' });
        continue;
      }
      try {
        const answer = await adminApi.call(adjustStock, {
          params: { id: productId },
          body: {
            variantId: variant._id,
            change: mode === 'change' ? amount.trim() : undefined,
            set: mode === 'set' ? amount.trim() : undefined,
            reason: reason as StockAdjustmentReason,
            note,
          },
        });
        results.push({ ...variant, ok: true, text: `now ${answer.quantity.toLocaleString('en-IN')}` });
      } catch (failure) {
        results.push({ ...variant, ok: false, text: isApiError(failure) ? failure.message : 'failed' });
      }
    }
    setOutcomes(results);
    setBusy(false);
    if (results.some((result) => result.ok)) onChanged();
  };

  const succeeded = outcomes.filter((o) => o.ok).length;
  return (
    <form
      className="variant-bulk-form"
      noValidate
      onSubmit={submit}
      aria-label="Stock of the selected variants"
    >
      <fieldset className="stock-mode">
        <legend className="form-label">Stock</legend>
        <label className="product-choice">
          <input
            type="radio"
            name={`${id}-mode`}
            checked={mode === 'change'}
            onChange={() => setMode('change')}
          />
          <span>Add or remove units</span>
        </label>
        <label className="product-choice">
          <input type="radio" name={`${id}-mode`} checked={mode === 'set'} onChange={() => setMode('set')} />
          <span>Set the count</span>
        </label>
      </fieldset>
      <TextField
        label={mode === 'change' ? 'Units for each' : 'New count for each'}
        inputMode="numeric"
        placeholder={mode === 'change' ? '5 or -2' : '0'}
        value={amount}
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <SelectField
        label="Reason for the change"
        value={reason}
        error={errors.reason}
        onChange={(event) => setReason(event.target.value as StockAdjustmentReason)}
      >
        <option value="">Choose a reason</option>
        {stockAdjustmentReasons.map((value) => (
          <option key={value} value={value}>
            {stockMovementReasonLabels[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Note for the ledger"
        value={note}
        maxLength={500}
        onChange={(event) => setNote(event.target.value)}
      />
      <button type="submit" className="button" disabled={busy || selected.length === 0}>
        {busy ? 'Changing…' : `Change stock of ${selected.length} selected`}
      </button>
      <div className="variant-bulk-outcome" role="status">
        {outcomes.length > 0 && (
          <>
            <p>
              {succeeded} changed
              {outcomes.length > succeeded ? `, ${outcomes.length - succeeded} failed` : ''}.
            </p>
            <ul>
              {outcomes.map((outcome) => (
                <li key={outcome.sku} className={outcome.ok ? 'variant-ok' : 'variant-failed'}>
                  {outcome.label} ({outcome.sku}): {outcome.text}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </form>
  );
}

/** Changes to several variants at once: the rows ticked in the grid. */
export function VariantBulk({
  productId,
  selected,
  onPrices,
  onStockChanged,
}: {
  productId: string;
  selected: readonly SelectedVariant[];
  onPrices: (prices: { price?: string; mrp?: string }) => void;
  onStockChanged: () => void;
}) {
  return (
    <section className="variant-bulk" aria-label="Change the selected variants">
      <p className="variant-bulk-count">
        {selected.length === 0
          ? 'Tick variants in the table to change several at once.'
          : `${selected.length} ${selected.length === 1 ? 'variant' : 'variants'} selected.`}
      </p>
      <BulkPrices selected={selected} onPrices={onPrices} />
      <BulkStock productId={productId} selected={selected} onChanged={onStockChanged} />
    </section>
  );
}
