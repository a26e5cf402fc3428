import { useEffect, useId, useRef } from 'react';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { CloseIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';

export type Chart = NonNullable<ApiProductPage['sizeChart']>;

export type SizeChartDialogProps = { chart: Chart; lang?: string | undefined; onClose: () => void };

/**
 * The size chart in a native modal dialog, opened as it is drawn: the browser keeps focus inside
 * it and Escape closes it. The merchant's chart, in the page's language when translated (`lang`
 * marks the English one otherwise).
 */
export function SizeChartDialog({ chart, lang, onClose }: SizeChartDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="size-chart-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="size-chart-bar">
        <h2 id={titleId}>{t('product.sizeChart.title')}</h2>
        <form method="dialog">
          <button type="submit" className="size-chart-close" aria-label={t('product.sizeChart.close')}>
            <CloseIcon />
          </button>
        </form>
      </div>
      <div className="size-chart-scroll">
        <table className="size-chart-table" lang={lang}>
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
  );
}
