import { type Dispatch, memo, useEffect, useRef } from 'react';
import type { RowErrors, RowField, VariantRow } from './variant-grid-model';

/** What the grid's cells ask the panel to do. */
export type GridAction =
  | { type: 'edit'; key: string; field: RowField; value: string }
  | { type: 'toggleImage'; key: string; position: number }
  | { type: 'select'; key: string; on: boolean }
  | { type: 'selectAll'; on: boolean }
  | { type: 'remove'; key: string };

export type StockFigures = { quantity: number; held: number; sold: number };
export type Picture = { url: string; alt?: string | undefined };

/** The 400 px copy of the shop's own pictures, for the small previews. */
const thumbnail = (url: string) =>
  /\/media\/[^?#]+\.webp$/.test(url) ? url.replace(/\.webp$/, '-400.webp') : url;

/** A text box of the grid, named for screen readers ("Price of Navy / L"), its message under it. */
function CellInput({
  row,
  field,
  name,
  label,
  error,
  dispatch,
  inputMode,
  className,
}: {
  row: VariantRow;
  field: RowField;
  name: string;
  label: string;
  error: string | undefined;
  dispatch: Dispatch<GridAction>;
  inputMode?: 'decimal' | 'numeric' | undefined;
  className: string;
}) {
  const errorId = `variant-${row.key}-${field}-error`;
  return (
    <>
      <input
        className={`form-input variant-input ${className}`}
        aria-label={`${name} of ${label}`}
        inputMode={inputMode}
        value={row[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => dispatch({ type: 'edit', key: row.key, field, value: event.target.value })}
      />
      {error && (
        <span className="variant-cell-error" id={errorId}>
          {error}
        </span>
      )}
    </>
  );
}

type RowProps = {
  row: VariantRow;
  label: string;
  errors: RowErrors | undefined;
  figures: StockFigures | undefined;
  selected: boolean;
  pictures: readonly Picture[];
  dispatch: Dispatch<GridAction>;
};

/**
 * One variant. Memoised: typing in one row re-renders that row only, since the others keep their
 * row object, errors and figures (a 100-variant grid stays quick per keystroke).
 */
const VariantGridRow = memo(function VariantGridRow({
  row,
  label,
  errors,
  figures,
  selected,
  pictures,
  dispatch,
}: RowProps) {
  const cell = (field: RowField, name: string, className: string, inputMode?: 'decimal' | 'numeric') => (
    <CellInput
      row={row}
      field={field}
      name={name}
      label={label}
      error={errors?.[field]}
      dispatch={dispatch}
      inputMode={inputMode}
      className={className}
    />
  );
  return (
    <tr className={selected ? 'variant-row variant-row--selected' : 'variant-row'}>
      <td className="variant-select">
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          checked={selected}
          onChange={(event) => dispatch({ type: 'select', key: row.key, on: event.target.checked })}
        />
      </td>
      <th scope="row" className="variant-label">
        {label}
        {!row._id && <span className="badge variant-new">New</span>}
        {errors?.values && <span className="variant-cell-error">{errors.values}</span>}
      </th>
      <td>{cell('sku', 'SKU', 'variant-input--sku')}</td>
      <td>{cell('price', 'Price', 'variant-input--money', 'decimal')}</td>
      <td>{cell('mrp', 'MRP', 'variant-input--money', 'decimal')}</td>
      <td className="variant-stock">
        {row._id && figures ? (
          <>
            <strong>{figures.quantity.toLocaleString('en-IN')}</strong>
            <span className="variant-stock-note">
              {figures.held.toLocaleString('en-IN')} held · {figures.sold.toLocaleString('en-IN')} sold
            </span>
          </>
        ) : (
          cell('quantity', 'Opening stock', 'variant-input--measure', 'numeric')
        )}
      </td>
      <td>
        {pictures.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          // Up to four pictures a line, so the row keeps its height.
          <div className="variant-pictures" style={{ width: Math.min(pictures.length, 4) * 36 - 4 }}>
            {pictures.map((picture, position) => (
              <label key={picture.url} className="variant-picture">
                <input
                  type="checkbox"
                  aria-label={`Picture ${position + 1} shows ${label}`}
                  checked={row.images.includes(position)}
                  onChange={() => dispatch({ type: 'toggleImage', key: row.key, position })}
                />
                <img src={thumbnail(picture.url)} alt="" width={32} height={32} loading="lazy" />
              </label>
            ))}
          </div>
        )}
        {errors?.images && <span className="variant-cell-error">{errors.images}</span>}
      </td>
      <td>{cell('weight', 'Weight (g)', 'variant-input--measure', 'numeric')}</td>
      <td>
        <div className="variant-size">
          {cell('length', 'Length (mm)', 'variant-input--measure', 'numeric')}
          {cell('width', 'Width (mm)', 'variant-input--measure', 'numeric')}
          {cell('height', 'Height (mm)', 'variant-input--measure', 'numeric')}
        </div>
      </td>
      <td>{cell('barcode', 'Barcode', 'variant-input--barcode', 'numeric')}</td>
      <td>
        <button
          type="button"
          className="button button--small variant-remove"
          aria-label={`Remove ${label}`}
          onClick={() => dispatch({ type: 'remove', key: row.key })}
        >
          ×
        </button>
      </td>
    </tr>
  );
});

/** The grid: one row per variant, with its SKU, prices, size, pictures and stock. */
export function VariantGrid({
  rows,
  labels,
  errors,
  figures,
  selected,
  pictures,
  dispatch,
}: {
  rows: readonly VariantRow[];
  labels: ReadonlyMap<string, string>;
  errors: Readonly<Record<string, RowErrors>>;
  figures: ReadonlyMap<string, StockFigures>;
  selected: ReadonlySet<string>;
  pictures: readonly Picture[];
  dispatch: Dispatch<GridAction>;
}) {
  const all = useRef<HTMLInputElement>(null);
  const count = rows.filter((row) => selected.has(row.key)).length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = count > 0 && count < rows.length;
  }, [count, rows.length]);
  return (
    <div className="table-wrap variant-grid-wrap">
      <table className="data-table variant-grid">
        <caption className="visually-hidden">Variants: SKU, prices, weight, size, pictures and stock</caption>
        <thead>
          <tr>
            <th scope="col" className="variant-select">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all variants"
                checked={rows.length > 0 && count === rows.length}
                onChange={(event) => dispatch({ type: 'selectAll', on: event.target.checked })}
              />
            </th>
            <th scope="col" className="variant-label">
              Variant
            </th>
            <th scope="col">SKU</th>
            <th scope="col">Price (₹)</th>
            <th scope="col">MRP (₹)</th>
            <th scope="col">Stock</th>
            <th scope="col">Pictures</th>
            <th scope="col">Weight (g)</th>
            <th scope="col">L × W × H (mm)</th>
            <th scope="col">Barcode</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <VariantGridRow
              key={row.key}
              row={row}
              label={labels.get(row.key) ?? ''}
              errors={errors[row.key]}
              figures={row._id ? figures.get(row._id) : undefined}
              selected={selected.has(row.key)}
              pictures={pictures}
              dispatch={dispatch}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
