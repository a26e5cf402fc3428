import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SearchIcon } from '../ui/icons';

/**
 * Product search. A plain GET form to /product?q=..., so it works before the JavaScript arrives;
 * once it has, the submit becomes a client-side navigation.
 */
export function SearchForm() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = location === '/product' ? (new URLSearchParams(search).get('q') ?? '') : '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(query ? `/product?${new URLSearchParams({ q: query })}` : '/product');
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: role=search on the form reaches browsers that predate <search>.
    <form className="site-search" role="search" action="/product" method="get" onSubmit={onSubmit}>
      <label htmlFor="site-search-input" className="visually-hidden">
        Search products
      </label>
      <input
        key={current}
        id="site-search-input"
        className="site-search-input"
        type="search"
        name="q"
        defaultValue={current}
        placeholder="Search products and brands"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="site-search-button">
        <SearchIcon size={20} />
        <span className="visually-hidden">Search</span>
      </button>
    </form>
  );
}
