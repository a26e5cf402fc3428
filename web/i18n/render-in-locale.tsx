import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '../../shared/locales';
import { loadInteractiveMessages } from './catalogues';
import { createI18n, LocaleProvider } from './i18n';

/** A component's markup in a language, for tests: `await renderInLocale(<Cart />, 'hi', ['cart'])`. */
export async function renderInLocale(
  element: ReactNode,
  locale: Locale = 'en',
  areas: readonly string[] = [],
): Promise<string> {
  const i18n = createI18n(locale, await loadInteractiveMessages(locale, areas));
  return renderToString(<LocaleProvider i18n={i18n}>{element}</LocaleProvider>);
}
