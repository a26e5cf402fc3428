import { useCallback, useMemo, useReducer, useState } from 'react';
import { saveVariants } from '../../../../shared/api/catalog-admin';
import type { ApiAdminProduct } from '../../../../shared/api/catalog-admin.schemas';
import type { ApiAdminVariants } from '../../../../shared/api/catalog-variants.schemas';
import { reportSubmitError } from '../../../components/forms/submit-error';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { adminApi } from '../../lib/admin-api';
import type { CatalogueNames } from './use-catalogue-names';
import { VariantBulk } from './variant-bulk';
import { type StockFigures, VariantGrid } from './variant-grid';
import {
  buildSaveBody,
  combinations,
  PRODUCT_VARIANTS_MAX,
  rowErrorFromMessage,
  rowErrorsFromFields,
  rowLabel,
  rowsMatchOptions,
} from './variant-grid-model';
import { gridReducer, initialGridState } from './variant-grid-state';
import { VariantOptions } from './variant-options';
import './variants.css';

const leavingLabel = (v: ApiAdminVariants['variants'][number]) =>
  `${v.label || 'the variant without options'} (${v.sku}, ${v.quantity.toLocaleString('en-IN')} in stock)`;

type Props = {
  product: ApiAdminProduct;
  colours: CatalogueNames['colors'];
  /** The variants as last read (their stock figures follow every reload). */
  variants: ApiAdminVariants;
  onSaved: (answer: ApiAdminVariants) => void;
  onStockChanged: () => void;
};

/**
 * "Options and variants": the product's options, the grid of its variants (one per combination)
 * with each one's SKU, prices, size, pictures and stock, changes to several at once, and saving
 * the whole grid in one PUT. The server's refusal shows beside the table; what was typed stays.
 */
export function VariantsPanel({ product, colours, variants, onSaved, onStockChanged }: Props) {
  const [state, dispatch] = useReducer(gridReducer, variants, initialGridState);
  const [busy, setBusy] = useState(false);
  const colourNames = useMemo(
    () => new Map(colours.map((colour) => [colour._id, colour.name || colour.title])),
    [colours],
  );
  const figures = useMemo(
    () => new Map<string, StockFigures>(variants.variants.map((v) => [v._id, v])),
    [variants],
  );
  const labels = useMemo(
    () => new Map(state.rows.map((row) => [row.key, rowLabel(row.values, state.options, colourNames)])),
    [state.rows, state.options, colourNames],
  );
  const combinationCount = useMemo(() => combinations(state.options).length, [state.options]);
  const stale = !rowsMatchOptions(state.options, state.rows);
  const kept = new Set(state.rows.map((row) => row._id));
  const leaving = variants.variants.filter((variant) => !kept.has(variant._id));
  const selected = state.rows
    .filter((row) => state.selected.has(row.key))
    .map((row) => ({ key: row.key, _id: row._id, sku: row.sku, label: labels.get(row.key) ?? '' }));

  const generate = () =>
    dispatch({
      type: 'generate',
      colours: colourNames,
      defaults: {
        slug: product.slug,
        price: String(product.price),
        mrp: product.mrp == null ? '' : String(product.mrp),
      },
    });
  const onPrices = useCallback(
    (prices: { price?: string; mrp?: string }) => dispatch({ type: 'prices', ...prices }),
    [],
  );

  const save = async () => {
    if (stale) {
      dispatch({
        type: 'failed',
        errors: {},
        message: 'The options changed since the grid was made: press “Generate variants” first.',
      });
      return;
    }
    const built = buildSaveBody(state.options, state.rows);
    if (built.errors) {
      dispatch({ type: 'failed', errors: built.errors, message: built.message });
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi.call(saveVariants, { params: { id: product._id }, body: built.body });
      dispatch({ type: 'reset', answer });
      toast.success(`Saved ${answer.variants.length} variants of ${product.title}.`, { autoClose: 4000 });
      onSaved(answer);
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 400 || failure.status === 409)) {
        const errors = rowErrorsFromFields(state.rows, failure.fields);
        const named = rowErrorFromMessage(state.rows, failure.message);
        if (named) errors[named.key] = { ...errors[named.key], ...named.errors };
        dispatch({ type: 'failed', errors, message: failure.message });
      } else {
        dispatch({ type: 'failed', errors: {}, message: '' });
        reportSubmitError(failure);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel variants-panel" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Options and variants</h2>
      <VariantOptions
        options={state.options}
        colours={colours}
        onChange={(options) => dispatch({ type: 'options', options })}
      />
      <div className="variant-generate">
        <button
          type="button"
          className="button"
          disabled={combinationCount > PRODUCT_VARIANTS_MAX}
          onClick={generate}
        >
          Generate variants
        </button>
        <span className={combinationCount > PRODUCT_VARIANTS_MAX ? 'form-error' : 'muted'}>
          {combinationCount > PRODUCT_VARIANTS_MAX
            ? `${combinationCount} combinations: a product can have at most ${PRODUCT_VARIANTS_MAX}.`
            : `${combinationCount} ${combinationCount === 1 ? 'combination' : 'combinations'}; rows already in the table keep what was typed.`}
        </span>
      </div>
      {stale && (
        <p className="variant-stale" role="status">
          The options changed: press “Generate variants” to update the table.
        </p>
      )}
      <VariantBulk
        productId={product._id}
        selected={selected}
        onPrices={onPrices}
        onStockChanged={onStockChanged}
      />
      <VariantGrid
        rows={state.rows}
        labels={labels}
        errors={state.errors}
        figures={figures}
        selected={state.selected}
        pictures={product.images}
        dispatch={dispatch}
      />
      {leaving.length > 0 && (
        <p className="variant-leaving">
          Saving takes {leaving.map(leavingLabel).join(', ')} off sale; orders keep showing{' '}
          {leaving.length === 1 ? 'it' : 'them'}, and generating {leaving.length === 1 ? 'its' : 'their'}{' '}
          values again brings {leaving.length === 1 ? 'it' : 'them'} back.
        </p>
      )}
      <div className="variant-save">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save variants'}
        </button>
        <p className="variant-save-error" role="alert">
          {state.message}
        </p>
      </div>
    </section>
  );
}
