import { useLocation, useSearch } from 'wouter';
import { localeNames, locales } from '../../../shared/locales';
import { useLocale, useT } from '../../i18n/i18n';

/**
 * The page to come back to in the other language, with its query (filters, a search) but not a
 * `next` (the login page's way on), which the login page checks itself and a link need not repeat.
 */
export function carriedPath(path: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('next');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Links to this page in the other languages. Each goes through `/language`, which remembers the
 * choice (a cookie: English pages then open in the chosen language) and sends the shopper on to
 * the page in it; search engines find the pages themselves through the head's hreflang links.
 */
export function LanguageSwitcher() {
  const t = useT();
  const current = useLocale();
  const [path] = useLocation();
  const search = useSearch();
  const next = carriedPath(path, search);
  return (
    <nav className="language-switcher" aria-label={t('common.language.label')}>
      <ul>
        {locales.map((locale) => (
          <li key={locale}>
            {locale === current ? (
              <span aria-current="true" lang={locale}>
                {localeNames[locale]}
              </span>
            ) : (
              <a
                href={`/language?${new URLSearchParams({ to: locale, next })}`}
                hrefLang={locale}
                lang={locale}
                rel="nofollow"
              >
                {localeNames[locale]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
