import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useNavigationPending, useRouteData } from '../app/route-context';
import { ProductCard } from '../features/catalog/product-card';
import { FilterModal } from '../features/store/filter-modal';
import { FilterPanel } from '../features/store/filter-panel';
import type { StoreData } from '../features/store/store-data';
import { storeHeading } from '../features/store/store-meta';
import {
  emptyStoreQuery,
  hasFilters,
  parseStoreQuery,
  STORE_PAGE_SIZE,
  type StoreQuery,
  showingText,
  storeHref,
  withFilters,
} from '../features/store/store-query';
import { type GridChoice, GridSwitch, Pagination, SortSelect } from '../features/store/store-toolbar';
import '../features/store/store.css';
import { useLocale, useT } from '../i18n/i18n';
import { useHydrated } from '../lib/use-hydrated';

/**
 * The store (/product): filters in a side panel (a modal on phones), sorting, 3/4/6/12 per row and
 * page links. Everything the listing shows follows the address bar, so the server renders any
 * filtered page and back/forward walk through the filters; this page only changes the address.
 */
export default function StorePage() {
  const t = useT();
  const locale = useLocale();
  const data = useRouteData<StoreData>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const pending = useNavigationPending();
  const hydrated = useHydrated();
  const [grid, setGrid] = useState<GridChoice>(4);
  const resultsRef = useRef<HTMLDivElement>(null);

  // What the address bar asks for; `data.query` is what the products on screen were loaded for.
  const query = useMemo(() => parseStoreQuery(search), [search]);
  // The shell moves focus to the page's start after each navigation; a shopper ticking filters
  // with the keyboard keeps their place instead (the control is still there after the load).
  const keepFocus = useRef<HTMLElement | null>(null);
  const apply = (next: StoreQuery) => {
    const focused = document.activeElement;
    keepFocus.current =
      focused instanceof HTMLElement && focused.matches('.store-aside input, .store-toolbar select')
        ? focused
        : null;
    navigate(storeHref(next));
  };
  useEffect(() => {
    const element = keepFocus.current;
    if (!element || !data) return;
    keepFocus.current = null;
    const timer = window.setTimeout(() => {
      if (element.isConnected) element.focus({ preventScroll: true });
    });
    return () => window.clearTimeout(timer);
  }, [data]);

  // A new page of results starts at the top of the list, not where the page links were.
  const shownPage = useRef(data.query.page);
  useEffect(() => {
    if (shownPage.current === data.query.page) return;
    shownPage.current = data.query.page;
    const top = resultsRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [data.query.page]);

  const pages = Math.ceil(data.total / STORE_PAGE_SIZE);
  const heading = storeHeading(data, t, locale);
  const wide = grid === 12;

  return (
    // data-ready: hydrated, for tests that must not click before the page is interactive.
    <div className="store container" data-ready={hydrated ? '' : undefined}>
      <header className="store-head">
        <nav aria-label={t('store.breadcrumb')} className="store-breadcrumb">
          <ol>
            <li>
              <Link href="/">{t('common.nav.home')}</Link>
            </li>
            <li aria-current="page">{t('common.nav.store')}</li>
          </ol>
        </nav>
        <h1 lang={heading.lang}>{heading.text}</h1>
        {data.query.q && (
          <p className="store-search-note">
            {t('store.found', { count: data.total })}{' '}
            <Link href={storeHref({ ...data.query, q: '', page: 1 })}>{t('store.showAll')}</Link>
          </p>
        )}
      </header>

      <div className="store-layout">
        <aside className="store-aside" aria-labelledby="store-filters-title">
          <h2 id="store-filters-title" className="visually-hidden">
            {t('store.filters')}
          </h2>
          <FilterPanel query={query} facets={data.facets} mode="instant" idPrefix="panel" onApply={apply} />
        </aside>

        <section className="store-main" aria-labelledby="store-results-title">
          <h2 id="store-results-title" className="visually-hidden">
            {t('store.products')}
          </h2>
          <div className="store-toolbar">
            <FilterModal query={query} facets={data.facets} onApply={apply} />
            <SortSelect query={query} onSort={(sort) => apply(withFilters(query, { sort }))} />
            {hasFilters(query) && (
              <Link href={storeHref({ ...emptyStoreQuery, sort: query.sort })} className="store-clear">
                {t('store.clearAll')}
              </Link>
            )}
            <p className="store-count">
              {showingText(data.query.page, STORE_PAGE_SIZE, data.products.length, data.total, t)}
            </p>
            <GridSwitch value={grid} onChange={setGrid} />
          </div>

          <p className="store-status" role="status">
            {pending ? t('store.fetching') : ''}
          </p>

          <div ref={resultsRef} className="store-results" aria-busy={pending || undefined}>
            {data.products.length > 0 ? (
              <ul className={`store-grid store-grid--${grid}`}>
                {data.products.map((product, index) => (
                  <li key={product._id}>
                    <ProductCard product={product} showDescription={wide} priority={index < 2} />
                  </li>
                ))}
              </ul>
            ) : data.total > 0 ? (
              <div className="store-empty">
                <h3>{t('store.emptyPage.title')}</h3>
                <p>{t('store.emptyPage.text', { count: data.total })}</p>
                <Link href={storeHref({ ...data.query, page: 1 })} className="button button--primary">
                  {t('store.emptyPage.firstPage')}
                </Link>
              </div>
            ) : (
              <div className="store-empty">
                <h3>
                  {data.query.q
                    ? t('store.noMatch.search', { query: data.query.q })
                    : t('store.noMatch.filters')}
                </h3>
                <p>{data.query.q ? t('store.noMatch.searchHint') : t('store.noMatch.filtersHint')}</p>
                {hasFilters(data.query) && (
                  <Link href={storeHref(emptyStoreQuery)} className="button button--primary">
                    {t('store.clear')}
                  </Link>
                )}
              </div>
            )}
          </div>

          <Pagination query={data.query} pages={pages} />
        </section>
      </div>
    </div>
  );
}
