import { Link } from 'wouter';
import { localizePath } from '../../../shared/locales';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import {
  defaultSort,
  pageWindow,
  type SortValue,
  type StoreQuery,
  sortOptions,
  storeHref,
  storeSearch,
} from './store-query';

export const GRID_CHOICES = [3, 4, 6, 12] as const;
export type GridChoice = (typeof GRID_CHOICES)[number];

/** Sort select: a GET form (with a Sort button until the JavaScript is there), then instant. */
export function SortSelect({ query, onSort }: { query: StoreQuery; onSort: (sort: SortValue) => void }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const kept = new URLSearchParams(storeSearch({ ...query, page: 1, sort: defaultSort(query) }));
  return (
    <form
      className="store-sort"
      action={localizePath(locale, '/product')}
      method="get"
      onSubmit={(e) => e.preventDefault()}
    >
      {[...kept].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="store-sort">{t('store.sort.label')}</label>
      <select
        id="store-sort"
        name="sort"
        value={query.sort}
        onChange={(e) => onSort(e.target.value as SortValue)}
      >
        {sortOptions(query, t).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button--ghost store-sort-go">
          {t('store.sort.submit')}
        </button>
      )}
    </form>
  );
}

function gridLabel(choice: GridChoice, t: Translate): string {
  return choice === 12 ? t('store.grid.list') : t('store.grid.perRow', { count: choice });
}

function GridGlyph({ columns }: { columns: GridChoice }) {
  const bars = columns === 12 ? 3 : columns === 6 ? 4 : columns;
  const gap = 2;
  const size = (22 - gap * (bars - 1)) / bars;
  const offsets = Array.from({ length: bars }, (_, i) => i * (size + gap));
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
      {offsets.map((at) =>
        columns === 12 ? (
          <rect key={at} x="0" y={at} width="22" height={size} rx="1.5" fill="currentColor" />
        ) : (
          <rect key={at} x={at} y="0" width={size} height="22" rx="1.5" fill="currentColor" />
        ),
      )}
    </svg>
  );
}

/** 3, 4, 6 or 12 per row; 12 is the list layout with descriptions. */
export function GridSwitch({ value, onChange }: { value: GridChoice; onChange: (grid: GridChoice) => void }) {
  const t = useT();
  return (
    <fieldset className="grid-switch">
      <legend className="visually-hidden">{t('store.grid.legend')}</legend>
      {GRID_CHOICES.map((choice) => (
        <button
          key={choice}
          type="button"
          className="grid-switch-button"
          aria-pressed={value === choice}
          aria-label={gridLabel(choice, t)}
          title={gridLabel(choice, t)}
          onClick={() => onChange(choice)}
        >
          <GridGlyph columns={choice} />
        </button>
      ))}
    </fieldset>
  );
}

/** Page links: real addresses, so they work without JavaScript and for crawlers. */
export function Pagination({ query, pages }: { query: StoreQuery; pages: number }) {
  const t = useT();
  if (pages <= 1) return null;
  const href = (page: number) => storeHref({ ...query, page });
  const current = Math.min(query.page, pages);
  return (
    <nav className="pagination" aria-label={t('store.pages.label')}>
      <ul>
        <li>
          {current > 1 ? (
            <Link href={href(current - 1)} className="pagination-link" rel="prev">
              {t('store.pages.previous')}
            </Link>
          ) : (
            <span className="pagination-link pagination-link--disabled" aria-hidden="true">
              {t('store.pages.previous')}
            </span>
          )}
        </li>
        {pageWindow(current, pages).map((page, index) =>
          page === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${index}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                href={href(page)}
                className="pagination-link"
                aria-current={page === current ? 'page' : undefined}
                aria-label={t('store.pages.page', { page })}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <Link href={href(current + 1)} className="pagination-link" rel="next">
              {t('store.pages.next')}
            </Link>
          ) : (
            <span className="pagination-link pagination-link--disabled" aria-hidden="true">
              {t('store.pages.next')}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
