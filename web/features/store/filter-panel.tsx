import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ApiFacetCount, ApiFacets } from '../../../shared/api/catalog.schemas';
import type { Availability } from '../../../shared/catalog';
import { localizePath } from '../../../shared/locales';
import { type LocalizedText, useLocalized } from '../../i18n/content';
import { type Translate, useLocale, useT } from '../../i18n/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { defaultSort, priceRangeError, type StoreQuery, toggleValue, withFilters } from './store-query';

/** A product tag's name: the tags are the shop's own (shared/catalog.ts), so our words. */
function tagLabel(tag: string, t: Translate): string {
  switch (tag) {
    case 'featured':
      return t('store.tags.featured');
    case 'special':
      return t('store.tags.special');
    case 'popular':
      return t('store.tags.popular');
    default:
      return tag;
  }
}

type ListFilter = 'category' | 'brand' | 'size' | 'tags';

type FilterPanelProps = {
  /** The filters in the address bar. */
  query: StoreQuery;
  facets: ApiFacets;
  /**
   * 'instant': every tick applies at once (the desktop side panel); 'staged': changes wait for the
   * Apply button (the phone's modal).
   */
  mode: 'instant' | 'staged';
  onApply: (query: StoreQuery) => void;
  /** Prefix of ids, so the panel and the modal's copy never share one. */
  idPrefix: string;
};

/** One filter value: its checkbox and label, with the number of products it would show. */
function FilterCheckbox({
  id,
  name,
  value,
  label,
  count,
  checked,
  onChange,
}: {
  id: string;
  name: string;
  value: string;
  label: LocalizedText;
  count: number;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <li>
      <input
        type="checkbox"
        id={id}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="filter-check"
      />
      <label
        htmlFor={id}
        className={count === 0 && !checked ? 'filter-label filter-label--empty' : 'filter-label'}
      >
        <span lang={label.lang}>{label.text}</span>
        <span className="filter-count">({count})</span>
      </label>
    </li>
  );
}

/** Price From/To, applied with their own button on the side panel; a range that makes no sense is said. */
function PriceFilter({
  idPrefix,
  range,
  min,
  max,
  onMin,
  onMax,
  error,
  withButton,
}: {
  idPrefix: string;
  range: ApiFacets['price'];
  min: string;
  max: string;
  onMin: (min: string) => void;
  onMax: (max: string) => void;
  error: string | null;
  withButton: boolean;
}) {
  const t = useT();
  const errorId = useId();
  return (
    <fieldset className="filter-group">
      <legend className="filter-subtitle">{t('store.price.legend')}</legend>
      <div className="filter-price">
        <div className="filter-price-field">
          <label htmlFor={`${idPrefix}-min`}>{t('store.price.from')}</label>
          <input
            id={`${idPrefix}-min`}
            name="min"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(Math.floor(range.min || 0))}
            value={min}
            onChange={(e) => onMin(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="filter-price-field">
          <label htmlFor={`${idPrefix}-max`}>{t('store.price.to')}</label>
          <input
            id={`${idPrefix}-max`}
            name="max"
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(Math.ceil(range.max || 0))}
            value={max}
            onChange={(e) => onMax(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        {withButton && (
          <button type="submit" className="button button--ghost filter-price-go">
            {t('store.price.apply')}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="filter-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A facet shown as chips (tags, sizes), left out when it has no values. */
function ChipGroup({
  legend,
  entries,
  children,
}: {
  legend: string;
  entries: ApiFacetCount[];
  children: (entry: ApiFacetCount) => ReactNode;
}) {
  if (!entries.length) return null;
  return (
    <fieldset className="filter-group">
      <legend className="filter-subtitle">{legend}</legend>
      <ul className="filter-list filter-list--chips">{entries.map(children)}</ul>
    </fieldset>
  );
}

/**
 * The store's filters: categories, price From/To, availability, sizes (where a category has them),
 * tags and brands, each with the number of products it would show. A GET form to /product, so it works before the JavaScript
 * arrives (ticks, then "Apply filters"); afterwards each change is a client-side navigation.
 */
export function FilterPanel({ query, facets, mode, onApply, idPrefix }: FilterPanelProps) {
  const t = useT();
  const locale = useLocale();
  const localized = useLocalized();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState(query);
  const [priceError, setPriceError] = useState<string | null>(null);

  // A new address (a tick, back button, another link) wins over what is on screen, except for
  // From/To typed but not yet applied while the address kept its price.
  const shown = useRef(query);
  useEffect(() => {
    const before = shown.current;
    shown.current = query;
    const priceChanged = before.min !== query.min || before.max !== query.max;
    setDraft((typed) => (priceChanged ? query : { ...query, min: typed.min, max: typed.max }));
  }, [query]);

  const change = (patch: Partial<StoreQuery>) => {
    const next = withFilters(draft, patch);
    setDraft(next);
    // The price fields apply with their own button; a tick keeps the price that is applied.
    if (mode === 'instant') onApply({ ...next, min: query.min, max: query.max });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = priceRangeError(draft.min, draft.max, t);
    setPriceError(error);
    if (error) return;
    onApply(withFilters(draft, { min: draft.min.trim(), max: draft.max.trim() }));
  };

  const checkbox = (
    name: string,
    value: string,
    label: LocalizedText,
    count: number,
    checked: boolean,
    onChange: () => void,
  ) => (
    <FilterCheckbox
      key={value}
      id={`${idPrefix}-${name}-${value}`.replace(/[^\w-]/g, '_')}
      name={name}
      value={value}
      label={label}
      count={count}
      checked={checked}
      onChange={onChange}
    />
  );

  // The filters that take several values; each one's name in the form is the query's own.
  const listOption = (filter: ListFilter, entry: ApiFacetCount, label: LocalizedText) =>
    checkbox(filter, entry.title, label, entry.count, draft[filter].includes(entry.title), () =>
      change({ [filter]: toggleValue(draft[filter], entry.title) }),
    );

  const availabilityOption = (value: Availability, label: string, count: number) =>
    checkbox('availability', value, { text: label }, count, draft.availability === value, () =>
      change({ availability: draft.availability === value ? null : value }),
    );

  return (
    <form
      className="filter-panel"
      action={localizePath(locale, '/product')}
      method="get"
      onSubmit={submit}
      noValidate
      aria-label={t('store.filterProducts')}
    >
      {draft.q && <input type="hidden" name="q" value={draft.q} />}
      {draft.sort !== defaultSort(draft) && <input type="hidden" name="sort" value={draft.sort} />}

      <fieldset className="filter-card">
        <legend className="filter-title">{t('store.categories')}</legend>
        <ul className="filter-list">
          {facets.categories.map((c) => listOption('category', c, localized(c, 'title')))}
        </ul>
      </fieldset>

      <div className="filter-card">
        <h3 className="filter-title">{t('store.filterBy')}</h3>

        <fieldset className="filter-group">
          <legend className="filter-subtitle">{t('store.availability')}</legend>
          <ul className="filter-list">
            {availabilityOption('in-stock', t('store.inStock'), facets.availability.inStock)}
            {availabilityOption('out-of-stock', t('store.outOfStock'), facets.availability.outOfStock)}
          </ul>
        </fieldset>

        <PriceFilter
          idPrefix={idPrefix}
          range={facets.price}
          min={draft.min}
          max={draft.max}
          onMin={(min) => setDraft({ ...draft, min })}
          onMax={(max) => setDraft({ ...draft, max })}
          error={priceError}
          withButton={mode === 'instant' && hydrated}
        />

        <ChipGroup legend={t('store.size')} entries={facets.sizes}>
          {(size) => listOption('size', size, { text: size.title })}
        </ChipGroup>

        <ChipGroup legend={t('store.tags.legend')} entries={facets.tags}>
          {(tag) => listOption('tags', tag, { text: tagLabel(tag.title, t) })}
        </ChipGroup>

        <fieldset className="filter-group">
          <legend className="filter-subtitle">{t('store.brands')}</legend>
          <ul className="filter-list filter-list--scroll">
            {facets.brands.map((b) => listOption('brand', b, localized(b, 'title')))}
          </ul>
        </fieldset>
      </div>

      {(mode === 'staged' || !hydrated) && (
        <div className="filter-actions">
          <button type="submit" className="button button--primary filter-apply">
            {mode === 'staged' ? t('store.apply') : t('store.applyFilters')}
          </button>
        </div>
      )}
    </form>
  );
}
