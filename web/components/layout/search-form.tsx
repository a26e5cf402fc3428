import {
  type Dispatch,
  type FormEvent,
  type KeyboardEvent,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { productSuggestions } from '../../../shared/api/catalog';
import type { ApiProductSuggestion } from '../../../shared/api/catalog.schemas';
import { SEARCH_MIN_LENGTH } from '../../../shared/catalog';
import { defaultLocale, localizePath } from '../../../shared/locales';
import { useLocalized } from '../../i18n/content';
import { useErrorText } from '../../i18n/errors';
import { useLocale, useT } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { responsiveImage } from '../../lib/images';
import { formatRupees } from '../../lib/money';
import { SearchIcon } from '../ui/icons';
import './search-form.css';

type Results =
  | { state: 'idle' }
  | { state: 'loading'; items: ApiProductSuggestion[] }
  | { state: 'ready'; items: ApiProductSuggestion[] }
  /** `message` is the API's (English) words, or none for a failure that is not an answer. */
  | { state: 'error'; message: string };

const DEBOUNCE_MS = 150;

/** What the list shows: the latest answer, kept while the next one loads. */
const shownItems = (results: Results) =>
  results.state === 'ready' || results.state === 'loading' ? results.items : [];

/** Suggestions for what is typed, debounced, a stale request aborted; `setActive` is reset as they arrive. */
function useSuggestions(
  query: string,
  searchable: boolean,
  setActive: Dispatch<SetStateAction<number>>,
): Results {
  const [results, setResults] = useState<Results>({ state: 'idle' });
  useEffect(() => {
    if (!searchable) {
      setResults({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    setResults((previous) => ({ state: 'loading', items: shownItems(previous) }));
    const timer = window.setTimeout(() => {
      api
        .call(productSuggestions, { query: { q: query }, signal: controller.signal })
        .then((items) => {
          setResults({ state: 'ready', items });
          setActive(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setResults({
            state: 'error',
            message: error instanceof Error ? error.message : '',
          });
        });
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, searchable, setActive]);
  return results;
}

const optionIdOf = (listId: string, index: number) => `${listId}-option-${index}`;

/** The popup under the box: the suggestions as options, or why there are none. */
function SuggestionList({
  listId,
  results,
  hidden,
  active,
  setActive,
  choose,
}: {
  listId: string;
  results: Results;
  hidden: boolean;
  active: number;
  setActive: (index: number) => void;
  choose: (item: ApiProductSuggestion) => void;
}) {
  const t = useT();
  const localized = useLocalized();
  const english = useLocale() === defaultLocale ? undefined : defaultLocale;
  const errorText = useErrorText();
  const listRef = useRef<HTMLDivElement>(null);
  const items = shownItems(results);
  // Keep the highlighted suggestion in view inside the scrolling list.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <div className="search-popup" hidden={hidden}>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('common.search.suggestions')}
        className="search-list"
      >
        {items.map((item, index) => {
          const title = localized(item, 'title');
          const thumb = responsiveImage(
            item.image ? { url: item.image, width: 800, height: 800 } : undefined,
            400,
          );
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the combobox (aria-activedescendant).
            <div
              key={item._id}
              id={optionIdOf(listId, index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="search-option"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
              onMouseMove={() => setActive(index)}
            >
              <img src={thumb.src} width={40} height={40} alt="" loading="lazy" decoding="async" />
              <span className="search-option-text">
                <span className="search-option-title" lang={title.lang}>
                  {title.text}
                </span>
                {/* Brand and category names come in English only with a suggestion. */}
                <span className="search-option-meta" lang={english}>
                  {item.brand} · {item.category}
                </span>
              </span>
              <span className="search-option-price">{formatRupees(item.price)}</span>
            </div>
          );
        })}
      </div>
      {results.state === 'ready' && items.length === 0 && (
        <p className="search-empty">{t('common.search.noMatches')}</p>
      )}
      {results.state === 'loading' && items.length === 0 && (
        <p className="search-empty">{t('common.search.searching')}</p>
      )}
      {results.state === 'error' && (
        <p className="search-empty search-empty--error">
          {t('common.somethingWrong')}{' '}
          <span lang={errorText(results.message).lang}>{errorText(results.message).text}</span>
        </p>
      )}
    </div>
  );
}

/**
 * Product search: a combobox (WAI-ARIA 1.2) suggesting products from 2 typed characters on,
 * debounced, with stale requests aborted. Arrow keys move through the suggestions, Enter opens
 * one, Escape closes the list (or clears the box). Submitting searches the store: it is a plain
 * GET form to /product?q=..., so it also works before the JavaScript arrives.
 */
export function SearchForm() {
  const t = useT();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = location === '/product' ? (new URLSearchParams(search).get('q') ?? '') : '';

  const [value, setValue] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const statusId = useId();

  // The box shows the search the store is showing (after back/forward too).
  useEffect(() => {
    setValue(current);
  }, [current]);

  const query = value.trim();
  const searchable = query.length >= SEARCH_MIN_LENGTH;

  const results = useSuggestions(query, searchable, setActive);

  const items = shownItems(results);
  const expanded = open && searchable && results.state !== 'idle';

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (item: ApiProductSuggestion) => {
    close();
    setValue('');
    navigate(`/product/${item.slug || item._id}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    close();
    navigate(query ? `/product?${new URLSearchParams({ q: query })}` : '/product');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!searchable) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (!items.length) return;
        const last = items.length - 1;
        setActive((index) =>
          event.key === 'ArrowDown' ? (index >= last ? 0 : index + 1) : index <= 0 ? last : index - 1,
        );
        return;
      }
      case 'Enter': {
        const item = expanded ? items[active] : undefined;
        if (item) {
          event.preventDefault();
          choose(item);
        }
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else setValue('');
        return;
      case 'Tab':
        close();
        return;
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: role=search on the form reaches browsers that predate <search>.
    <form
      className="site-search"
      role="search"
      action={localizePath(locale, '/product')}
      method="get"
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label htmlFor="site-search-input" className="visually-hidden">
        {t('common.search.label')}
      </label>
      <input
        id="site-search-input"
        className="site-search-input"
        type="search"
        name="q"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('common.search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionIdOf(listId, active) : undefined}
      />
      <button type="submit" className="site-search-button">
        <SearchIcon size={20} />
        <span className="visually-hidden">{t('common.search.submit')}</span>
      </button>

      <SuggestionList
        listId={listId}
        results={results}
        hidden={!expanded}
        active={active}
        setActive={setActive}
        choose={choose}
      />
      <p id={statusId} className="visually-hidden" aria-live="polite">
        {!expanded || results.state === 'loading'
          ? ''
          : results.state === 'error'
            ? t('common.search.failedStatus')
            : items.length === 0
              ? t('common.search.noMatches')
              : t('common.search.count', { count: items.length })}
      </p>
    </form>
  );
}
