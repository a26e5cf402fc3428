import { useId, useRef } from 'react';
import type { ApiProductPage } from '../../../shared/api/catalog.schemas';
import { defaultLocale } from '../../../shared/locales';
import { CloseIcon, RulerIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import type { ProductPageItem } from './product-names';

export type Chart = NonNullable<ApiProductPage['sizeChart']>;

/**
 * The size chart in the page's language when the category has it translated cell for cell, else the
 * English one, marked `lang="en"` on non-English pages.
 */
export function localizedChart(
  product: ProductPageItem,
  locale: string,
): { chart: Chart; lang?: string } | null {
  const english = product.sizeChart;
  if (!english) return null;
  if (locale === defaultLocale) return { chart: english };
  const translated = product.sizeChartTranslations?.[locale];
  const sameShape =
    translated &&
    translated.columns.length === english.columns.length &&
    translated.rows.length === english.rows.length &&
    english.rows.every((row, index) => row.length === translated.rows[index]?.length);
  return sameShape ? { chart: translated } : { chart: english, lang: defaultLocale };
}

/**
 * The category's size chart behind a button, in a native modal dialog: the browser keeps focus
 * inside it, Escape closes it, and focus goes back to the button that opened it. The chart is the
 * merchant's, in the page's language when translated (`lang` marks the English one otherwise).
 */
export function SizeChart({ chart, lang }: { chart: Chart; lang?: string | undefined }) {
  const t = useT();
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
        <RulerIcon size={18} /> {t('product.sizeChart.open')}
      </button>
      <dialog
        ref={dialog}
        className="size-chart-dialog"
        aria-labelledby={titleId}
        onClose={() => opener.current?.focus()}
      >
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
    </>
  );
}
