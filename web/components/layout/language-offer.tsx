import { useLocation, useSearch } from 'wouter';
import { type Locale, languageCookie, localeNames } from '../../../shared/locales';
import type { Translate } from '../../i18n/i18n';
import { carriedPath } from './language-switcher';

function remember(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari.
  document.cookie = `${languageCookie}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** What the question needs: the language offered, the page's, their words, and how to go away. */
export type LanguageOfferProps = {
  locale: Locale;
  current: Locale;
  t: Translate;
  onDismiss(): void;
};

/**
 * The question itself, in the browser's language: read this page in it, or stay (remembered
 * either way). A chunk of its own, fetched with its words only when it is asked
 * (language-suggestion.tsx).
 */
export default function LanguageOffer({ locale, current, t, onDismiss }: LanguageOfferProps) {
  const [path] = useLocation();
  const search = useSearch();
  const next = carriedPath(path, search);
  return (
    <section className="language-suggestion" lang={locale} aria-label={t('language.suggestion.label')}>
      <p>{t('language.suggestion.text', { language: localeNames[locale] })}</p>
      <div className="language-suggestion-actions">
        <a
          className="button button--primary"
          href={`/language?${new URLSearchParams({ to: locale, next })}`}
          hrefLang={locale}
          rel="nofollow"
        >
          {t('language.suggestion.accept', { language: localeNames[locale] })}
        </a>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            remember(current);
            onDismiss();
          }}
        >
          {t('language.suggestion.dismiss', { language: localeNames[current] })}
        </button>
      </div>
    </section>
  );
}
