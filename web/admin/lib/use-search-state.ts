import { useCallback, useMemo } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';

/**
 * A table's state (page, sort, search, filters) in the URL's query string, so the back button,
 * a reload and a shared link all show the same rows. Setting a value other than `page` goes back
 * to page 1; empty values leave the URL.
 */
export function useSearchState(): [
  Record<string, string>,
  (changes: Record<string, string | number | undefined | null>) => void,
] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { base } = useRouter();
  const values = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const update = useCallback(
    (changes: Record<string, string | number | undefined | null>) => {
      // A late call (a debounced search box firing after a click took the user elsewhere) must
      // not pull them back to the page it was made on.
      const here = window.location.pathname.replace(/\/+$/, '');
      if (here !== `${base}${location}`.replace(/\/+$/, '')) return;
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === null || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in changes)) next.delete('page');
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: true });
    },
    [search, location, navigate, base],
  );
  return [values, update];
}
