import { type ComponentType, useRef, useState } from 'react';
import { defaultLocale } from '../../../shared/locales';
import { RulerIcon } from '../../components/ui/icons';
import { useT } from '../../i18n/i18n';
import { toast } from '../../lib/toast';
import type { ProductPageItem } from './product-names';
import type { Chart, SizeChartDialogProps } from './size-chart-dialog';

export type { Chart } from './size-chart-dialog';

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

type LoadedDialog = ComponentType<SizeChartDialogProps>;
const loadDialog = () => import('./size-chart-dialog').then((module) => module.SizeChartDialog);

/**
 * The category's size chart behind a button. The dialog's code comes when the shopper is about to
 * open it (pointer over the button, or focus on it), outside the page's first load; focus goes back
 * to the button when it closes.
 */
export function SizeChart({ chart, lang }: { chart: Chart; lang?: string | undefined }) {
  const t = useT();
  const opener = useRef<HTMLButtonElement>(null);
  const [Dialog, setDialog] = useState<LoadedDialog | null>(null);
  const [open, setOpen] = useState(false);

  const prepare = () =>
    loadDialog().then((loaded) => {
      setDialog(() => loaded);
      return loaded;
    });
  const show = () => {
    prepare().then(
      () => setOpen(true),
      () => toast.error(t('product.sizeChart.failed')),
    );
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button--ghost size-chart-button"
        aria-haspopup="dialog"
        onPointerEnter={() => void prepare().catch(() => {})}
        onFocus={() => void prepare().catch(() => {})}
        onClick={show}
      >
        <RulerIcon size={18} /> {t('product.sizeChart.open')}
      </button>
      {open && Dialog && (
        <Dialog
          chart={chart}
          lang={lang}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}
