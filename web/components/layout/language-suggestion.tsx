import { type ComponentType, useEffect, useState } from 'react';
import { isLocale, type Locale, languageCookie } from '../../../shared/locales';
import { loadArea } from '../../i18n/catalogues';
import { createI18n, type Translate, useLocale } from '../../i18n/i18n';
import type { LanguageOfferProps } from './language-offer';

/** The language the browser asks for first among the shop's (`hi-IN` is Hindi), if any. */
export function preferredLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLocale(code)) return code;
  }
  return null;
}

function chosenLanguage(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${languageCookie}=`))
    ?.slice(languageCookie.length + 1);
}

/**
 * A first visit in a language other than the browser's asks, in the browser's language, whether to
 * read the page in it: a suggestion, never a redirect (a crawler must see every page as linked).
 * Answered either way, the choice is remembered and the question not asked again. Its words (the
 * suggested language's `language` area) and its code (language-offer.tsx) are fetched only when
 * it is shown.
 */
export function LanguageSuggestion() {
  const current = useLocale();
  const [offer, setOffer] = useState<{
    locale: Locale;
    t: Translate;
    Offer: ComponentType<LanguageOfferProps>;
  } | null>(null);

  useEffect(() => {
    if (chosenLanguage()) return;
    const wanted = preferredLocale(navigator.languages ?? [navigator.language]);
    if (!wanted || wanted === current) return;
    let live = true;
    // Its own few words only: the other language's `common` would cost a page's worth of script.
    void Promise.all([loadArea(wanted, 'language'), import('./language-offer')])
      .then(([messages, module]) => {
        const i18n = createI18n(wanted, messages);
        if (live)
          setOffer({ locale: wanted, t: (key, values) => i18n._(key, values), Offer: module.default });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [current]);

  if (!offer) return null;
  const { Offer } = offer;
  return <Offer locale={offer.locale} current={current} t={offer.t} onDismiss={() => setOffer(null)} />;
}
