import { useId, useRef } from 'react';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { CloseIcon, RulerIcon } from '../../components/ui/icons';

/**
 * The category's size chart behind a button, in a native modal dialog: the browser keeps focus
 * inside it, Escape closes it, and focus goes back to the button that opened it.
 */
export function SizeChart({ chart }: { chart: NonNullable<ApiProductPage['sizeChart']> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--ghost size-chart-button"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <RulerIcon size={18} /> Size chart
      </button>
      <dialog
        ref={dialog}
        className="size-chart-dialog"
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
      >
        <div className="size-chart-bar">
          <h2 id={titleId}>Size chart</h2>
          <form method="dialog">
            <button type="submit" className="size-chart-close" aria-label="Close the size chart">
              <CloseIcon />
            </button>
          </form>
        </div>
        <div className="size-chart-scroll">
          <table className="size-chart-table">
            <thead>
              <tr>
                {chart.columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the merchant's headings may repeat.
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their place.
                      <td key={cellIndex}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </dialog>
    </>
  );
}
